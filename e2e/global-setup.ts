import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../apps/server/src/app.ts';
import { baseTestConfig } from '../apps/server/test/helpers/base-test-config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');

// One real server for the end-to-end run: the built web app and the API on a fresh SQLite file.
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does it for you).');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'inventory-e2e-'));
  const app = await buildApp(baseTestConfig(`sqlite:${path.join(dataDir, 'app.db')}`, { webDistDir: webDist }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not start');
  project.provide('baseUrl', `http://127.0.0.1:${address.port}`);

  return async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
