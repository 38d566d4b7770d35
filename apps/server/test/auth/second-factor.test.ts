import type { AuthResponse } from '@inventory/contracts/auth';
import { generate } from 'otplib';
import { afterAll, describe, expect, it } from 'vitest';
import { type RegisteredUser, registerUser } from '../factories/users.ts';
import { startSmtpTestServer } from '../helpers/smtp-test-server.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

// The second factor: TOTP set up and turned on in アカウント設定, asked at sign-in, recovery
// codes, each code used once, wrong codes counted as failed logins. Codes are computed here from
// the secret the API hands out, as an authenticator app computes them.

const smtp = await startSmtpTestServer();
afterAll(() => smtp.close());
const app = await createTestApp({ smtpUrl: smtp.url });

const WRONG_CODE = { error: '確認コードが正しくありません' };

/** The code of the secret at a time (seconds from now: ±30 is the step before or after). */
const codeAt = (secret: string, offsetSeconds = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

const login = (email: string, password: string, remoteAddress?: string) =>
  call(app, 'POST', '/api/auth/login', { body: { email, password }, ...(remoteAddress ? { remoteAddress } : {}) });
const secondStep = (mfaToken: string, code: string, remoteAddress?: string) =>
  call(app, 'POST', '/api/auth/login/totp', { body: { mfa_token: mfaToken, code }, ...(remoteAddress ? { remoteAddress } : {}) });

async function setUp(user: RegisteredUser) {
  const response = await call(app, 'POST', '/api/auth/totp/setup', { token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { secret: string; otpauth_url: string };
}

/** Sets up and turns on TOTP; answers the secret and the recovery codes. */
async function turnOn(user: RegisteredUser) {
  const { secret } = await setUp(user);
  const response = await call(app, 'POST', '/api/auth/totp/enable', { token: user.token, body: { code: await codeAt(secret) } });
  expect(response.statusCode, response.body).toBe(200);
  return { secret, recoveryCodes: (response.json() as { recovery_codes: string[] }).recovery_codes };
}

const account = async (token: string) => (await call(app, 'GET', '/api/auth/account', { token })).json();

describe('turning TOTP on', { timeout: 30_000 }, () => {
  it('hands out a secret and an otpauth URL (SHA-1, 6 digits, 30 s), and turns on after one valid code', async () => {
    const user = await registerUser(app);
    const { secret, otpauth_url } = await setUp(user);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe('otpauth:');
    expect(url.host).toBe('totp');
    expect(decodeURIComponent(url.pathname)).toBe(`/在庫・製造管理:${user.email}`);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('在庫・製造管理');
    expect(url.searchParams.get('algorithm') ?? 'SHA1').toBe('SHA1');
    expect(url.searchParams.get('digits') ?? '6').toBe('6');
    expect(url.searchParams.get('period') ?? '30').toBe('30');
    expect(await account(user.token)).toMatchObject({ totp_enabled: false, has_password: true });

    const wrong = await call(app, 'POST', '/api/auth/totp/enable', { token: user.token, body: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual(WRONG_CODE);

    const response = await call(app, 'POST', '/api/auth/totp/enable', { token: user.token, body: { code: await codeAt(secret) } });
    expect(response.statusCode).toBe(200);
    const codes = response.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(await account(user.token)).toMatchObject({ totp_enabled: true, recovery_codes_remaining: 10 });
    // Only hashes are stored.
    const stored = await app.db.selectFrom('recovery_codes').select('code_hash').where('user_id', '=', user.user.id).execute();
    expect(stored.map((row) => row.code_hash)).not.toContain(codes[0]);

    await app.mailer.whenIdle();
    expect(smtp.mailsTo(user.email).map((mail) => mail.subject)).toContain('【在庫・製造管理】二段階認証が有効になりました');
  });

  it('refuses enable without a setup, a second setup while on, and malformed codes (400 in Japanese)', async () => {
    const user = await registerUser(app);
    const early = await call(app, 'POST', '/api/auth/totp/enable', { token: user.token, body: { code: '123456' } });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ error: '先に認証アプリの設定を始めてください' });
    await turnOn(user);
    const again = await call(app, 'POST', '/api/auth/totp/setup', { token: user.token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: '二段階認証は既に有効です' });

    const other = await registerUser(app);
    await setUp(other);
    for (const [body, message] of [
      [{}, '確認コードは必須です'],
      [{ code: '' }, '確認コードは必須です'],
      [{ code: '12345' }, '確認コードは6桁の数字で入力してください'],
      [{ code: 'abcdef' }, '確認コードは6桁の数字で入力してください'],
      [{ code: 123456 }, '確認コードは必須です'],
    ] as const) {
      const response = await call(app, 'POST', '/api/auth/totp/enable', { token: other.token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });
});

describe('signing in with TOTP on', { timeout: 30_000 }, () => {
  it('the password answers mfa_required and an mfa_token (no session); a code of the app finishes the sign-in', async () => {
    const user = await registerUser(app);
    const { secret } = await turnOn(user);
    const first = await login(user.email, user.password);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toEqual({ mfa_required: true, mfa_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    expect(body.token).toBeUndefined();

    // The step before and after (a phone's clock a little off) are accepted too.
    const response = await secondStep(body.mfa_token, await codeAt(secret, 30));
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json() as AuthResponse;
    expect(session.user.id).toBe(user.user.id);
    expect((await call(app, 'GET', '/api/auth/me', { token: session.token })).statusCode).toBe(200);
    // The mfa_token is used up.
    const reused = await secondStep(body.mfa_token, await codeAt(secret, 60));
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({ error: 'ログインの手続きの有効期限が切れました。もう一度ログインしてください' });
  });

  it('accepts each code once, and not a code older than the last one accepted', async () => {
    const user = await registerUser(app);
    const { secret } = await turnOn(user);
    const current = await codeAt(secret);
    // The code that turned TOTP on was this step's: it cannot sign in again.
    const { mfa_token } = (await login(user.email, user.password)).json();
    expect((await secondStep(mfa_token, current)).json()).toEqual(WRONG_CODE);
    expect((await secondStep(mfa_token, await codeAt(secret, -30))).json()).toEqual(WRONG_CODE);
    expect((await secondStep(mfa_token, await codeAt(secret, 30))).statusCode).toBe(200);
  });

  it('two requests with one code at the same moment: one signs in', async () => {
    const user = await registerUser(app);
    const { secret } = await turnOn(user);
    const tokens = await Promise.all([login(user.email, user.password), login(user.email, user.password)]);
    const code = await codeAt(secret, 30);
    const answers = await Promise.all(tokens.map((t) => secondStep(t.json().mfa_token, code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 401]);
  });

  it('a recovery code signs in once; spaces and capitals do not matter', async () => {
    const user = await registerUser(app);
    const { recoveryCodes } = await turnOn(user);
    const code = recoveryCodes[3]!;
    const first = await secondStep((await login(user.email, user.password)).json().mfa_token, ` ${code.toUpperCase()} `);
    expect(first.statusCode).toBe(200);
    const second = await secondStep((await login(user.email, user.password)).json().mfa_token, code);
    expect(second.json()).toEqual(WRONG_CODE);
    expect(await account(first.json().token)).toMatchObject({ recovery_codes_remaining: 9 });
  });

  it('wrong codes count as failed logins: the 11th try from one address answers 429, another address still signs in', async () => {
    const user = await registerUser(app);
    const { secret } = await turnOn(user);
    const { mfa_token } = (await login(user.email, user.password, '10.2.0.1')).json();
    for (let i = 0; i < 10; i++) {
      const response = await secondStep(mfa_token, '000000', '10.2.0.1');
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(WRONG_CODE);
    }
    const locked = await secondStep(mfa_token, await codeAt(secret, 30), '10.2.0.1');
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = (await login(user.email, user.password, '10.2.0.2')).json();
    expect((await secondStep(elsewhere.mfa_token, await codeAt(secret, 30), '10.2.0.2')).statusCode).toBe(200);
  });

  it('an expired or unknown mfa_token answers 400', async () => {
    const user = await registerUser(app);
    const { secret } = await turnOn(user);
    const { mfa_token } = (await login(user.email, user.password)).json();
    await app.db.updateTable('mfa_challenges').set({ expires_at: new Date(Date.now() - 1).toISOString() }).where('user_id', '=', user.user.id).execute();
    expect((await secondStep(mfa_token, await codeAt(secret, 30))).statusCode).toBe(400);
    expect((await secondStep('unknown', '123456')).statusCode).toBe(400);
    for (const body of [{}, { mfa_token: 'x' }, { code: '123456' }, { mfa_token: 'x'.repeat(201), code: '1' }, { mfa_token: 'x', code: 'x'.repeat(41) }]) {
      const response = await call(app, 'POST', '/api/auth/login/totp', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
  });

  it('a reset by mail does not pass the second factor: it answers the second step', async () => {
    const user = await registerUser(app);
    await app.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', user.user.id).execute();
    const { secret } = await turnOn(user);
    expect((await call(app, 'POST', '/api/auth/forgot-password', { body: { email: user.email } })).statusCode).toBe(202);
    await app.mailer.whenIdle();
    const mail = smtp.mailsTo(user.email).find((m) => m.subject === '【在庫・製造管理】パスワードの再設定')!;
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const reset = await call(app, 'POST', '/api/auth/reset-password', { body: { token, password: 'reset-with-totp' } });
    expect(reset.json()).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    expect((await secondStep(reset.json().mfa_token, await codeAt(secret, 30))).statusCode).toBe(200);
  });
});

describe('turning TOTP off', { timeout: 30_000 }, () => {
  it('needs the password (a wrong one counts as a failed login), then signs in with the password alone and mails a notice', async () => {
    const user = await registerUser(app);
    await turnOn(user);
    const wrong = await call(app, 'POST', '/api/auth/totp/disable', { token: user.token, body: { password: 'not-my-password' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: '現在のパスワードが正しくありません' });
    const codeOnly = await call(app, 'POST', '/api/auth/totp/disable', { token: user.token, body: { code: '123456' } });
    expect(codeOnly.json()).toEqual({ error: 'パスワードを入力してください' });
    const response = await call(app, 'POST', '/api/auth/totp/disable', { token: user.token, body: { password: user.password } });
    expect(response.statusCode).toBe(200);
    expect(await account(user.token)).toMatchObject({ totp_enabled: false, recovery_codes_remaining: 0 });
    expect((await login(user.email, user.password)).json().token).toEqual(expect.any(String));
    await app.mailer.whenIdle();
    expect(smtp.mailsTo(user.email).map((mail) => mail.subject)).toContain('【在庫・製造管理】二段階認証が無効になりました');
    const again = await call(app, 'POST', '/api/auth/totp/disable', { token: user.token, body: { password: user.password } });
    expect(again.json()).toEqual({ error: '二段階認証は有効になっていません' });
  });

  it('an account without a password (Google) turns it off with a code', async () => {
    const user = await registerUser(app);
    const { secret } = await turnOn(user);
    await app.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.user.id).execute();
    const noCode = await call(app, 'POST', '/api/auth/totp/disable', { token: user.token, body: { password: 'anything' } });
    expect(noCode.json()).toEqual({ error: '確認コードを入力してください' });
    expect((await call(app, 'POST', '/api/auth/totp/disable', { token: user.token, body: { code: '000000' } })).json()).toEqual(WRONG_CODE);
    const response = await call(app, 'POST', '/api/auth/totp/disable', { token: user.token, body: { code: await codeAt(secret, 30) } });
    expect(response.statusCode).toBe(200);
    expect(await account(user.token)).toMatchObject({ totp_enabled: false, has_password: false });
  });

  it('answers 400 for an empty body and 401 without a session', async () => {
    const user = await registerUser(app);
    const empty = await call(app, 'POST', '/api/auth/totp/disable', { token: user.token, body: {} });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('パスワードまたは確認コードを入力してください');
    expect((await call(app, 'POST', '/api/auth/totp/disable', { body: { password: 'x' } })).statusCode).toBe(401);
    expect((await call(app, 'POST', '/api/auth/totp/setup')).statusCode).toBe(401);
  });
});
