import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../apps/server/src/app.ts';
import { baseTestConfig } from '../apps/server/test/helpers/base-test-config.ts';
import { freePort, startTestServices } from './support/test-services.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The control endpoint of the SMTP server and the identity provider (e2e/support/test-services.ts). */
    servicesUrl: string;
    /** OIDC_ISSUER: where the browser signs in with "Google". */
    oidcIssuer: string;
    /** The address in SUPER_ADMIN_EMAILS (the console opens once it is verified). */
    superAdminEmail: string;
    /** A second address in SUPER_ADMIN_EMAILS, for a file other than the console's (xss.e2e.ts). */
    spareSuperAdminEmail: string;
    /** A third address in SUPER_ADMIN_EMAILS, for the accessibility check of 管理画面 (accessibility.e2e.ts). */
    accessibilitySuperAdminEmail: string;
  }
}

const webDist = path.resolve(import.meta.dirname, '../apps/web/dist');
const SUPER_ADMIN_EMAIL = 'e2e-super-admin@example.test';
const SPARE_SUPER_ADMIN_EMAIL = 'e2e-spare-super-admin@example.test';
const ACCESSIBILITY_SUPER_ADMIN_EMAIL = 'e2e-accessibility-super-admin@example.test';

/**
 * One real server for the end-to-end run: the built web app and the API on a fresh SQLite file,
 * sending its mails to a real SMTP server and signing in with "Google" at a real OpenID Connect
 * provider, both run here. APP_URL is the address the browser uses, so the links in the mails and
 * the provider's redirect come back to this server: its port is chosen before the app is built.
 */
export default async function setup(project: TestProject) {
  if (!existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm test does it for you).');
  }
  const port = await freePort();
  const appUrl = `http://127.0.0.1:${port}`;
  const services = await startTestServices(appUrl);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'inventory-e2e-'));
  const app = await buildApp(
    baseTestConfig(`sqlite:${path.join(dataDir, 'app.db')}`, {
      webDistDir: webDist,
      appUrl,
      smtpUrl: services.smtp.url,
      mailFrom: '在庫・製造管理 <no-reply@example.test>',
      google: { clientId: services.oidc.clientId, clientSecret: services.oidc.clientSecret },
      oidcIssuer: services.oidc.issuer,
      superAdminEmails: [SUPER_ADMIN_EMAIL, SPARE_SUPER_ADMIN_EMAIL, ACCESSIBILITY_SUPER_ADMIN_EMAIL],
    }),
  );
  await app.listen({ port, host: '127.0.0.1' });
  project.provide('baseUrl', appUrl);
  project.provide('servicesUrl', services.url);
  project.provide('oidcIssuer', services.oidc.issuer);
  project.provide('superAdminEmail', SUPER_ADMIN_EMAIL);
  project.provide('spareSuperAdminEmail', SPARE_SUPER_ADMIN_EMAIL);
  project.provide('accessibilitySuperAdminEmail', ACCESSIBILITY_SUPER_ADMIN_EMAIL);

  return async () => {
    await app.close();
    await services.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
