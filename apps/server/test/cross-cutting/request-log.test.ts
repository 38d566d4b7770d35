import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggedUrl, loggingOptions } from '../../src/plugins/request-log.ts';

// The production logging setup: one line per request (not Fastify's two), errors with their error.
function appWithCapturedLog() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(...String(chunk).trim().split('\n').map((line) => JSON.parse(line)));
      callback();
    },
  });
  const options = loggingOptions('info');
  const app = Fastify({ ...options, logger: { ...(options.logger as object), stream } });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => {
    throw new Error('boom');
  });
  return { app, lines };
}

describe('request logging', () => {
  it('writes one line per request with method, url, status, time and client address', async () => {
    const { app, lines } = appWithCapturedLog();
    await app.inject({ url: '/ok?x=1', remoteAddress: '10.9.8.7' });
    const requestLines = lines.filter((line) => line.reqId !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ msg: 'request completed', method: 'GET', url: '/ok?x=1', statusCode: 200, ip: '10.9.8.7' });
    expect(typeof requestLines[0]!.responseTime).toBe('number');
    await app.close();
  });

  it('logs a failed request with its status', async () => {
    const { app, lines } = appWithCapturedLog();
    await app.inject({ url: '/fails' });
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toEqual([expect.objectContaining({ url: '/fails', statusCode: 500 })]);
    expect(lines.some((line) => (line.err as { message?: string } | undefined)?.message === 'boom')).toBe(true);
    await app.close();
  });

  it('leaves out the values of query parameters that carry secrets, and keeps the others', async () => {
    const { app, lines } = appWithCapturedLog();
    await app.inject({ url: '/ok?token=verify-secret&x=1' });
    expect(lines.find((line) => line.msg === 'request completed')).toMatchObject({ url: '/ok?token=[redacted]&x=1' });
    await app.close();

    expect(loggedUrl('/auth/google/callback?code=c0de&state=st4te&iss=https%3A%2F%2Faccounts.google.com')).toBe(
      '/auth/google/callback?code=[redacted]&state=[redacted]&iss=https%3A%2F%2Faccounts.google.com',
    );
    expect(loggedUrl('/x?Token=a&id_token=b&access_token=c&password=d&secret=e#f')).toBe(
      '/x?Token=[redacted]&id_token=[redacted]&access_token=[redacted]&password=[redacted]&secret=[redacted]#f',
    );
    // Names that merely contain a secret word, and plain API queries, stay as they are.
    expect(loggedUrl('/api/sales?start_date=2026-11-01&product_id=7&tokens=1&barcode=9')).toBe(
      '/api/sales?start_date=2026-11-01&product_id=7&tokens=1&barcode=9',
    );
    expect(loggedUrl('/api/parts')).toBe('/api/parts');
  });

  it('logs nothing when silent', () => {
    expect(loggingOptions('silent')).toEqual({ logger: false });
  });
});
