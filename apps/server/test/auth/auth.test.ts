import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { storeInviteCode, decodeToken, registerUser, uniqueEmail } from '../factories/users.ts';
import { call, createTestApp, TEST_JWT_SECRET } from '../helpers/test-app.ts';

const app = await createTestApp();

describe('POST /api/auth/register', () => {
  it('creates the user with a personal workspace where they are admin, and answers a token', async () => {
    const email = uniqueEmail('Hanako');
    const response = await call(app, 'POST', '/api/auth/register', {
      body: { name: '  佐藤花子 ', email: `  ${email.toUpperCase()} `, password: 'password123' },
    });
    expect(response.statusCode).toBe(201);
    const { user, token } = response.json();
    expect(user).toMatchObject({
      name: '佐藤花子',
      email: email.toLowerCase(),
      email_verified: false,
      role: 'admin',
      is_active: true,
      is_super_admin: false,
      current_workspace: { workspace_name: '佐藤花子のワークスペース' },
    });

    const claims = decodeToken(token);
    expect(claims.sub).toBe(String(user.id));
    expect(claims.wid).toBe(user.current_workspace.id);
    expect(typeof claims.sid).toBe('string');
    const lifetimeDays = ((claims.exp as number) - (claims.iat as number)) / 86400;
    expect(lifetimeDays).toBe(7);

    const stored = await app.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
    expect(stored.password_hash).not.toContain('password123');
  });

  it('refuses an e-mail that is already registered, in any letter case', async () => {
    const first = await registerUser(app);
    const response = await call(app, 'POST', '/api/auth/register', {
      body: { name: '別人', email: first.email.toUpperCase(), password: 'password123' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'このメールアドレスは既に登録されています' });
  });

  it('lets exactly one of many simultaneous sign-ups with the same e-mail through', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(app, 'POST', '/api/auth/register', { body: { name: '競争', email, password: 'password123' } }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const users = await app.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
  });

  it.each([
    [{ email: 'a@example.test', password: 'password123' }, '名前は必須です'],
    [{ name: '   ', email: 'a@example.test', password: 'password123' }, '名前は必須です'],
    [{ name: 'x'.repeat(101), email: 'a@example.test', password: 'password123' }, '名前は100文字以内で入力してください'],
    [{ name: '名前', password: 'password123' }, 'メールアドレスは必須です'],
    [{ name: '名前', email: 'not-an-email', password: 'password123' }, 'メールアドレスの形式が正しくありません'],
    [{ name: '名前', email: 'a@example.test' }, 'パスワードは必須です'],
    [{ name: '名前', email: 'a@example.test', password: '1234567' }, 'パスワードは8文字以上で入力してください'],
    [{ name: 123, email: 'a@example.test', password: 'password123' }, '名前は必須です'],
    [{ name: '名前', email: 'a@example.test', password: 12345678 }, 'パスワードは必須です'],
  ])('answers 400 with a Japanese message for %j', async (body, message) => {
    const before = await app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const response = await call(app, 'POST', '/api/auth/register', { body });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    const after = await app.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('answers 400 for malformed JSON, an empty body and a body that is not an object', async () => {
    const headers = { 'content-type': 'application/json' };
    for (const payload of ['{"name":', '', '[]', '"text"', 'null']) {
      const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload, headers });
      expect(response.statusCode, payload).toBe(400);
      expect(response.json().error, payload).toMatch(/[ぁ-んァ-ン一-龥]/);
    }
  });

  it('answers 413 for an oversized body and 415 for an unknown content type', async () => {
    const huge = await call(app, 'POST', '/api/auth/register', {
      body: { name: 'x'.repeat(2 * 1024 * 1024), email: 'a@example.test', password: 'password123' },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ error: 'リクエストが大きすぎます' });

    const xml = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: '<user/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json().error).toBe('対応していない形式のリクエストです');
  });

  it('joins the invited workspace with a valid code and points the token there', async () => {
    const owner = await registerUser(app, { name: '招待者' });
    const workspaceId = owner.user.current_workspace.id;
    const code = await storeInviteCode(app, workspaceId);

    const { user, token } = await registerUser(app, { name: '参加者', invitation_code: `  ${code} ` });
    expect(user.current_workspace).toEqual({ id: workspaceId, workspace_name: '招待者のワークスペース' });
    expect(user.role).toBe('member');
    expect(decodeToken(token).wid).toBe(workspaceId);

    const list = await call(app, 'GET', '/api/workspace/list', { token });
    expect(list.json().map((w: { workspace_name: string }) => w.workspace_name).sort()).toEqual(
      ['参加者のワークスペース', '招待者のワークスペース'].sort(),
    );
  });

  it('ignores a blank invitation code', async () => {
    const { user } = await registerUser(app, { name: '空欄', invitation_code: '   ' });
    expect(user.current_workspace.workspace_name).toBe('空欄のワークスペース');
  });

  it('refuses unknown, expired and revoked invitation codes without creating the user', async () => {
    const owner = await registerUser(app);
    const workspaceId = owner.user.current_workspace.id;
    const codes = [
      'no-such-code',
      await storeInviteCode(app, workspaceId, { expiresInMs: -1000 }),
      await storeInviteCode(app, workspaceId, { revoked: true }),
    ];
    for (const code of codes) {
      const email = uniqueEmail();
      const response = await call(app, 'POST', '/api/auth/register', {
        body: { name: '参加者', email, password: 'password123', invitation_code: code },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('招待コードが無効です。期限切れか取り消された可能性があります');
      expect(await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    }
  });

  it('refuses to join a workspace that has reached its member limit, also under simultaneous joins', async () => {
    const owner = await registerUser(app);
    const workspaceId = owner.user.current_workspace.id;
    await app.db.updateTable('workspaces').set({ max_members: 3 }).where('id', '=', workspaceId).execute();
    const code = await storeInviteCode(app, workspaceId);

    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(app, 'POST', '/api/auth/register', {
          body: { name: '参加者', email: uniqueEmail(), password: 'password123', invitation_code: code },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 409, 409, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json().error).toBe('参加先のワークスペースはメンバー数の上限に達しています');
    const members = await app.db.selectFrom('memberships').select('id').where('workspace_id', '=', workspaceId).execute();
    expect(members).toHaveLength(3);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with e-mail (any case) and password, into the personal workspace', async () => {
    const registered = await registerUser(app);
    const response = await call(app, 'POST', '/api/auth/login', {
      body: { email: registered.email.toUpperCase(), password: registered.password },
    });
    expect(response.statusCode).toBe(200);
    const { user, token } = response.json();
    expect(user.id).toBe(registered.user.id);
    expect(user.last_login).toEqual(expect.any(String));
    expect(decodeToken(token).wid).toBe(registered.user.current_workspace.id);
    expect(decodeToken(token).sid).not.toBe(decodeToken(registered.token).sid);
  });

  it('opens the workspace used last: the one joined at sign-up, then the one switched to', async () => {
    const owner = await registerUser(app, { name: '店長' });
    const shopId = owner.user.current_workspace.id;
    const staff = await registerUser(app, { name: '店員', invitation_code: await storeInviteCode(app, shopId) });
    const login = () => call(app, 'POST', '/api/auth/login', { body: { email: staff.email, password: staff.password } });

    // Signed up with the shop's code: the shop opens again.
    expect(decodeToken((await login()).json().token).wid).toBe(shopId);

    // Switched to the personal workspace: that one opens next time, and after a logout too.
    const list = (await call(app, 'GET', '/api/workspace/list', { token: staff.token })).json();
    const personalId = list.find((w: { role: string }) => w.role === 'admin').id as number;
    const switched = (await call(app, 'POST', `/api/workspace/switch/${personalId}`, { token: staff.token })).json();
    await call(app, 'POST', '/api/auth/logout', { token: switched.token });
    expect((await login()).json().user.current_workspace.id).toBe(personalId);

    // And back to the shop, from a session of its own.
    await call(app, 'POST', `/api/workspace/switch/${shopId}`, { token: (await login()).json().token });
    const { user, token } = (await login()).json();
    expect(user.current_workspace).toEqual({ id: shopId, workspace_name: '店長のワークスペース' });
    expect(user.role).toBe('member');
    expect(decodeToken(token).wid).toBe(shopId);
  });

  it('falls back to the oldest active membership once the user is no longer a member of the workspace used last', async () => {
    const owner = await registerUser(app, { name: '店長' });
    const shopId = owner.user.current_workspace.id;
    const staff = await registerUser(app, { name: '店員', invitation_code: await storeInviteCode(app, shopId) });
    const personalId = (await call(app, 'GET', '/api/workspace/list', { token: staff.token }))
      .json()
      .find((w: { role: string }) => w.role === 'admin').id as number;
    const removed = await call(app, 'PUT', `/api/auth/users/${staff.user.id}`, { token: owner.token, body: { is_active: false } });
    expect(removed.statusCode).toBe(200);

    const login = await call(app, 'POST', '/api/auth/login', { body: { email: staff.email, password: staff.password } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.current_workspace).toEqual({ id: personalId, workspace_name: '店員のワークスペース' });
  });

  it('answers 401 with one message for a wrong password and an unknown e-mail', async () => {
    const registered = await registerUser(app);
    const wrong = await call(app, 'POST', '/api/auth/login', { body: { email: registered.email, password: 'wrong-password' } });
    const unknown = await call(app, 'POST', '/api/auth/login', { body: { email: uniqueEmail(), password: 'password123' } });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'メールアドレスまたはパスワードが正しくありません' });
    }
  });

  it('answers 400 for missing fields', async () => {
    const response = await call(app, 'POST', '/api/auth/login', { body: { email: 'a@example.test' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('パスワードは必須です');
  });
});

describe('sessions', () => {
  it('GET /api/auth/me answers the signed-in user', async () => {
    const { token, user } = await registerUser(app);
    const response = await call(app, 'GET', '/api/auth/me', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: { ...user, last_login: expect.any(String) } });
  });

  it('logout ends the session at once, but not the other sessions of the user', async () => {
    const registered = await registerUser(app);
    const second = await call(app, 'POST', '/api/auth/login', { body: { email: registered.email, password: registered.password } });
    const otherToken = second.json().token;

    const response = await call(app, 'POST', '/api/auth/logout', { token: registered.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'ログアウトしました' });

    const after = await call(app, 'GET', '/api/auth/me', { token: registered.token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ error: 'セッションが無効です。再度ログインしてください' });
    expect((await call(app, 'GET', '/api/auth/me', { token: otherToken })).statusCode).toBe(200);
  });

  it('answers 401 without a token, with a malformed one, a forged one, an expired one and alg none', async () => {
    const { token, user } = await registerUser(app);
    const claims = decodeToken(token);
    const forged = await new SignJWT({ wid: claims.wid, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await new SignJWT({ wid: claims.wid, sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${token.split('.')[1]}.`;

    const missing = await call(app, 'GET', '/api/auth/me');
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: 'ログインが必要です' });
    for (const bad of ['garbage', forged, expired, unsigned]) {
      const response = await call(app, 'GET', '/api/auth/me', { token: bad });
      expect(response.statusCode, bad).toBe(401);
      expect(response.json().error).toBe('セッションが無効です。再度ログインしてください');
    }
  });

  it('refuses a token whose session belongs to another user', async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    const mixed = await new SignJWT({ wid: decodeToken(bob.token).wid, sid: decodeToken(alice.token).sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(bob.user.id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await call(app, 'GET', '/api/auth/me', { token: mixed })).statusCode).toBe(401);
  });
});

describe('GET /api/auth/google/url', () => {
  it('says clearly that Google sign-in is not configured', async () => {
    const response = await call(app, 'GET', '/api/auth/google/url');
    expect(response.statusCode).toBe(503);
    expect(response.json().error).toContain('Googleログインは設定されていません');
  });
});
