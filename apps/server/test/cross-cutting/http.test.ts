import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, createTestApp } from '../helpers/test-app.ts';

function fakeWebBuild() {
  const dir = mkdtempSync(path.join(tmpdir(), 'web-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(path.join(dir, 'assets', 'index-abc123.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  return dir;
}

describe('GET /api/health', () => {
  it('answers ok once the database is reachable and migrated', async () => {
    const app = await createTestApp();
    const response = await call(app, 'GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('API errors', () => {
  it('answers 404 in Japanese for an unknown API path or method', async () => {
    const app = await createTestApp();
    for (const [method, url] of [['GET', '/api/nothing-here'], ['DELETE', '/api/health'], ['POST', '/api']] as const) {
      const response = await call(app, method, url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'APIが見つかりません' });
    }
  });

  // The router answers these before any hook or handler runs; left alone, Fastify wrote its own
  // English JSON ({"error":"Bad Request","code":"FST_ERR_BAD_URL","message":…}).
  it('answers in Japanese for a path it cannot decode or a path parameter over 100 characters', async () => {
    const app = await createTestApp();
    const badUrl = await call(app, 'GET', '/api/parts/%ZZ');
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ error: 'URLの形式が正しくありません' });
    const longParameter = await call(app, 'GET', `/api/parts/${'1'.repeat(101)}`);
    expect(longParameter.statusCode).toBe(414);
    expect(longParameter.json()).toEqual({ error: 'URLが長すぎます' });
  });
});

describe('connections Node refuses before any route', () => {
  it('answer in Japanese: bytes that are not HTTP, and headers too large', async () => {
    const app = await createTestApp();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const send = (bytes: string) =>
      new Promise<string>((resolve) => {
        const socket = connect(port, '127.0.0.1');
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', () => {});
        socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.write(bytes);
      });
    const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

    const notHttp = await send('HELLO THERE\r\n\r\n');
    expect(notHttp).toMatch(/^HTTP\/1\.1 400 /);
    expect(bodyOf(notHttp)).toEqual({ error: 'リクエストの形式が正しくありません' });
    const bigHeaders = await send(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`);
    expect(bigHeaders).toMatch(/^HTTP\/1\.1 431 /);
    expect(bigHeaders).toContain('\r\nx-content-type-options: nosniff\r\n');
    expect(bodyOf(bigHeaders)).toEqual({ error: 'リクエストヘッダーが大きすぎます' });
  });
});

describe('OpenAPI document', () => {
  it('is generated from the route schemas and served at /api/docs', async () => {
    const app = await createTestApp();
    const json = await call(app, 'GET', '/api/docs/json');
    expect(json.statusCode).toBe(200);
    const document = json.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/auth/register', '/api/auth/login', '/api/auth/me', '/api/workspace/switch/{id}', '/api/health']),
    );
    expect(document.paths['/api/auth/register'].post.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'email', 'password']),
    );
    const page = await call(app, 'GET', '/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('web app', () => {
  it('serves index.html for client routes, uncached, and hashed assets with a long cache', async () => {
    const app = await createTestApp({ webDistDir: fakeWebBuild() });
    for (const url of ['/', '/parts', '/orders?status=ordered', '/some/deep/route']) {
      const page = await call(app, 'GET', url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.body).toContain('<div id="root">');
    }
    const asset = await call(app, 'GET', '/assets/index-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('gzip');

    // API paths never fall back to the page.
    const api = await call(app, 'GET', '/api/unknown');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toEqual({ error: 'APIが見つかりません' });
  });

  it('compresses JSON responses when the client accepts it', async () => {
    const app = await createTestApp();
    const response = await call(app, 'GET', '/api/docs/json', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(['br', 'gzip']).toContain(response.headers['content-encoding']);
  });
});
