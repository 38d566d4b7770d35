import { randomUUID } from 'node:crypto';
import type { AuthResponse } from '@inventory/contracts/auth';
import { afterAll, describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail } from '../factories/users.ts';
import { type LocalOidcAccount, startLocalOidcProvider } from '../helpers/local-oidc-provider.ts';
import { startSmtpTestServer, verificationLinkIn } from '../helpers/smtp-test-server.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

// Hostile review of accounts: Google sign-in, e-mail verification, the mail itself and the
// super-admin rule, probed the way an attacker would. Each test names what it guards against.

const APP_URL = 'https://stock.example.test';
const provider = await startLocalOidcProvider({ redirectUris: [`${APP_URL}/auth/google/callback`] });
afterAll(() => provider.close());

// Closed after the app (hooks run in reverse), so deliveries under way can finish.
const smtp = await startSmtpTestServer();
afterAll(() => smtp.close());

const SUPER_ADMIN = `boss-${randomUUID().slice(0, 8)}@example.test`;
const app = await createTestApp({
  smtpUrl: smtp.url,
  mailFrom: '在庫・製造管理 <stock@example.test>',
  appUrl: APP_URL,
  google: { clientId: provider.clientId, clientSecret: provider.clientSecret },
  oidcIssuer: provider.issuer,
  superAdminEmails: [SUPER_ADMIN],
});

const SESSION_ENDED = { error: 'セッションが無効です。再度ログインしてください' };
const BAD_CREDENTIALS = { error: 'メールアドレスまたはパスワードが正しくありません' };

const googleAccount = (overrides: Partial<LocalOidcAccount> = {}): LocalOidcAccount => ({
  sub: `google-${randomUUID()}`,
  email: uniqueEmail('google'),
  email_verified: true,
  name: 'グーグル花子',
  ...overrides,
});

/** A whole Google sign-in as the browser makes it: the URL, the provider's login page, the callback. */
async function signInWithGoogle(account: LocalOidcAccount) {
  provider.setAccount(account);
  const { url } = (await call(app, 'GET', '/api/auth/google/url')).json() as { url: string };
  const back = await provider.signIn(url, account.sub);
  return call(app, 'POST', '/api/auth/google/callback', {
    body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
}

describe('Google sign-in linking an existing account (pre-account takeover)', () => {
  it('an address someone registered without proving it: the Google owner takes the account over, that password and its sessions end', async () => {
    // A stranger signs up first with the victim's address and a password of their own.
    const victimEmail = uniqueEmail('victim');
    const squatter = await registerUser(app, { name: '先回り', email: victimEmail, password: 'squatter-password' });

    // The address's real owner signs in with Google, which vouches for the address.
    const response = await signInWithGoogle(googleAccount({ email: victimEmail }));
    expect(response.statusCode, response.body).toBe(200);
    const owner = response.json() as AuthResponse;
    expect(owner.user).toMatchObject({ id: squatter.user.id, email_verified: true });

    // The stranger is out: their session is over and their password no longer opens the account.
    expect((await call(app, 'GET', '/api/auth/me', { token: squatter.token })).json()).toEqual(SESSION_ENDED);
    const login = await call(app, 'POST', '/api/auth/login', { body: { email: victimEmail, password: 'squatter-password' } });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual(BAD_CREDENTIALS);
    // The owner's own session works.
    expect((await call(app, 'GET', '/api/auth/me', { token: owner.token })).statusCode).toBe(200);
  });

  it('a listed super-admin address registered first by a stranger: the console never opens to the stranger', async () => {
    const squatter = await registerUser(app, { name: '先回り', email: SUPER_ADMIN, password: 'squatter-password' });
    expect((await call(app, 'GET', '/api/management-console/stats', { token: squatter.token })).statusCode).toBe(403);

    const owner = await signInWithGoogle(googleAccount({ email: SUPER_ADMIN }));
    expect(owner.statusCode, owner.body).toBe(200);
    expect((owner.json() as AuthResponse).user.is_super_admin).toBe(true);

    expect((await call(app, 'GET', '/api/management-console/stats', { token: squatter.token })).statusCode).toBe(401);
    const login = await call(app, 'POST', '/api/auth/login', { body: { email: SUPER_ADMIN, password: 'squatter-password' } });
    expect(login.statusCode).toBe(401);
  });

  it('an address already verified through the mail link keeps its password and sessions (the same person)', async () => {
    const user = await registerUser(app, { name: '確認済み' });
    await app.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', user.user.id).execute();

    const response = await signInWithGoogle(googleAccount({ email: user.email }));
    expect(response.statusCode, response.body).toBe(200);
    expect((await call(app, 'GET', '/api/auth/me', { token: user.token })).statusCode).toBe(200);
    const login = await call(app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
    expect(login.statusCode).toBe(200);
  });
});

describe('Google callback parameters that cannot be ours', () => {
  it('a state with a NUL or other character no state of ours has answers 無効なリクエストです, never a 500', async () => {
    const { state } = (await call(app, 'GET', '/api/auth/google/url')).json() as { state: string };
    for (const forged of [`${state}\u0000`, '\u0000', 'a\u0000b', `${state} `, 'state with spaces', 'ステート']) {
      const response = await call(app, 'POST', '/api/auth/google/callback', { body: { code: 'a-code', state: forged } });
      expect(response.statusCode, JSON.stringify(forged)).toBe(400);
      expect(response.json()).toEqual({ error: '無効なリクエストです' });
    }
    // The real state was not used up by the forgeries.
    expect(await app.db.selectFrom('oauth_states').select('state').where('state', '=', state).execute()).toHaveLength(1);
  });
});

describe('the name in the verification mail', () => {
  it('a name with line breaks or tabs is refused at sign-up (it would write lines of its own into a mail sent in our name)', async () => {
    for (const name of ['佐藤\n花子', '佐藤\r\nBcc: someone@example.test', '佐藤\t花子', '佐藤\u2028花子', '佐藤\u2029花子', '佐藤\u0085花子']) {
      const email = uniqueEmail('lines');
      const response = await call(app, 'POST', '/api/auth/register', { body: { name, email, password: 'password123' } });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().error).toBe('名前に改行やタブは使用できません');
      expect(await app.db.selectFrom('users').select('id').where('email', '=', email).execute()).toEqual([]);
    }
  });

  it('a stored name with line breaks still makes a one-line greeting, and never reaches a header', async () => {
    // As an older account or a provider's name could hold it.
    const user = await registerUser(app, { name: '佐藤' });
    const name = '佐藤\r\nBcc: stranger@example.test\r\n\r\n下のリンクは無効です。こちらへ: https://evil.example.test/\u2028';
    await app.db.updateTable('users').set({ name }).where('id', '=', user.user.id).execute();
    await app.mailer.whenIdle();
    const before = smtp.received.length;

    expect((await call(app, 'POST', '/api/auth/send-verification', { body: { email: user.email } })).statusCode).toBe(200);
    await app.mailer.whenIdle();
    const mails = smtp.received.slice(before);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.envelope.to).toEqual([user.email]);
    expect(mail!.subject).toBe('【在庫・製造管理】メールアドレスの確認');
    const lines = mail!.text.split(/\r?\n/);
    expect(lines[0]).toBe('佐藤 Bcc: stranger@example.test 下のリンクは無効です。こちらへ: https://evil.example.test/ 様');
    expect(lines[1]).toBe('');
    // The only line that is a link is ours.
    expect(lines.filter((line) => line.startsWith('http'))).toEqual([verificationLinkIn(mail!.text, APP_URL).link]);
  });

  it('a provider name with line separators becomes one line', async () => {
    const response = await signInWithGoogle(googleAccount({ name: '山田\u2028太郎\u2029様\n' }));
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as AuthResponse).user.name).toBe('山田 太郎 様');
  });
});

describe('held under probing', () => {
  it('the link in the mail is always APP_URL, whatever Host or X-Forwarded-Host the request names', async () => {
    const user = await registerUser(app);
    await app.mailer.whenIdle();
    const before = smtp.received.length;
    const response = await call(app, 'POST', '/api/auth/send-verification', {
      body: { email: user.email },
      headers: { host: 'evil.example.test', 'x-forwarded-host': 'evil.example.test', 'x-forwarded-proto': 'http' },
    });
    expect(response.statusCode).toBe(200);
    await app.mailer.whenIdle();
    const [mail] = smtp.received.slice(before);
    expect(mail!.text).not.toContain('evil.example.test');
    expect(verificationLinkIn(mail!.text, APP_URL).link.startsWith(`${APP_URL}/verify-email?token=`)).toBe(true);
  });

  it('a listed address in other letter case is the same address: no second account, and Google’s capitals still make the super admin', async () => {
    const email = `chief-${randomUUID().slice(0, 8)}@example.test`;
    const listed = await createTestApp({
      google: { clientId: provider.clientId, clientSecret: provider.clientSecret },
      oidcIssuer: provider.issuer,
      appUrl: APP_URL,
      superAdminEmails: [email],
    });
    const first = await call(listed, 'POST', '/api/auth/register', { body: { name: '一人目', email: email.toUpperCase(), password: 'password123' } });
    expect(first.statusCode).toBe(201);
    expect(first.json().user).toMatchObject({ email, is_super_admin: false });
    const second = await call(listed, 'POST', '/api/auth/register', { body: { name: '二人目', email: ` ${email.toUpperCase()} `, password: 'password123' } });
    expect(second.statusCode).toBe(409);

    const account = googleAccount({ email: email.toUpperCase() });
    provider.setAccount(account);
    const { url } = (await call(listed, 'GET', '/api/auth/google/url')).json() as { url: string };
    const back = await provider.signIn(url, account.sub);
    const signedIn = await call(listed, 'POST', '/api/auth/google/callback', {
      body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((signedIn.json() as AuthResponse).user).toMatchObject({ id: first.json().user.id, email, is_super_admin: true });
  });
});
