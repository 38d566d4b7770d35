import { describe, expect, it } from 'vitest';
import { registerUser, type RegisteredUser } from '../factories/users.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

const CHANGED = { message: 'パスワードを変更しました' };
const WRONG_CURRENT = { error: '現在のパスワードが正しくありません' };
const SESSION_ENDED = { error: 'セッションが無効です。再度ログインしてください' };

const login = (email: string, password: string, remoteAddress?: string) =>
  call(app, 'POST', '/api/auth/login', { body: { email, password }, ...(remoteAddress ? { remoteAddress } : {}) });
const meStatus = async (token: string) => (await call(app, 'GET', '/api/auth/me', { token })).statusCode;
const changePassword = (token: string, body: unknown, remoteAddress?: string) =>
  call(app, 'POST', '/api/auth/change-password', { token, body, ...(remoteAddress ? { remoteAddress } : {}) });

/** A user signed in on three devices: the sign-up's session and two logins. */
async function userOnThreeDevices(): Promise<RegisteredUser & { otherTokens: string[] }> {
  const user = await registerUser(app);
  const otherTokens: string[] = [];
  for (let i = 0; i < 2; i++) {
    const response = await login(user.email, user.password);
    expect(response.statusCode).toBe(200);
    otherTokens.push(response.json().token);
  }
  // Each token has been used once, so its signature is in the token cache.
  for (const token of [user.token, ...otherTokens]) expect(await meStatus(token)).toBe(200);
  return { ...user, otherTokens };
}

async function storedHash(userId: number) {
  const row = await app.db.selectFrom('users').select('password_hash').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.password_hash;
}

describe('POST /api/auth/change-password', () => {
  it('stores the new password and ends every other session; this one stays signed in', async () => {
    const user = await userOnThreeDevices();
    const before = await storedHash(user.user.id);

    const response = await changePassword(user.token, { current_password: user.password, new_password: 'new-password-456' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(CHANGED);

    expect(await storedHash(user.user.id)).not.toBe(before);
    expect(await storedHash(user.user.id)).toMatch(/^\$argon2id\$/);
    expect(await meStatus(user.token)).toBe(200);
    for (const token of user.otherTokens) {
      const ended = await call(app, 'GET', '/api/parts', { token });
      expect(ended.statusCode).toBe(401);
      expect(ended.json()).toEqual(SESSION_ENDED);
    }

    // The new password signs in; the old one no longer does.
    expect((await login(user.email, 'new-password-456')).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
  });

  it('answers 400 (not 401/403) for a wrong current password and changes nothing', async () => {
    const user = await userOnThreeDevices();
    const before = await storedHash(user.user.id);

    const response = await changePassword(user.token, { current_password: 'not-my-password', new_password: 'new-password-456' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(WRONG_CURRENT);

    expect(await storedHash(user.user.id)).toBe(before);
    for (const token of [user.token, ...user.otherTokens]) expect(await meStatus(token)).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await login(user.email, 'new-password-456')).statusCode).toBe(401);
  });

  it('refuses a new password equal to the current one', async () => {
    const user = await userOnThreeDevices();
    const response = await changePassword(user.token, { current_password: user.password, new_password: user.password });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: '新しいパスワードには現在のパスワードと異なるものを入力してください' });
    for (const token of user.otherTokens) expect(await meStatus(token)).toBe(200);
  });

  it.each([
    [{ new_password: 'new-password-456' }, '現在のパスワードは必須です'],
    [{ current_password: '', new_password: 'new-password-456' }, '現在のパスワードは必須です'],
    [{ current_password: 'password123' }, 'パスワードは必須です'],
    [{ current_password: 'password123', new_password: '1234567' }, 'パスワードは8文字以上で入力してください'],
  ])('answers 400 with the contract message for %j and changes nothing', async (body, message) => {
    const user = await registerUser(app);
    const before = await storedHash(user.user.id);
    const response = await changePassword(user.token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await storedHash(user.user.id)).toBe(before);
  });

  it('sets the first password of an account without one (Google sign-in) without asking for a current one', async () => {
    const user = await registerUser(app);
    await app.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.user.id).execute();
    const response = await changePassword(user.token, { new_password: 'new-password-456' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: 'パスワードを設定しました' });
    expect(await storedHash(user.user.id)).not.toBeNull();
    expect((await login(user.email, 'new-password-456')).statusCode).toBe(200);
  });

  it('needs a live session', async () => {
    const body = { current_password: 'password123', new_password: 'new-password-456' };
    expect((await call(app, 'POST', '/api/auth/change-password', { body })).statusCode).toBe(401);
    const user = await registerUser(app);
    await call(app, 'POST', '/api/auth/logout', { token: user.token });
    expect((await changePassword(user.token, { ...body, current_password: user.password })).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('counts wrong current passwords as failed logins of the account from that address: 429 after ten', async () => {
    const user = await registerUser(app);
    const attacker = '10.3.0.1';
    for (let i = 0; i < 10; i++) {
      const response = await changePassword(user.token, { current_password: `guess-${i}`, new_password: 'new-password-456' }, attacker);
      expect(response.statusCode).toBe(400);
    }
    const blocked = await changePassword(user.token, { current_password: user.password, new_password: 'new-password-456' }, attacker);
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.json()).toEqual({ error: 'パスワードの確認に失敗した回数が多すぎます。時間をおいて再度お試しください' });
    expect((await login(user.email, user.password, '10.3.9.9')).statusCode).toBe(200);
  });

  it('lets exactly one of two simultaneous changes through', async () => {
    const user = await registerUser(app);
    const responses = await Promise.all(
      ['first-new-password', 'second-new-password'].map((newPassword) =>
        changePassword(user.token, { current_password: user.password, new_password: newPassword }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    // The other either lost the race at the update (409) or checked against the new hash (400).
    expect([400, 409]).toContain(statuses.find((status) => status !== 200));
    const winner = statuses[0] === 200 ? 'first-new-password' : 'second-new-password';
    const loser = statuses[0] === 200 ? 'second-new-password' : 'first-new-password';
    expect((await login(user.email, winner)).statusCode).toBe(200);
    expect((await login(user.email, loser)).statusCode).toBe(401);
  });

  it('is limited per IP like login (AUTH_RATE_LIMIT_PER_MINUTE)', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 2 });
    const user = await registerUser(limited);
    const remoteAddress = '10.4.0.1';
    const attempt = (address: string) =>
      call(limited, 'POST', '/api/auth/change-password', {
        token: user.token,
        body: { current_password: 'wrong-guess', new_password: 'new-password-456' },
        remoteAddress: address,
      });
    for (let i = 0; i < 2; i++) expect((await attempt(remoteAddress)).statusCode).toBe(400);
    const refused = await attempt(remoteAddress);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await attempt('10.4.0.2')).statusCode).toBe(400);
  });
});

describe('POST /api/auth/logout-all', () => {
  it('ends every session of the user, this one included; a new login works', async () => {
    const user = await userOnThreeDevices();
    const other = await registerUser(app);

    const response = await call(app, 'POST', '/api/auth/logout-all', { token: user.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'すべての端末からログアウトしました' });

    for (const token of [user.token, ...user.otherTokens]) {
      const ended = await call(app, 'GET', '/api/auth/me', { token });
      expect(ended.statusCode).toBe(401);
      expect(ended.json()).toEqual(SESSION_ENDED);
    }
    // Another user's session is untouched.
    expect(await meStatus(other.token)).toBe(200);
    const again = await login(user.email, user.password);
    expect(again.statusCode).toBe(200);
    expect(await meStatus(again.json().token)).toBe(200);
  });

  it('needs a live session', async () => {
    expect((await call(app, 'POST', '/api/auth/logout-all')).statusCode).toBe(401);
    const user = await registerUser(app);
    await call(app, 'POST', '/api/auth/logout-all', { token: user.token });
    expect((await call(app, 'POST', '/api/auth/logout-all', { token: user.token })).statusCode).toBe(401);
  });
});
