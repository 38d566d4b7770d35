import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfigFromEnv } from '../src/config.ts';
import { baseTestConfig } from './helpers/base-test-config.ts';
import { registerUser } from './helpers/factories.ts';
import { call, createTestApp } from './helpers/test-app.ts';

const webIndexHtml = path.resolve(import.meta.dirname, '../../web/index.html');
const tempDirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inventory-security-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => tempDirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('security headers', () => {
  it('API answers are not cached, not sniffed, not framed and not referred, errors included', async () => {
    const app = await createTestApp();
    for (const [url, status] of [['/api/health', 200], ['/api/parts', 401], ['/api/nothing-here', 404]] as const) {
      const response = await call(app, 'GET', url);
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
    }
  });

  it("pages carry a policy that allows the web app's inline theme script by its hash, and nothing else inline", async () => {
    const dist = tempDir();
    copyFileSync(webIndexHtml, path.join(dist, 'index.html'));
    const app = await createTestApp({ webDistDir: dist });
    const page = await call(app, 'GET', '/parts');
    expect(page.statusCode).toBe(200);

    const inlineScript = /<script>([\s\S]*?)<\/script>/.exec(page.body)?.[1];
    expect(inlineScript).toContain("localStorage.getItem('theme')");
    const hash = createHash('sha256').update(inlineScript!).digest('base64');
    const policy = page.headers['content-security-policy'] as string;
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe.skipIf(process.env.TEST_DATABASE === 'postgres')('private data files', () => {
  const modeOf = (file: string) => statSync(file).mode & 0o777;

  it('creates the SQLite folder 0700 and the database, WAL and SHM files 0600', async () => {
    const folder = path.join(tempDir(), 'nested', 'data');
    const file = path.join(folder, 'app.db');
    const app = await buildApp(baseTestConfig(`sqlite:${file}`));
    try {
      await registerUser(app);
      expect(modeOf(folder)).toBe(0o700);
      for (const name of [file, `${file}-wal`, `${file}-shm`]) {
        expect(existsSync(name), name).toBe(true);
        expect(modeOf(name), name).toBe(0o600);
      }
    } finally {
      await app.close();
    }
  });

  it('makes an existing world-readable database file private again', async () => {
    const folder = tempDir();
    const file = path.join(folder, 'app.db');
    const first = await buildApp(baseTestConfig(`sqlite:${file}`));
    await first.close();
    chmodSync(file, 0o644);
    const second = await buildApp(baseTestConfig(`sqlite:${file}`));
    await second.close();
    expect(modeOf(file)).toBe(0o600);
  });

  it('keeps the generated JWT secret 0600 in a 0700 folder', () => {
    const folder = path.join(tempDir(), 'secret-home');
    loadConfigFromEnv({ DATABASE_URL: `sqlite:${path.join(folder, 'app.db')}` });
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(path.join(folder, 'jwt-secret'))).toBe(0o600);
  });
});
