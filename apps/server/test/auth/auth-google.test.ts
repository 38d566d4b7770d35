import { createHash, randomUUID } from 'node:crypto';
import net from 'node:net';
import type { AuthResponse } from '@inventory/contracts/auth';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createOidcClient, isProviderUnavailable } from '../../src/domains/auth/oidc-client.ts';
import { linkGoogleAccount } from '../../src/domains/auth/users-repository.ts';
import { storeInviteCode, decodeToken, registerUser, uniqueEmail } from '../factories/users.ts';
import { type LocalOidcAccount, type LocalOidcProvider, startLocalOidcProvider } from '../helpers/local-oidc-provider.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

// Google sign-in against a real OpenID Connect provider (oidc-provider on a local port): the
// app discovers it through OIDC_ISSUER, the test plays the browser at its login page.

const REDIRECT_URI = 'http://localhost:3000/auth/google/callback';
const INVALID_STATE = '無効なリクエストです';
const FINISH_FAILED = 'Google認証の完了に失敗しました';

const provider = await startLocalOidcProvider({ redirectUris: [REDIRECT_URI] });
afterAll(() => provider.close());
const app = await appFor(provider);

function appFor(oidcProvider: Pick<LocalOidcProvider, 'issuer' | 'clientId' | 'clientSecret'>, overrides = {}) {
  return createTestApp({
    google: { clientId: oidcProvider.clientId, clientSecret: oidcProvider.clientSecret },
    oidcIssuer: oidcProvider.issuer,
    ...overrides,
  });
}

const newAccount = (overrides: Partial<LocalOidcAccount> = {}): LocalOidcAccount => ({
  sub: `google-${randomUUID()}`,
  email: uniqueEmail('google'),
  email_verified: true,
  name: 'グーグル太郎',
  ...overrides,
});

async function startSignIn(target: FastifyInstance = app) {
  const response = await call(target, 'GET', '/api/auth/google/url');
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { url: string; state: string };
}

/** The browser's part: the app's URL, the provider's login page, and back with code and state. */
interface CodeOptions {
  target?: FastifyInstance;
  via?: LocalOidcProvider;
  /** Changes the authorization URL on its way to the provider, as a meddling browser could. */
  tamper?: (url: URL) => void;
}

async function codeFor(account: LocalOidcAccount, options: CodeOptions = {}) {
  const via = options.via ?? provider;
  via.setAccount(account);
  const { url } = await startSignIn(options.target);
  const authorizationUrl = new URL(url);
  options.tamper?.(authorizationUrl);
  const back = await via.signIn(authorizationUrl.href, account.sub);
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

const callback = (body: unknown, target: FastifyInstance = app) => call(target, 'POST', '/api/auth/google/callback', { body });

async function signInWithGoogle(account: LocalOidcAccount) {
  const response = await callback(await codeFor(account));
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuthResponse;
}

const userByEmail = (email: string) =>
  app.db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

const expireState = (state: string) =>
  app.db
    .updateTable('oauth_states')
    .set({ expires_at: new Date(Date.now() - 1).toISOString() })
    .where('state', '=', state)
    .execute();

const countRows = async (table: 'users' | 'sessions' | 'workspaces') =>
  Number((await app.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

describe('GET /api/auth/google/url', () => {
  it('answers the provider URL with state, nonce, S256 PKCE challenge and redirect URI, and stores them', async () => {
    const before = Date.now();
    const { url, state } = await startSignIn();
    const authorizationUrl = new URL(url);
    expect(authorizationUrl.origin).toBe(provider.issuer);
    const params = Object.fromEntries(authorizationUrl.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: provider.clientId,
      redirect_uri: REDIRECT_URI,
      scope: 'openid email profile',
      state,
      code_challenge_method: 'S256',
    });
    expect(state).toMatch(/^[\w-]{43,}$/);
    expect(params.nonce).toMatch(/^[\w-]{43,}$/);

    const row = await app.db.selectFrom('oauth_states').selectAll().where('state', '=', state).executeTakeFirstOrThrow();
    expect(row.nonce).toBe(params.nonce);
    expect(params.code_challenge).toBe(createHash('sha256').update(row.code_verifier).digest('base64url'));
    const lifetime = new Date(row.expires_at).getTime() - before;
    expect(lifetime).toBeGreaterThan(9.9 * 60_000);
    expect(lifetime).toBeLessThan(10.1 * 60_000);

    const second = await startSignIn();
    expect(second.state).not.toBe(state);
    expect(new URL(second.url).searchParams.get('nonce')).not.toBe(params.nonce);
  });

  it('drops expired states when a new sign-in starts', async () => {
    const { state } = await startSignIn();
    await expireState(state);
    const fresh = await startSignIn();
    const states = (await app.db.selectFrom('oauth_states').select('state').execute()).map((row) => row.state);
    expect(states).not.toContain(state);
    expect(states).toContain(fresh.state);
  });
});

describe('POST /api/auth/google/callback: who signs in', () => {
  it('creates a verified account with its personal workspace and no password, and signs it in', async () => {
    const account = newAccount({ email: uniqueEmail('NewGoogle').toUpperCase(), name: '  佐藤 花子 ' });
    const usersBefore = await countRows('users');
    const { user, token } = await signInWithGoogle(account);

    expect(user).toMatchObject({
      name: '佐藤 花子',
      email: account.email!.toLowerCase(),
      email_verified: true,
      role: 'admin',
      is_active: true,
      current_workspace: { workspace_name: '佐藤 花子のワークスペース' },
    });
    expect(await countRows('users')).toBe(usersBefore + 1);
    const stored = await userByEmail(account.email!);
    expect(stored).toMatchObject({ google_sub: account.sub, password_hash: null, email_verified: 1 });
    expect(stored!.last_login_at).not.toBeNull();
    expect(decodeToken(token)).toMatchObject({ sub: String(user.id), wid: user.current_workspace.id });

    const me = await call(app, 'GET', '/api/auth/me', { token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({ id: user.id, email_verified: true });

    // No password: a password login answers the ordinary 401, whatever is typed.
    const login = await call(app, 'POST', '/api/auth/login', { body: { email: account.email, password: 'password123' } });
    expect(login.statusCode).toBe(401);
    expect(login.json()).toEqual({ error: 'メールアドレスまたはパスワードが正しくありません' });
  });

  it('signs the same Google account in again without a second account, even after its e-mail changed at Google', async () => {
    const account = newAccount();
    const first = await signInWithGoogle(account);
    const workspacesBefore = await countRows('workspaces');
    const again = await signInWithGoogle({ ...account, email: uniqueEmail('changed'), name: '改名' });
    expect(again.user).toMatchObject({ id: first.user.id, email: account.email, name: 'グーグル太郎' });
    expect(again.user.current_workspace.id).toBe(first.user.current_workspace.id);
    expect(again.token).not.toBe(first.token);
    expect(await countRows('workspaces')).toBe(workspacesBefore);
  });

  it('uses the e-mail local part as the name when the provider sends none', async () => {
    const email = uniqueEmail('noname');
    const { user } = await signInWithGoogle(newAccount({ email, name: undefined }));
    expect(user.name).toBe(email.slice(0, email.indexOf('@')));
  });

  it('links an existing account by an e-mail the provider has verified, and the password keeps working', async () => {
    const existing = await registerUser(app, { name: '既存ユーザー' });
    // Verified through the mail link: the password is the owner's (an unverified account is taken
    // over instead, see accounts-hostile.test.ts).
    await app.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', existing.user.id).execute();
    const account = newAccount({ email: existing.email.toUpperCase() });
    const usersBefore = await countRows('users');

    const { user } = await signInWithGoogle(account);
    expect(user).toMatchObject({ id: existing.user.id, name: '既存ユーザー', email_verified: true });
    expect(user.current_workspace).toEqual(existing.user.current_workspace);
    expect(await countRows('users')).toBe(usersBefore);
    expect(await userByEmail(existing.email)).toMatchObject({ google_sub: account.sub, email_verified: 1 });

    const login = await call(app, 'POST', '/api/auth/login', { body: { email: existing.email, password: existing.password } });
    expect(login.statusCode).toBe(200);
    // Linked: the next sign-in finds the account by its Google id.
    expect((await signInWithGoogle(account)).user.id).toBe(existing.user.id);
  });

  it('signs a linked account into the workspace used last, like login, else its oldest active membership', async () => {
    const existing = await registerUser(app);
    // Verified: linked, not taken over (a takeover starts in a fresh workspace, see test/auth/).
    await app.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', existing.user.id).execute();
    const account = newAccount({ email: existing.email });
    await signInWithGoogle(account);
    const { user, token } = await signInWithGoogle(account);
    expect(user.current_workspace.id).toBe(existing.user.current_workspace.id);

    const owner = await registerUser(app, { name: '店長' });
    const shopId = owner.user.current_workspace.id;
    const joined = await call(app, 'POST', '/api/workspace/join', { token, body: { invitation_code: await storeInviteCode(app, shopId) } });
    expect(joined.statusCode).toBe(200);
    await call(app, 'POST', `/api/workspace/switch/${shopId}`, { token });
    expect((await signInWithGoogle(account)).user.current_workspace).toEqual({ id: shopId, workspace_name: '店長のワークスペース' });

    await call(app, 'PUT', `/api/auth/users/${existing.user.id}`, { token: owner.token, body: { is_active: false } });
    expect((await signInWithGoogle(account)).user.current_workspace.id).toBe(existing.user.current_workspace.id);
  });

  it('refuses to link an existing account when the provider has not verified the e-mail, and changes nothing', async () => {
    const existing = await registerUser(app);
    const account = newAccount({ email: existing.email, email_verified: false });
    const userBefore = await userByEmail(existing.email);
    const sessionsBefore = await countRows('sessions');
    const usersBefore = await countRows('users');

    const { code, state } = await codeFor(account);
    const response = await callback({ code, state });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'このメールアドレスは既に登録されています。メールアドレスとパスワードでログインしてください' });
    expect(await userByEmail(existing.email)).toEqual(userBefore);
    expect(userBefore).toMatchObject({ google_sub: null, email_verified: 0 });
    expect(await countRows('sessions')).toBe(sessionsBefore);
    expect(await countRows('users')).toBe(usersBefore);
    // The state was used up with the attempt.
    expect((await callback({ code, state })).json()).toEqual({ error: INVALID_STATE });
  });

  it('refuses a new account when the provider has not verified the e-mail, or sends none', async () => {
    const usersBefore = await countRows('users');
    const unverified = [
      newAccount({ email_verified: false }),
      newAccount({ email_verified: undefined }),
      newAccount({ email: undefined }),
    ];
    for (const account of unverified) {
      const response = await callback(await codeFor(account));
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ error: 'Googleアカウントのメールアドレスが確認されていないため、登録できません' });
    }
    expect(await countRows('users')).toBe(usersBefore);
  });

  it('refuses an e-mail already linked to another Google account', async () => {
    const email = uniqueEmail('linked');
    const first = await signInWithGoogle(newAccount({ email }));
    const response = await callback(await codeFor(newAccount({ email })));
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('このメールアドレスは別のGoogleアカウントと連携されています。メールアドレスとパスワードでログインしてください');
    expect(await userByEmail(email)).toMatchObject({ id: first.user.id, google_sub: expect.stringMatching(/^google-/) });
  });

  it('creates one account when the same new person finishes two sign-ins at the same moment', async () => {
    const account = newAccount();
    const bodies = [await codeFor(account), await codeFor(account)];
    const responses = await Promise.all(bodies.map((body) => callback(body)));
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200]);
    const ids = responses.map((response) => (response.json() as AuthResponse).user.id);
    expect(ids[0]).toBe(ids[1]);
    expect(await app.db.selectFrom('users').select('id').where('google_sub', '=', account.sub).execute()).toHaveLength(1);
  });

  // The race behind the test above, made certain: the second sign-in misses the account by Google
  // id, then finds it by e-mail once the first has created it, linked to the same Google account.
  it('links again, not 409, an account found by e-mail that is already linked to the same Google account', async () => {
    const { user } = await registerUser(app);
    expect(await linkGoogleAccount(app.db, user.id, 'google-same')).toBe(true);
    expect(await linkGoogleAccount(app.db, user.id, 'google-same')).toBe(true);
    expect(await linkGoogleAccount(app.db, user.id, 'google-other')).toBe(false);
    expect(await app.db.selectFrom('users').select('google_sub').where('id', '=', user.id).executeTakeFirst()).toEqual({ google_sub: 'google-same' });
  });
});

describe('POST /api/auth/google/callback: state, nonce and PKCE', () => {
  it('answers 無効なリクエストです for an unknown state and changes nothing', async () => {
    const { code } = await codeFor(newAccount());
    const usersBefore = await countRows('users');
    for (const state of ['unknown-state', randomUUID()]) {
      const response = await callback({ code, state });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: INVALID_STATE });
    }
    expect(await countRows('users')).toBe(usersBefore);
  });

  it('answers 無効なリクエストです for an expired state, and removes it', async () => {
    const { code, state } = await codeFor(newAccount());
    await expireState(state);
    const response = await callback({ code, state });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: INVALID_STATE });
    expect(await app.db.selectFrom('oauth_states').select('state').where('state', '=', state).execute()).toEqual([]);
  });

  it('uses a state once: the same callback again answers 無効なリクエストです', async () => {
    const body = await codeFor(newAccount());
    expect((await callback(body)).statusCode).toBe(200);
    const again = await callback(body);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: INVALID_STATE });
  });

  it('lets exactly one of simultaneous callbacks with one state through', async () => {
    const account = newAccount();
    const body = await codeFor(account);
    const responses = await Promise.all(Array.from({ length: 6 }, () => callback(body)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    for (const response of responses.filter((r) => r.statusCode === 400)) {
      expect(response.json()).toEqual({ error: INVALID_STATE });
    }
    expect(await app.db.selectFrom('users').select('id').where('google_sub', '=', account.sub).execute()).toHaveLength(1);
  });

  it('refuses an ID token whose nonce is not the one stored with the state', async () => {
    const account = newAccount();
    const usersBefore = await countRows('users');
    // The provider signs whatever nonce the browser carried; the app must notice it is not its own.
    const body = await codeFor(account, { tamper: (url) => url.searchParams.set('nonce', 'a-nonce-the-app-never-issued') });
    const response = await callback(body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: FINISH_FAILED });
    expect(await countRows('users')).toBe(usersBefore);
  });

  it("refuses a code posted with another sign-in's state (the PKCE verifier does not match)", async () => {
    const account = newAccount();
    const stolen = await codeFor(account);
    const other = await startSignIn();
    const response = await callback({ code: stolen.code, state: other.state });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: FINISH_FAILED });
    expect(await app.db.selectFrom('users').select('id').where('google_sub', '=', account.sub).execute()).toEqual([]);
  });

  it('refuses a made-up code', async () => {
    const { state } = await startSignIn();
    const response = await callback({ code: 'not-a-code-the-provider-issued', state });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: FINISH_FAILED });
  });

  it.each([
    [{}, '認証パラメータが不正です'],
    [{ code: 'abc' }, '認証パラメータが不正です'],
    [{ state: 'abc' }, '認証パラメータが不正です'],
    [{ code: '', state: 'abc' }, '認証パラメータが不正です'],
    [{ code: 'abc', state: 'x'.repeat(201) }, '認証パラメータが不正です'],
    [{ code: 123, state: 'abc' }, '認証パラメータが不正です'],
  ])('answers 400 %j with a Japanese message', async (body, message) => {
    const response = await callback(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });
});

describe('claims kept for userinfo', () => {
  it('reads e-mail and name from userinfo when the provider leaves them out of the ID token', async () => {
    const userinfoProvider = await startLocalOidcProvider({ redirectUris: [REDIRECT_URI], claimsInIdToken: false });
    afterAll(() => userinfoProvider.close());
    const target = await appFor(userinfoProvider);
    const account = newAccount({ name: 'ユーザー情報' });
    const response = await callback(await codeFor(account, { target, via: userinfoProvider }), target);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ email: account.email, name: 'ユーザー情報', email_verified: true });
  });
});

describe('Google sign-in not configured or unreachable', () => {
  it('answers 503 with the existing message on both calls when GOOGLE_CLIENT_ID/SECRET are unset', async () => {
    const unconfigured = await createTestApp({ google: null });
    const message = 'Googleログインは設定されていません。メールアドレスとパスワードでログインしてください';
    const url = await call(unconfigured, 'GET', '/api/auth/google/url');
    expect(url.statusCode).toBe(503);
    expect(url.json()).toEqual({ error: message });
    const finish = await callback({ code: 'abc', state: 'abc' }, unconfigured);
    expect(finish.statusCode).toBe(503);
    expect(finish.json()).toEqual({ error: message });
  });

  it('answers 502 while the provider is down, and discovers it once it is back', async () => {
    const port = await freePort();
    const downApp = await appFor({ issuer: `http://127.0.0.1:${port}`, clientId: 'local-test-client', clientSecret: 'secret' });
    const statesBefore = await downApp.db.selectFrom('oauth_states').select('state').execute();
    const down = await call(downApp, 'GET', '/api/auth/google/url');
    expect(down.statusCode).toBe(502);
    expect(down.json()).toEqual({ error: 'Google認証の開始に失敗しました' });
    expect(await downApp.db.selectFrom('oauth_states').select('state').execute()).toEqual(statesBefore);

    // The failed discovery is not kept: the next call finds the provider.
    const back = await startLocalOidcProvider({ port, redirectUris: [REDIRECT_URI] });
    afterAll(() => back.close());
    const up = await call(downApp, 'GET', '/api/auth/google/url');
    expect(up.statusCode, up.body).toBe(200);
    expect(new URL(up.json().url).origin).toBe(back.issuer);
  });

  it('answers 502 when the provider goes away between the redirect and the callback', async () => {
    const shortLived = await startLocalOidcProvider({ redirectUris: [REDIRECT_URI] });
    const target = await appFor(shortLived);
    const body = await codeFor(newAccount(), { target, via: shortLived });
    await shortLived.close();
    const response = await callback(body, target);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: FINISH_FAILED });
  });

  it('gives up on a provider that accepts connections and never answers', async () => {
    const silent = net.createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    afterAll(() => new Promise((resolve) => silent.close(resolve)));
    const { port } = silent.address() as net.AddressInfo;
    const client = createOidcClient({
      issuer: `http://127.0.0.1:${port}`,
      clientId: 'id',
      clientSecret: 'secret',
      redirectUri: REDIRECT_URI,
      timeoutSeconds: 0.3,
    });
    const started = Date.now();
    const error = await client.authorizationUrl(client.newChecks()).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(Date.now() - started).toBeLessThan(3000);
    expect(isProviderUnavailable(error)).toBe(true);
  });

  it('refuses a plain-http issuer that is not on this machine, at start', () => {
    const options = { clientId: 'id', clientSecret: 'secret', redirectUri: REDIRECT_URI };
    expect(() => createOidcClient({ ...options, issuer: 'http://accounts.example.com' })).toThrow(/OIDC_ISSUER must use https/);
    expect(() => createOidcClient({ ...options, issuer: 'not a url' })).toThrow(/OIDC_ISSUER is not a URL/);
    expect(() => createOidcClient({ ...options, issuer: 'http://localhost:9999' })).not.toThrow();
    expect(() => createOidcClient({ ...options, issuer: 'https://accounts.google.com' })).not.toThrow();
  });
});

describe('rate limit', () => {
  it('limits both calls per client address', async () => {
    const limited = await appFor(provider, { authRateLimitPerMinute: 2 });
    const remoteAddress = '10.9.0.1';
    const start = () => call(limited, 'GET', '/api/auth/google/url', { remoteAddress });
    const finish = () => call(limited, 'POST', '/api/auth/google/callback', { remoteAddress, body: { code: 'a', state: 'b' } });
    for (let i = 0; i < 2; i++) expect((await start()).statusCode).toBe(200);
    const blocked = await start();
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json()).toEqual({ error: 'リクエストが多すぎます。しばらくしてから再度お試しください' });
    for (let i = 0; i < 2; i++) expect((await finish()).statusCode).toBe(400);
    expect((await finish()).statusCode).toBe(429);
    // Another address is not affected.
    expect((await call(limited, 'GET', '/api/auth/google/url', { remoteAddress: '10.9.0.2' })).statusCode).toBe(200);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
