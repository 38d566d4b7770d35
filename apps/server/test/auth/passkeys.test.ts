import type { AuthResponse } from '@inventory/contracts/auth';
import { afterAll, describe, expect, it } from 'vitest';
import { type RegisteredUser, registerUser } from '../factories/users.ts';
import { startSmtpTestServer } from '../helpers/smtp-test-server.ts';
import { call, createTestApp } from '../helpers/test-app.ts';
import { type CreationOptions, createSoftAuthenticator, type RequestOptions } from './soft-authenticator.ts';

// Passkeys through the API with a software authenticator that signs like a real one: the
// relying party is APP_URL, challenges are single use and kept in the database, and another
// user's passkey is a 404.

const APP_URL = 'https://stock.example.test';
const smtp = await startSmtpTestServer();
afterAll(() => smtp.close());
const app = await createTestApp({ appUrl: APP_URL, smtpUrl: smtp.url });

const CHROME_ON_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function registrationOptions(user: RegisteredUser): Promise<CreationOptions & Record<string, unknown>> {
  const response = await call(app, 'POST', '/api/auth/passkeys/register/options', { token: user.token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function registerPasskey(user: RegisteredUser, authenticator = createSoftAuthenticator(), name?: string) {
  const options = await registrationOptions(user);
  const response = await call(app, 'POST', '/api/auth/passkeys/register/verify', {
    token: user.token,
    body: { response: authenticator.create(options, APP_URL), ...(name ? { name } : {}) },
    headers: { 'user-agent': CHROME_ON_MAC },
  });
  expect(response.statusCode, response.body).toBe(201);
  return { authenticator, passkey: response.json() as { id: number; name: string } };
}

async function loginOptions(): Promise<RequestOptions & Record<string, unknown>> {
  const response = await call(app, 'POST', '/api/auth/passkeys/login/options');
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const verifyLogin = (response: unknown) => call(app, 'POST', '/api/auth/passkeys/login/verify', { body: { response } });

describe('registering a passkey', { timeout: 30_000 }, () => {
  it('offers options for APP_URL (RP ID = its host name) that ask for a discoverable credential with user verification', async () => {
    const user = await registerUser(app, { name: '鍵田' });
    const options = await registrationOptions(user);
    expect(options).toMatchObject({
      rp: { id: 'stock.example.test', name: '在庫・製造管理' },
      user: { name: user.email, displayName: '鍵田' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      attestation: 'none',
    });
    const stored = await app.db.selectFrom('webauthn_challenges').selectAll().where('challenge', '=', options.challenge).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ purpose: 'register', user_id: user.user.id });
    // 5 minutes.
    expect(Date.parse(stored.expires_at) - Date.parse(stored.created_at)).toBe(5 * 60_000);
  });

  it('stores the passkey (named after the browser and OS unless named), lists it, and mails a notice', async () => {
    const user = await registerUser(app);
    const { passkey } = await registerPasskey(user);
    expect(passkey).toMatchObject({ name: 'Chrome 131 / macOS Catalina', last_used_at: null });
    const named = await registerPasskey(user, createSoftAuthenticator(), '作業場のスマホ');
    expect(named.passkey.name).toBe('作業場のスマホ');

    const list = await call(app, 'GET', '/api/auth/passkeys', { token: user.token });
    expect(list.json().map((p: { name: string }) => p.name)).toEqual(['Chrome 131 / macOS Catalina', '作業場のスマホ']);
    await app.mailer.whenIdle();
    const notices = smtp.mailsTo(user.email).filter((mail) => mail.subject === '【在庫・製造管理】パスキーが登録されました');
    expect(notices).toHaveLength(2);
    expect(notices[1]!.text).toContain('パスキー名: 作業場のスマホ');
  });

  it('lists the existing passkeys as excluded, so one authenticator is not registered twice', async () => {
    const user = await registerUser(app);
    const { authenticator } = await registerPasskey(user);
    const options = await registrationOptions(user);
    expect((options.excludeCredentials as Array<{ id: string }>).map((c) => c.id)).toEqual([authenticator.credentials[0]!.id.toString('base64url')]);
  });

  it('refuses a challenge used twice, another user’s challenge, a wrong origin or no user verification, and stores nothing', async () => {
    const user = await registerUser(app);
    const other = await registerUser(app);
    const authenticator = createSoftAuthenticator();
    const verify = (token: string, response: unknown) => call(app, 'POST', '/api/auth/passkeys/register/verify', { token, body: { response } });

    const options = await registrationOptions(user);
    const answer = authenticator.create(options, APP_URL);
    expect((await verify(user.token, answer)).statusCode).toBe(201);
    const again = await verify(user.token, authenticator.create(options, APP_URL));
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ error: 'パスキーの手続きの有効期限が切れました。もう一度お試しください' });

    const othersOptions = await registrationOptions(other);
    const stolen = await verify(user.token, authenticator.create(othersOptions, APP_URL));
    expect(stolen.statusCode).toBe(400);

    const wrongOrigin = await verify(user.token, authenticator.create(await registrationOptions(user), 'https://evil.example.test'));
    expect(wrongOrigin.statusCode).toBe(400);
    expect(wrongOrigin.json()).toEqual({ error: 'パスキーを登録できませんでした。もう一度お試しください' });

    const unverified = await verify(user.token, authenticator.create(await registrationOptions(user), APP_URL, { userVerified: false }));
    expect(unverified.statusCode).toBe(400);

    expect(await app.db.selectFrom('passkeys').select('id').where('user_id', 'in', [user.user.id, other.user.id]).execute()).toHaveLength(1);
  });

  it('refuses an expired challenge', async () => {
    const user = await registerUser(app);
    const options = await registrationOptions(user);
    await app.db.updateTable('webauthn_challenges').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('challenge', '=', options.challenge).execute();
    const response = await call(app, 'POST', '/api/auth/passkeys/register/verify', {
      token: user.token,
      body: { response: createSoftAuthenticator().create(options, APP_URL) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('パスキーの手続きの有効期限が切れました。もう一度お試しください');
  });

  it('answers malformed bodies with 400 in Japanese, never 500', async () => {
    const user = await registerUser(app);
    const options = await registrationOptions(user);
    const good = createSoftAuthenticator().create(options, APP_URL);
    for (const body of [
      {},
      { response: null },
      { response: 'text' },
      { response: { ...good, type: 'password' } },
      { response: { ...good, response: { ...good.response, clientDataJSON: '!!!' } } },
      { response: { ...good, response: { ...good.response, clientDataJSON: Buffer.from('not json').toString('base64url') } } },
      { response: { ...good, response: { ...good.response, attestationObject: 'AAAA' } } },
      { response: good, name: 'a'.repeat(101) },
    ]) {
      const response = await call(app, 'POST', '/api/auth/passkeys/register/verify', { token: user.token, body });
      expect(response.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(response.json().error).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
  });

  it('needs a session', async () => {
    expect((await call(app, 'POST', '/api/auth/passkeys/register/options')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/auth/passkeys')).statusCode).toBe(401);
  });
});

describe('signing in with a passkey', { timeout: 30_000 }, () => {
  it('signs in without an e-mail: the passkey names the user; last used is recorded', async () => {
    const user = await registerUser(app, { name: '指紋太郎' });
    const { authenticator, passkey } = await registerPasskey(user);
    const options = await loginOptions();
    expect(options).toMatchObject({ rpId: 'stock.example.test', userVerification: 'required' });
    expect(options.allowCredentials ?? []).toEqual([]);

    const response = await verifyLogin(authenticator.get(options, APP_URL));
    expect(response.statusCode, response.body).toBe(200);
    const session = response.json() as AuthResponse;
    expect(session.user).toMatchObject({ id: user.user.id, name: '指紋太郎' });
    expect((await call(app, 'GET', '/api/auth/me', { token: session.token })).statusCode).toBe(200);

    const [listed] = (await call(app, 'GET', '/api/auth/passkeys', { token: user.token })).json();
    expect(listed.id).toBe(passkey.id);
    expect(listed.last_used_at).not.toBeNull();
  });

  it('is not asked for a second factor (the passkey with user verification is two already)', async () => {
    const user = await registerUser(app);
    const { authenticator } = await registerPasskey(user);
    await app.db.updateTable('users').set({ totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }).where('id', '=', user.user.id).execute();
    const response = await verifyLogin(authenticator.get(await loginOptions(), APP_URL));
    expect(response.statusCode).toBe(200);
    expect(response.json().token).toEqual(expect.any(String));
  });

  it('refuses a replayed answer, an unknown passkey, a deleted passkey, a wrong origin and no user verification', async () => {
    const user = await registerUser(app);
    const { authenticator, passkey } = await registerPasskey(user);
    const options = await loginOptions();
    const answer = authenticator.get(options, APP_URL);
    expect((await verifyLogin(answer)).statusCode).toBe(200);
    const replay = await verifyLogin(answer);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: 'パスキーの手続きの有効期限が切れました。もう一度お試しください' });

    const stranger = createSoftAuthenticator();
    stranger.create({ challenge: 'x', rp: { id: 'stock.example.test', name: 'x' }, user: { id: 'dXNlcg', name: 'x' } }, APP_URL);
    const unknown = await verifyLogin(stranger.get(await loginOptions(), APP_URL));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: 'パスキーでログインできませんでした。登録済みのパスキーを選んでください' });

    expect((await verifyLogin(authenticator.get(await loginOptions(), 'https://evil.example.test'))).statusCode).toBe(400);
    expect((await verifyLogin(authenticator.get(await loginOptions(), APP_URL, { userVerified: false }))).statusCode).toBe(400);

    expect((await call(app, 'DELETE', `/api/auth/passkeys/${passkey.id}`, { token: user.token })).statusCode).toBe(200);
    expect((await verifyLogin(authenticator.get(await loginOptions(), APP_URL))).statusCode).toBe(400);
  });

  it('a challenge issued for registration cannot sign in', async () => {
    const user = await registerUser(app);
    const { authenticator } = await registerPasskey(user);
    const registration = await registrationOptions(user);
    const response = await verifyLogin(authenticator.get({ challenge: registration.challenge }, APP_URL));
    expect(response.statusCode).toBe(400);
  });

  it('answers malformed bodies with 400 in Japanese, never 500', async () => {
    for (const body of [{}, { response: {} }, { response: { id: 'x', rawId: 'x', type: 'public-key', response: {}, clientExtensionResults: {} } }]) {
      const response = await call(app, 'POST', '/api/auth/passkeys/login/verify', { body });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
  });
});

describe('deleting a passkey', { timeout: 30_000 }, () => {
  it("answers 404 for another user's passkey (as for one that does not exist) and deletes nothing", async () => {
    const owner = await registerUser(app);
    const stranger = await registerUser(app);
    const { passkey } = await registerPasskey(owner);
    const foreign = await call(app, 'DELETE', `/api/auth/passkeys/${passkey.id}`, { token: stranger.token });
    const unknown = await call(app, 'DELETE', '/api/auth/passkeys/999999999', { token: stranger.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'パスキーが見つかりません' });
    expect(foreign.body).toBe(unknown.body);
    expect((await call(app, 'GET', '/api/auth/passkeys', { token: owner.token })).json()).toHaveLength(1);
    expect((await call(app, 'DELETE', '/api/auth/passkeys/abc', { token: owner.token })).statusCode).toBe(400);
  });
});
