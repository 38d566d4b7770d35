import { createHmac, randomUUID } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { decodeToken, registerUser } from '../factories/users.ts';
import { type LocalOidcAccount, startLocalOidcProvider } from '../helpers/local-oidc-provider.ts';
import { createLoggedTestApp, type LogLine } from '../helpers/logged-test-app.ts';
import { SMTP_PASSWORD, startSmtpTestServer, verificationLinkIn } from '../helpers/smtp-test-server.ts';
import { call, createTestApp, TEST_JWT_SECRET } from '../helpers/test-app.ts';

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

describe('password hashes', () => {
  // OWASP's minimum for argon2id: 19 MiB of memory, 2 passes, 1 lane; a 16-byte salt and a 32-byte hash.
  const ARGON2ID = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

  async function storedHash(userId: number) {
    const row = await app.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
    return row.password_hash!;
  }

  function expectArgon2id(hash: string) {
    const match = ARGON2ID.exec(hash);
    expect(match, hash).not.toBeNull();
    const [, memory, passes, lanes, salt, digest] = match!;
    expect(Number(memory)).toBeGreaterThanOrEqual(19_456);
    expect(Number(passes)).toBeGreaterThanOrEqual(2);
    expect(Number(lanes)).toBeGreaterThanOrEqual(1);
    expect(Buffer.from(salt!, 'base64').length).toBeGreaterThanOrEqual(16);
    expect(Buffer.from(digest!, 'base64').length).toBeGreaterThanOrEqual(32);
  }

  it('are argon2id with sensible parameters and a salt of their own, at sign-up and after a change of password', async () => {
    const password = `同じパスワード-${randomUUID()}`;
    const first = await registerUser(app, { password });
    const second = await registerUser(app, { password });
    const [firstHash, secondHash] = [await storedHash(first.user.id), await storedHash(second.user.id)];
    expectArgon2id(firstHash);
    expectArgon2id(secondHash);
    expect(firstHash).not.toBe(secondHash);

    const newPassword = `新しいパスワード-${randomUUID()}`;
    const changed = await call(app, 'POST', '/api/auth/change-password', {
      token: first.token,
      body: { current_password: password, new_password: newPassword },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expectArgon2id(await storedHash(first.user.id));

    // Neither password is stored in any column of the user.
    const row = await app.db.selectFrom('users').selectAll().where('id', '=', first.user.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(password);
    expect(JSON.stringify(row)).not.toContain(newPassword);
  });
});

describe('the log', () => {
  const webDist = mkdtempSync(path.join(os.tmpdir(), 'inventory-log-secrets-'));
  copyFileSync(path.resolve(import.meta.dirname, '../../../web/index.html'), path.join(webDist, 'index.html'));
  afterAll(() => rmSync(webDist, { recursive: true, force: true }));

  const APP_URL = 'http://localhost:3000';
  const JWT_SECRET = `jwt-secret-${randomUUID()}-${randomUUID()}`;

  /** Every line of the log that contains one of the secrets, with the secret's name. */
  function leaks(lines: LogLine[], secrets: Record<string, string>) {
    const text = lines.map((line) => JSON.stringify(line));
    return Object.entries(secrets).flatMap(([name, secret]) =>
      text.filter((line) => line.includes(secret) || line.includes(encodeURIComponent(secret))).map((line) => `${name}: ${line}`),
    );
  }

  it('never holds a password, a session token, a verification token, a Google code or state, JWT_SECRET, the SMTP password or the client secret', async () => {
    const smtp = await startSmtpTestServer();
    afterAll(() => smtp.close());
    const provider = await startLocalOidcProvider({ redirectUris: [`${APP_URL}/auth/google/callback`] });
    afterAll(() => provider.close());
    const { app: logged, lines } = await createLoggedTestApp({
      jwtSecret: JWT_SECRET,
      smtpUrl: smtp.url,
      appUrl: APP_URL,
      webDistDir: webDist,
      google: { clientId: provider.clientId, clientSecret: provider.clientSecret },
      oidcIssuer: provider.issuer,
    });

    const password = `パスワード-${randomUUID()}`;
    const newPassword = `新パスワード-${randomUUID()}`;
    const user = await registerUser(logged, { password });
    await logged.mailer.whenIdle();
    const { token: verificationToken } = verificationLinkIn(smtp.mailsTo(user.email)[0]!.text, APP_URL);
    // The browser opens the link from the mail (the web app's page), which then posts the token.
    expect((await call(logged, 'GET', `/verify-email?token=${verificationToken}`)).statusCode).toBe(200);
    expect((await call(logged, 'POST', '/api/auth/verify-email', { body: { token: verificationToken } })).statusCode).toBe(200);
    expect((await call(logged, 'POST', '/api/auth/login', { body: { email: user.email, password: `${password}x` } })).statusCode).toBe(401);
    const login = await call(logged, 'POST', '/api/auth/login', { body: { email: user.email, password } });
    expect(login.statusCode).toBe(200);
    const changed = await call(logged, 'POST', '/api/auth/change-password', {
      token: login.json().token,
      body: { current_password: password, new_password: newPassword },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const wrongCurrent = await call(logged, 'POST', '/api/auth/change-password', {
      token: login.json().token,
      body: { current_password: password, new_password: `${newPassword}2` },
    });
    expect(wrongCurrent.statusCode).toBe(400);

    // Google: the provider sends the browser back to the web app's page with code and state.
    const account: LocalOidcAccount = { sub: `google-${randomUUID()}`, email: `g-${randomUUID().slice(0, 8)}@example.test`, email_verified: true, name: 'グーグル' };
    provider.setAccount(account);
    const { url } = (await call(logged, 'GET', '/api/auth/google/url')).json() as { url: string };
    const back = await provider.signIn(url, account.sub);
    const code = back.searchParams.get('code')!;
    const state = back.searchParams.get('state')!;
    expect((await call(logged, 'GET', `/auth/google/callback${back.search}`)).statusCode).toBe(200);
    const google = await call(logged, 'POST', '/api/auth/google/callback', { body: { code, state } });
    expect(google.statusCode, google.body).toBe(200);
    // A used code fails at the provider, and the failure is logged with its details.
    const again = await call(logged, 'POST', '/api/auth/google/callback', { body: { code, state } });
    expect(again.statusCode).toBe(400);

    await logged.mailer.whenIdle();
    expect(lines.length).toBeGreaterThan(10);
    expect(
      leaks(lines, {
        password,
        newPassword,
        'session token': user.token,
        'login token': login.json().token,
        'Google session token': google.json().token,
        'verification token': verificationToken,
        'Google code': code,
        'Google state': state,
        JWT_SECRET,
        'SMTP password': SMTP_PASSWORD,
        'client secret': provider.clientSecret,
      }),
    ).toEqual([]);
  });

  it('never holds the SMTP password or the client secret when the mail server or the provider refuses them', async () => {
    const smtp = await startSmtpTestServer();
    afterAll(() => smtp.close());
    const provider = await startLocalOidcProvider({ redirectUris: [`${APP_URL}/auth/google/callback`] });
    afterAll(() => provider.close());
    const wrongSmtpPassword = `wrong-smtp-${randomUUID()}`;
    const wrongClientSecret = `wrong-client-${randomUUID()}`;
    const { app: logged, lines } = await createLoggedTestApp({
      smtpUrl: smtp.url.replace(SMTP_PASSWORD, wrongSmtpPassword),
      appUrl: APP_URL,
      google: { clientId: provider.clientId, clientSecret: wrongClientSecret },
      oidcIssuer: provider.issuer,
    });

    await registerUser(logged);
    await logged.mailer.whenIdle();

    const account: LocalOidcAccount = { sub: `google-${randomUUID()}`, email: `g-${randomUUID().slice(0, 8)}@example.test`, email_verified: true };
    provider.setAccount(account);
    const { url } = (await call(logged, 'GET', '/api/auth/google/url')).json() as { url: string };
    const back = await provider.signIn(url, account.sub);
    const refused = await call(logged, 'POST', '/api/auth/google/callback', {
      body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    expect(refused.statusCode).toBe(400);
    // Both failures are in the log with their details, which is where a secret could hide.
    expect(lines.find((line) => line.msg === 'mail could not be sent')?.err).toBeDefined();
    expect(lines.find((line) => line.msg === 'OpenID Connect sign-in refused')?.err).toBeDefined();

    const plainAuth = (secret: string) => Buffer.from(`\0mailer\0${secret}`).toString('base64');
    expect(
      leaks(lines, {
        'SMTP password': wrongSmtpPassword,
        'SMTP AUTH PLAIN': plainAuth(wrongSmtpPassword),
        'SMTP AUTH LOGIN': Buffer.from(wrongSmtpPassword).toString('base64'),
        'client secret': wrongClientSecret,
        'client secret (basic auth)': Buffer.from(`${provider.clientId}:${wrongClientSecret}`).toString('base64'),
      }),
    ).toEqual([]);
  });
});
