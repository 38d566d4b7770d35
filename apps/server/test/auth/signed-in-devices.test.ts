import { describe, expect, it } from 'vitest';
import { decodeToken, registerUser } from '../factories/users.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

// ログイン中の端末: the user's live sessions with the browser and OS of their sign-in, when
// they began and were last used; ending one ends that device's session only.

const app = await createTestApp();

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const loginFrom = async (email: string, password: string, userAgent?: string) => {
  const response = await call(app, 'POST', '/api/auth/login', { body: { email, password }, headers: userAgent ? { 'user-agent': userAgent } : {} });
  expect(response.statusCode).toBe(200);
  return response.json().token as string;
};
const devices = async (token: string) => {
  const response = await call(app, 'GET', '/api/auth/sessions', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<Record<string, unknown>>;
};

describe('GET /api/auth/sessions', { timeout: 30_000 }, () => {
  it('lists the live sessions, newest first, with browser, OS, times to the minute and which one is this one', async () => {
    const user = await registerUser(app);
    const phone = await loginFrom(user.email, user.password, IPHONE);
    const desktop = await loginFrom(user.email, user.password, WINDOWS);
    const ended = await loginFrom(user.email, user.password, WINDOWS);
    await call(app, 'POST', '/api/auth/logout', { token: ended });

    const list = await devices(desktop);
    expect(list).toHaveLength(3);
    expect(list[0]).toMatchObject({ id: decodeToken(desktop).sid, browser: 'Chrome 131', os: 'Windows 10', device_type: 'desktop', current: true });
    expect(list[1]).toMatchObject({ id: decodeToken(phone).sid, browser: 'Safari 18', os: 'iOS 18.1', device_type: 'mobile', current: false });
    // The sign-up's session: inject's own User-Agent names no browser.
    expect(list[2]).toMatchObject({ id: decodeToken(user.token).sid, current: false });
    for (const device of list) {
      expect(Date.parse(device.signed_in_at as string)).not.toBeNaN();
      expect(device.last_seen_at).toMatch(/:00\.000Z$/);
    }
    expect(list.map((device) => device.id)).not.toContain(decodeToken(ended).sid);
  });

  it('records the last use of a session (to the minute) when it makes a request', async () => {
    const user = await registerUser(app);
    const minuteOf = (ms: number) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString();
    const before = Date.now();
    await call(app, 'GET', '/api/auth/me', { token: user.token });
    // The write runs after the answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const row = await app.db.selectFrom('session_activity').selectAll().where('session_id', '=', String(decodeToken(user.token).sid)).executeTakeFirst();
    // The request may have crossed into the next minute.
    expect([minuteOf(before), minuteOf(Date.now())]).toContain(row?.last_seen_at);
  });
});

describe('DELETE /api/auth/sessions/{id}', { timeout: 30_000 }, () => {
  it('ends that session only', async () => {
    const user = await registerUser(app);
    const phone = await loginFrom(user.email, user.password, IPHONE);
    const response = await call(app, 'DELETE', `/api/auth/sessions/${decodeToken(phone).sid}`, { token: user.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: '端末をログアウトさせました' });
    expect((await call(app, 'GET', '/api/auth/me', { token: phone })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/auth/me', { token: user.token })).statusCode).toBe(200);
    // Ended already: 404.
    expect((await call(app, 'DELETE', `/api/auth/sessions/${decodeToken(phone).sid}`, { token: user.token })).statusCode).toBe(404);
  });

  it("answers 404 for another user's session (as for an unknown one) and ends nothing; 400 for a malformed id", async () => {
    const owner = await registerUser(app);
    const stranger = await registerUser(app);
    const foreign = await call(app, 'DELETE', `/api/auth/sessions/${decodeToken(owner.token).sid}`, { token: stranger.token });
    const unknown = await call(app, 'DELETE', '/api/auth/sessions/no-such-session', { token: stranger.token });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: 'ログイン中の端末が見つかりません' });
    expect(foreign.body).toBe(unknown.body);
    expect((await call(app, 'GET', '/api/auth/me', { token: owner.token })).statusCode).toBe(200);
    for (const id of ['a'.repeat(65), 'bad%20id', '%00']) {
      const response = await call(app, 'DELETE', `/api/auth/sessions/${id}`, { token: stranger.token });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error).toBe('IDが正しくありません');
    }
  });

  it('needs a session', async () => {
    expect((await call(app, 'GET', '/api/auth/sessions')).statusCode).toBe(401);
    expect((await call(app, 'DELETE', '/api/auth/sessions/abc')).statusCode).toBe(401);
  });
});
