import { randomUUID } from 'node:crypto';
import type { AuthResponse } from '@inventory/contracts/auth';
import { afterAll, describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail } from './helpers/factories.ts';
import { type LocalOidcAccount, startLocalOidcProvider } from './helpers/local-oidc-provider.ts';
import { call, createTestApp } from './helpers/test-app.ts';

// Hostile review of accounts: Google sign-in, e-mail verification, the mail itself and the
// super-admin rule, probed the way an attacker would. Each test names what it guards against.

const provider = await startLocalOidcProvider({ redirectUris: ['http://localhost:3000/auth/google/callback'] });
afterAll(() => provider.close());

const SUPER_ADMIN = `boss-${randomUUID().slice(0, 8)}@example.test`;
const app = await createTestApp({
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
