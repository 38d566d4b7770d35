import { createHmac } from 'node:crypto';
import { generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { decodeToken, registerUser } from './helpers/factories.ts';
import { call, createTestApp, TEST_JWT_SECRET } from './helpers/test-app.ts';

// Security review items, each held by a test: session tokens (algorithm, signature, expiry, ended
// sessions), password hashes, and secrets kept out of the log. Security headers are in
// security-headers.test.ts, limits shared through Redis in rate-limit.test.ts.

const INVALID_SESSION = { error: 'セッションが無効です。再度ログインしてください' };

const app = await createTestApp();

const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const hmac = (algorithm: 'sha256' | 'sha512', input: string, key = TEST_JWT_SECRET) => createHmac(algorithm, key).update(input).digest('base64url');

/** Claims of a live session: every forged token below names it, so only the token itself is wrong. */
async function liveSession() {
  const user = await registerUser(app);
  const claims = decodeToken(user.token) as { sub: string; wid: number; sid: string; exp: number };
  return { user, claims };
}

async function expectRefused(token: string, label: string) {
  for (const url of ['/api/auth/me', '/api/parts']) {
    const response = await call(app, 'GET', url, { token });
    expect(response.statusCode, `${label} ${url}`).toBe(401);
    expect(response.json(), `${label} ${url}`).toEqual(INVALID_SESSION);
  }
}

describe('session tokens', () => {
  it('with another algorithm than HS256 are refused, even when signed with the app secret or a real key pair', async () => {
    const { user, claims } = await liveSession();
    const payload = { sub: claims.sub, wid: claims.wid, sid: claims.sid, exp: claims.exp };
    const unsigned = (alg: string) => `${b64({ alg, typ: 'JWT' })}.${b64(payload)}`;
    const rsa = await generateKeyPair('RS256');
    const ec = await generateKeyPair('ES256');
    const sign = (alg: string, key: Parameters<SignJWT['sign']>[0]) =>
      new SignJWT({ wid: claims.wid, sid: claims.sid }).setProtectedHeader({ alg }).setSubject(claims.sub).setExpirationTime(claims.exp).sign(key);

    const tokens: Record<string, string> = {
      'alg none, no signature': `${unsigned('none')}.`,
      'alg None, no signature': `${unsigned('None')}.`,
      'alg NONE with the real signature': `${unsigned('NONE')}.${user.token.split('.')[2]}`,
      'HS512 with the app secret': `${unsigned('HS512')}.${hmac('sha512', unsigned('HS512'))}`,
      'HS384 with the app secret': `${unsigned('HS384')}.${createHmac('sha384', TEST_JWT_SECRET).update(unsigned('HS384')).digest('base64url')}`,
      // Algorithm confusion: an RS256 header over an HMAC made with the secret as if it were a public key.
      'RS256 header, HMAC-SHA256 signature with the app secret': `${unsigned('RS256')}.${hmac('sha256', unsigned('RS256'))}`,
      'RS256 signed with a real RSA key': await sign('RS256', rsa.privateKey),
      'ES256 signed with a real EC key': await sign('ES256', ec.privateKey),
    };
    for (const [label, token] of Object.entries(tokens)) await expectRefused(token, label);
    // The genuine token still works: the refusals above are the algorithm's.
    expect((await call(app, 'GET', '/api/auth/me', { token: user.token })).statusCode).toBe(200);
  });

  it('with a wrong signature are refused: a changed payload, a changed signature, a truncated one', async () => {
    const { user, claims } = await liveSession();
    const other = await liveSession();
    const [header, payload, signature] = user.token.split('.') as [string, string, string];
    const flipped = `${signature.slice(0, -2)}${signature.at(-2) === 'A' ? 'B' : 'A'}${signature.at(-1)}`;
    const tokens: Record<string, string> = {
      // Someone else's user and workspace under this token's signature.
      'payload of another user': `${header}.${b64({ ...decodeToken(other.user.token), sid: claims.sid })}.${signature}`,
      'longer expiry': `${header}.${b64({ ...decodeToken(user.token), exp: claims.exp + 3600 * 24 * 365 })}.${signature}`,
      'changed signature': `${header}.${payload}.${flipped}`,
      'truncated signature': `${header}.${payload}.${signature.slice(0, 20)}`,
      'empty signature': `${header}.${payload}.`,
      'signature of another secret': `${header}.${payload}.${hmac('sha256', `${header}.${payload}`, `${TEST_JWT_SECRET}x`)}`,
    };
    for (const [label, token] of Object.entries(tokens)) await expectRefused(token, label);
    expect((await call(app, 'GET', '/api/auth/me', { token: user.token })).statusCode).toBe(200);
  });

  it('without an expiry are refused, and a token accepted before is refused once its exp has passed', async () => {
    const { claims } = await liveSession();
    const secret = new TextEncoder().encode(TEST_JWT_SECRET);
    const noExpiry = await new SignJWT({ wid: claims.wid, sid: claims.sid }).setProtectedHeader({ alg: 'HS256' }).setSubject(claims.sub).sign(secret);
    await expectRefused(noExpiry, 'no exp');

    // Valid for two more seconds: accepted (and remembered by the verification cache), then not.
    const shortLived = await new SignJWT({ wid: claims.wid, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setExpirationTime(Math.floor(Date.now() / 1000) + 2)
      .sign(secret);
    expect((await call(app, 'GET', '/api/auth/me', { token: shortLived })).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3000 });
    try {
      await expectRefused(shortLived, 'expired after use');
    } finally {
      vi.useRealTimers();
    }
  });

  it('of an ended session are refused at once, though the token was just accepted: logout, logout everywhere, the session expired', async () => {
    const loggedOut = await liveSession();
    expect((await call(app, 'GET', '/api/parts', { token: loggedOut.user.token })).statusCode).toBe(200);
    expect((await call(app, 'POST', '/api/auth/logout', { token: loggedOut.user.token })).statusCode).toBe(200);
    await expectRefused(loggedOut.user.token, 'after logout');

    const everywhere = await liveSession();
    const second = (await call(app, 'POST', '/api/auth/login', { body: { email: everywhere.user.email, password: everywhere.user.password } })).json().token;
    expect((await call(app, 'GET', '/api/parts', { token: second })).statusCode).toBe(200);
    expect((await call(app, 'POST', '/api/auth/logout-all', { token: everywhere.user.token })).statusCode).toBe(200);
    await expectRefused(second, 'after logout everywhere');

    // The session row's own end counts, whatever the token's exp says.
    const expired = await liveSession();
    expect((await call(app, 'GET', '/api/parts', { token: expired.user.token })).statusCode).toBe(200);
    await app.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', expired.claims.sid).execute();
    await expectRefused(expired.user.token, 'session past its expiry');
  });
});
