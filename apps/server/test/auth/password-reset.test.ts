import { randomUUID } from 'node:crypto';
import type { AuthResponse } from '@inventory/contracts/auth';
import { afterAll, describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail } from '../factories/users.ts';
import { startSmtpTestServer } from '../helpers/smtp-test-server.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

// A forgotten password, through the real SMTP catcher: the mail, the link, the single use, the
// hour, the sessions it ends, and the same answer for addresses with and without an account.

const APP_URL = 'https://stock.example.test';
const smtp = await startSmtpTestServer();
afterAll(() => smtp.close());
const app = await createTestApp({ appUrl: APP_URL, smtpUrl: smtp.url, mailFrom: '在庫・製造管理 <stock@example.test>' });

const REQUESTED = {
  message: 'パスワード再設定のご案内を受け付けました。登録されているメールアドレスであれば、再設定用のリンクをお送りしました。メールをご確認ください',
};
const INVALID = { error: '再設定リンクが無効か期限切れです。もう一度パスワードの再設定をお申し込みください' };
const SESSION_ENDED = { error: 'セッションが無効です。再度ログインしてください' };
const RESET_SUBJECT = '【在庫・製造管理】パスワードの再設定';

const forgot = (email: string, remoteAddress?: string) =>
  call(app, 'POST', '/api/auth/forgot-password', { body: { email }, ...(remoteAddress ? { remoteAddress } : {}) });
const reset = (token: unknown, password: unknown) => call(app, 'POST', '/api/auth/reset-password', { body: { token, password } });
const login = (email: string, password: string) => call(app, 'POST', '/api/auth/login', { body: { email, password } });
const meStatus = async (token: string) => (await call(app, 'GET', '/api/auth/me', { token })).statusCode;

/** The tokens of the reset mails sent to the address so far, oldest first. */
async function resetTokensMailedTo(email: string): Promise<string[]> {
  await app.mailer.whenIdle();
  return smtp
    .mailsTo(email)
    .filter((mail) => mail.subject === RESET_SUBJECT)
    .map((mail) => {
      const match = new RegExp(`${APP_URL.replaceAll('.', '\\.')}/reset-password\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
      if (!match) throw new Error(`no reset link in:\n${mail.text}`);
      return match[1]!;
    });
}

async function requestResetToken(email: string): Promise<string> {
  const response = await forgot(email, `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
  expect(response.statusCode, response.body).toBe(202);
  const tokens = await resetTokensMailedTo(email);
  return tokens[tokens.length - 1]!;
}

describe('POST /api/auth/forgot-password', { timeout: 30_000 }, () => {
  it('answers 202 and mails a link to APP_URL/reset-password, valid 1 hour, in Japanese', async () => {
    const user = await registerUser(app, { name: '忘れた花子' });
    const response = await forgot(user.email);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(REQUESTED);
    await app.mailer.whenIdle();
    const [mail, ...others] = smtp.mailsTo(user.email).filter((m) => m.subject === RESET_SUBJECT);
    expect(others).toEqual([]);
    expect(mail!.from).toEqual({ name: '在庫・製造管理', address: 'stock@example.test' });
    expect(mail!.text).toContain('忘れた花子 様');
    expect(mail!.text).toContain('有効期限は1時間');
    expect(mail!.text).toMatch(new RegExp(`^${APP_URL.replaceAll('.', '\\.')}/reset-password\\?token=[A-Za-z0-9_-]{43}$`, 'm'));
    const [stored] = await app.db.selectFrom('password_reset_tokens').selectAll().where('user_id', '=', user.user.id).execute();
    expect(Date.parse(stored!.expires_at) - Date.parse(stored!.created_at)).toBeCloseTo(3_600_000, -3);
    // Only the hash is stored.
    expect(mail!.text).not.toContain(stored!.token_hash);
  });

  it('answers the same for an address without an account, and mails nothing', async () => {
    const email = uniqueEmail('nobody');
    const response = await forgot(email);
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(REQUESTED);
    await app.mailer.whenIdle();
    expect(smtp.mailsTo(email)).toEqual([]);
  });

  it('sends at most 1 mail a minute and 5 a day per address and client address, registered or not; another client address still gets one', async () => {
    for (const email of [(await registerUser(app)).email, uniqueEmail('unknown')]) {
      expect((await forgot(email, '10.9.0.1')).statusCode).toBe(202);
      const second = await forgot(email, '10.9.0.1');
      expect(second.statusCode).toBe(429);
      expect(second.json()).toEqual({ error: 'パスワード再設定のメールは1分に1回までです。しばらく待ってから再度お試しください' });
      expect(Number(second.headers['retry-after'])).toBeGreaterThan(0);
      // A stranger who used up the address's mails from their own address leaves the owner theirs.
      expect((await forgot(email, '10.9.0.2')).statusCode).toBe(202);
    }
  });

  it('answers 400 in Japanese for a missing or malformed address', async () => {
    for (const [body, message] of [
      [{}, 'メールアドレスは必須です'],
      [{ email: '' }, 'メールアドレスは必須です'],
      [{ email: 'not-an-address' }, 'メールアドレスの形式が正しくありません'],
      [{ email: 42 }, 'メールアドレスは必須です'],
    ] as const) {
      const response = await call(app, 'POST', '/api/auth/forgot-password', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });
});

describe('POST /api/auth/reset-password', { timeout: 30_000 }, () => {
  it('sets the password, ends every session, verifies the address, answers a new session and mails a notice', async () => {
    const user = await registerUser(app);
    const other = await login(user.email, user.password);
    const token = await requestResetToken(user.email);

    const response = await reset(token, 'brand-new-password');
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json() as AuthResponse;
    expect(session.user).toMatchObject({ id: user.user.id, email_verified: true });
    expect(await meStatus(session.token)).toBe(200);

    expect((await call(app, 'GET', '/api/auth/me', { token: user.token })).json()).toEqual(SESSION_ENDED);
    expect(await meStatus(other.json().token)).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'brand-new-password')).statusCode).toBe(200);

    await app.mailer.whenIdle();
    expect(smtp.mailsTo(user.email).map((mail) => mail.subject)).toContain('【在庫・製造管理】パスワードが再設定されました');
  });

  it('a used link is useless, even to someone who read it later', async () => {
    const user = await registerUser(app);
    const token = await requestResetToken(user.email);
    expect((await reset(token, 'first-new-password')).statusCode).toBe(200);
    const again = await reset(token, 'stolen-new-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect((await login(user.email, 'first-new-password')).statusCode).toBe(200);
  });

  it('an expired link (after 1 hour) is useless', async () => {
    const user = await registerUser(app);
    const token = await requestResetToken(user.email);
    await app.db.updateTable('password_reset_tokens').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('user_id', '=', user.user.id).execute();
    const response = await reset(token, 'too-late-password');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('a newer request makes the older links useless', async () => {
    const user = await registerUser(app);
    const older = await requestResetToken(user.email);
    const newer = await requestResetToken(user.email);
    expect(older).not.toBe(newer);
    expect((await reset(older, 'older-link-password')).json()).toEqual(INVALID);
    expect((await reset(newer, 'newer-link-password')).statusCode).toBe(200);
  });

  it('two uses of one link at the same moment: exactly one succeeds', async () => {
    const user = await registerUser(app);
    const token = await requestResetToken(user.email);
    const answers = await Promise.all([reset(token, 'racing-password-1'), reset(token, 'racing-password-2'), reset(token, 'racing-password-3')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it('an unknown token, and bad input, answer 400 in Japanese and change nothing', async () => {
    const user = await registerUser(app);
    const token = await requestResetToken(user.email);
    for (const [body, message] of [
      [{ token: 'unknown-token', password: 'some-password' }, INVALID.error],
      [{ token: '\u0000', password: 'some-password' }, INVALID.error],
      [{ password: 'some-password' }, '再設定リンクのトークンが指定されていません'],
      [{ token: '', password: 'some-password' }, '再設定リンクのトークンが指定されていません'],
      [{ token: 'x'.repeat(201), password: 'some-password' }, '再設定リンクが正しくありません'],
      [{ token }, 'パスワードは必須です'],
      [{ token, password: 'short' }, 'パスワードは8文字以上で入力してください'],
      [{ token, password: 'x'.repeat(201) }, 'パスワードは200文字以内で入力してください'],
    ] as const) {
      const response = await call(app, 'POST', '/api/auth/reset-password', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    // The real link still works: none of the above used it.
    expect((await reset(token, 'still-valid-password')).statusCode).toBe(200);
  });

  it('lets an account made by Google sign-in (no password) set one', async () => {
    const user = await registerUser(app);
    await app.db.updateTable('users').set({ password_hash: null, email_verified: 1, google_sub: `google-${randomUUID()}` }).where('id', '=', user.user.id).execute();
    const token = await requestResetToken(user.email);
    expect((await reset(token, 'first-password-1')).statusCode).toBe(200);
    expect((await login(user.email, 'first-password-1')).statusCode).toBe(200);
  });

  it('keeps a verified account in its workspaces (no takeover)', async () => {
    const user = await registerUser(app);
    await app.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', user.user.id).execute();
    const token = await requestResetToken(user.email);
    const response = await reset(token, 'same-workspace-password');
    expect((response.json() as AuthResponse).user.current_workspace).toEqual(user.user.current_workspace);
    expect((await call(app, 'GET', '/api/auth/previous-workspaces', { token: response.json().token })).json()).toEqual([]);
  });
});
