import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The security headers of the answer to a request (the hook sets them; errors raised before any hook use this). */
    securityHeadersFor(request: FastifyRequest): Record<string, string>;
  }
}

/** CSP source list entries ('sha256-…') for each inline <script> of a page. */
export function inlineScriptHashes(html: string): string[] {
  const inline = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;
  return [...html.matchAll(inline)].map((match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);
}

/**
 * The web app's policy: its own scripts plus the inline theme script by hash; styles inline too,
 * because the toast library injects a <style> element at run time.
 */
export function pageContentSecurityPolicy(scriptHashes: readonly string[]): string {
  return [
    "default-src 'self'",
    // wasm-unsafe-eval: the scan screen's barcode reader is WebAssembly (compiling it runs no script text).
    `script-src ${["'self'", "'wasm-unsafe-eval'", ...scriptHashes].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const commonHeaders = { 'x-content-type-options': 'nosniff', 'referrer-policy': 'no-referrer', 'x-frame-options': 'DENY' };

/** The security headers of every API answer (over HTTPS, Strict-Transport-Security too). */
export const apiSecurityHeaders = { ...commonHeaders, 'cache-control': 'no-store', 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" };

/**
 * Security headers on every answer, computed once at start (the per-request work is one
 * headers() call). API answers are never cached and may not run anything; pages get the SPA's
 * policy with the hash of the inline script of the index.html actually served. Answers over
 * HTTPS also ask the browser to use nothing else: the app's public address (APP_URL) is https,
 * or the request came over HTTPS (through a trusted proxy that says so in X-Forwarded-Proto).
 */
async function securityHeaders(app: FastifyInstance) {
  const root = app.config.webDistDir;
  const hashes = root ? inlineScriptHashes(readFileSync(path.join(root, 'index.html'), 'utf8')) : [];
  const api = apiSecurityHeaders;
  const page = { ...commonHeaders, 'content-security-policy': pageContentSecurityPolicy(hashes) };
  const httpsOnly = { 'strict-transport-security': 'max-age=31536000; includeSubDomains' };
  const overHttp = { api, page };
  const overHttps = { api: { ...api, ...httpsOnly }, page: { ...page, ...httpsOnly } };
  const publicAddressIsHttps = app.config.appUrl.startsWith('https://');

  const headersFor = (request: FastifyRequest) => {
    const headers = publicAddressIsHttps || request.protocol === 'https' ? overHttps : overHttp;
    return request.url.startsWith('/api/') ? headers.api : headers.page;
  };
  app.decorate('securityHeadersFor', headersFor);

  // A callback hook, not an async one: no promise per request for a synchronous step.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headersFor(request));
    done();
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
