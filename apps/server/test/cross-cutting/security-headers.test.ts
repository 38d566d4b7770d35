import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfigFromEnv } from '../../src/config.ts';
import { baseTestConfig } from '../helpers/base-test-config.ts';
import { storeInviteCode, registerUser } from '../factories/users.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const webIndexHtml = path.resolve(import.meta.dirname, '../../../web/index.html');
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
    expect(policy).toContain(`script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}'`);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['cache-control']).toBe('no-cache');
  });
});

describe('Strict-Transport-Security', () => {
  const HSTS = 'max-age=31536000; includeSubDomains';
  const PROXY = '10.0.0.5';

  it('is sent when the request came over HTTPS through a trusted proxy, and not for plain HTTP or a forwarded header nobody trusts', async () => {
    const app = await createTestApp({ trustProxy: ['10.0.0.0/8'] });
    const overHttps = { remoteAddress: PROXY, headers: { 'x-forwarded-proto': 'https' } };
    for (const url of ['/api/health', '/api/nothing-here', '/parts']) {
      expect((await call(app, 'GET', url, overHttps)).headers['strict-transport-security'], url).toBe(HSTS);
      expect((await call(app, 'GET', url, { remoteAddress: PROXY })).headers['strict-transport-security'], url).toBeUndefined();
      const direct = await call(app, 'GET', url, { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-proto': 'https' } });
      expect(direct.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('is sent on every answer when the public address (APP_URL) is https', async () => {
    const app = await createTestApp({ appUrl: 'https://stock.example.com' });
    expect((await call(app, 'GET', '/api/health')).headers['strict-transport-security']).toBe(HSTS);
  });
});

describe('security headers on every kind of answer', () => {
  const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

  /** What every answer carries, and the policy of its kind. */
  function expectHeaders(response: LightMyRequestResponse, label: string, kind: 'api' | 'page' | 'docs') {
    expect(response.headers['x-content-type-options'], label).toBe('nosniff');
    expect(response.headers['x-frame-options'], label).toBe('DENY');
    expect(response.headers['referrer-policy'], label).toBe('no-referrer');
    const policy = String(response.headers['content-security-policy']);
    expect(policy, label).toContain("frame-ancestors 'none'");
    if (kind === 'api') {
      expect(policy, label).toBe(API_POLICY);
      expect(response.headers['cache-control'], label).toBe('no-store');
    }
    if (kind === 'page') expectPagePolicy(policy, label);
    if (kind === 'docs') {
      expect(policy, label).toMatch(/(^|;)\s*script-src 'self'\s*;/);
      expect(policy.match(/frame-ancestors/g), label).toHaveLength(1);
    }
  }

  /** A policy an SPA can live with that still refuses what an injected script would need. */
  function expectPagePolicy(policy: string, label: string) {
    const directives = new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...values]) => [name!, values]));
    expect(directives.get('default-src'), label).toEqual(["'self'"]);
    expect(directives.get('script-src')?.slice(0, 2), label).toEqual(["'self'", "'wasm-unsafe-eval'"]);
    expect(directives.get('script-src')?.slice(2).every((source) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(source)), label).toBe(true);
    expect(directives.get('connect-src'), label).toEqual(["'self'"]);
    expect(directives.get('object-src'), label).toEqual(["'none'"]);
    expect(directives.get('base-uri'), label).toEqual(["'self'"]);
    expect(directives.get('form-action'), label).toEqual(["'self'"]);
    expect(directives.get('frame-ancestors'), label).toEqual(["'none'"]);
    expect(policy, label).not.toMatch(/'unsafe-eval'/);
    expect(policy, label).not.toMatch(/(^|;)\s*(default|script)-src[^;]*('unsafe-inline'|\*|https?:|data:)/);
  }

  it('API answers, every error status, the web app, its files, pages that do not exist, and the API docs', async () => {
    const dist = tempDir();
    copyFileSync(webIndexHtml, path.join(dist, 'index.html'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)\n');
    const app = await createTestApp({ webDistDir: dist });
    app.get('/api/test-failure', async () => {
      throw new Error('boom');
    });
    const admin = await registerUser(app);
    const member = await registerUser(app, { invitation_code: await storeInviteCode(app, admin.user.current_workspace.id) });
    const asset = await call(app, 'GET', '/assets/index-abc123.js');

    const answers: Array<[string, InjectOptions, number, 'api' | 'page' | 'docs']> = [
      ['API JSON', { method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${admin.token}` } }, 200, 'api'],
      ['created', { method: 'POST', url: '/api/tags', headers: { authorization: `Bearer ${admin.token}` }, payload: { name: 'タグ' } }, 201, 'api'],
      ['CSV download', { method: 'GET', url: '/api/parts/export/csv', headers: { authorization: `Bearer ${admin.token}` } }, 200, 'api'],
      ['invalid input', { method: 'POST', url: '/api/auth/login', payload: { email: 'x' } }, 400, 'api'],
      ['malformed JSON', { method: 'POST', url: '/api/auth/register', payload: '{', headers: { 'content-type': 'application/json' } }, 400, 'api'],
      ['id that is not a number', { method: 'GET', url: '/api/parts/abc', headers: { authorization: `Bearer ${admin.token}` } }, 400, 'api'],
      ['undecodable path', { method: 'GET', url: '/api/parts/%zz', headers: { authorization: `Bearer ${admin.token}` } }, 400, 'api'],
      ['path parameter too long', { method: 'GET', url: `/api/parts/${'9'.repeat(200)}`, headers: { authorization: `Bearer ${admin.token}` } }, 414, 'api'],
      ['no session', { method: 'GET', url: '/api/parts' }, 401, 'api'],
      ['not an admin', { method: 'GET', url: '/api/auth/users', headers: { authorization: `Bearer ${member.token}` } }, 403, 'api'],
      ['unknown id', { method: 'GET', url: '/api/parts/999999', headers: { authorization: `Bearer ${admin.token}` } }, 404, 'api'],
      ['unknown API route', { method: 'DELETE', url: '/api/nothing-here' }, 404, 'api'],
      ['conflict', { method: 'POST', url: '/api/tags', headers: { authorization: `Bearer ${admin.token}` }, payload: { name: 'タグ' } }, 409, 'api'],
      ['body too large', { method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.test', password: 'x'.repeat(1_100_000) } }, 413, 'api'],
      ['unknown content type', { method: 'POST', url: '/api/auth/register', payload: '<x/>', headers: { 'content-type': 'application/xml' } }, 415, 'api'],
      ['server error', { method: 'GET', url: '/api/test-failure' }, 500, 'api'],
      ['the web app', { method: 'GET', url: '/' }, 200, 'page'],
      ['a client-side route', { method: 'GET', url: '/parts?tab=1' }, 200, 'page'],
      ['HEAD of a page', { method: 'HEAD', url: '/orders' }, 200, 'page'],
      ['a hashed asset', { method: 'GET', url: '/assets/index-abc123.js' }, 200, 'page'],
      ['an asset not modified', { method: 'GET', url: '/assets/index-abc123.js', headers: { 'if-none-match': String(asset.headers.etag) } }, 304, 'page'],
      ['a page path that cannot be decoded', { method: 'GET', url: '/%zz' }, 400, 'page'],
      ['POST to a page path', { method: 'POST', url: '/parts' }, 404, 'page'],
      ['the API docs', { method: 'GET', url: '/api/docs' }, 200, 'docs'],
    ];
    for (const [label, request, status, kind] of answers) {
      const response = await app.inject(request);
      expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(status);
      expectHeaders(response, label, kind);
      if (kind === 'api' && status >= 400) expect(Object.keys(response.json()), label).toContain('error');
    }

    const limited = await createTestApp({ authRateLimitPerMinute: 1 });
    const login = { method: 'POST', url: '/api/auth/login', payload: { email: 'a@example.test', password: 'x' } } as const;
    expect((await limited.inject(login)).statusCode).toBe(401);
    const throttled = await limited.inject(login);
    expect(throttled.statusCode).toBe(429);
    expectHeaders(throttled, 'throttled', 'api');
  });

  it("the page policy allows exactly the inline scripts of the served index.html, by hash", async () => {
    const dist = tempDir();
    const html = '<!doctype html><html><head><script>window.a=1</script><script type="module" src="/assets/x.js"></script><script>\nwindow.b=2\n</script></head></html>';
    writeFileSync(path.join(dist, 'index.html'), html);
    const app = await createTestApp({ webDistDir: dist });
    const policy = String((await call(app, 'GET', '/')).headers['content-security-policy']);
    const hash = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(policy).toContain(`script-src 'self' 'wasm-unsafe-eval' ${hash('window.a=1')} ${hash('\nwindow.b=2\n')};`);
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
