import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail } from './helpers/factories.ts';
import { call, createTestApp } from './helpers/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('per-IP limit on login and register', () => {
  it('answers 429 with Retry-After and a Japanese message once the limit is used up', async () => {
    const app = await createTestApp({ authRateLimitPerMinute: 3 });
    const remoteAddress = '10.1.1.1';
    const body = { email: uniqueEmail(), password: 'whatever-password' };
    for (let i = 0; i < 3; i++) {
      expect((await call(app, 'POST', '/api/auth/login', { body, remoteAddress })).statusCode).toBe(401);
    }
    const limited = await call(app, 'POST', '/api/auth/login', { body, remoteAddress });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toEqual({ error: 'リクエストが多すぎます。しばらくしてから再度お試しください' });

    // Another address is not affected; register counts separately from login.
    expect((await call(app, 'POST', '/api/auth/login', { body, remoteAddress: '10.1.1.2' })).statusCode).toBe(401);
    const register = await call(app, 'POST', '/api/auth/register', {
      body: { name: '新規', email: uniqueEmail(), password: 'password123' },
      remoteAddress,
    });
    expect(register.statusCode).toBe(201);
  });
});

describe('failed logins per e-mail and client address', () => {
  it('blocks an address after 10 failures for one e-mail, while the owner logs in from another address', async () => {
    const app = await createTestApp();
    const user = await registerUser(app);
    const attacker = '10.2.0.1';
    for (let i = 0; i < 10; i++) {
      const response = await call(app, 'POST', '/api/auth/login', {
        body: { email: user.email, password: `wrong-${i}` },
        remoteAddress: attacker,
      });
      expect(response.statusCode).toBe(401);
    }
    // Blocked from that address, even with the right password.
    const blocked = await call(app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      remoteAddress: attacker,
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
    expect(blocked.json().error).toContain('ログインの失敗が続いたため');

    // The owner, elsewhere, is not locked out; their success does not unlock the attacker.
    const owner = await call(app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      remoteAddress: '10.2.9.9',
    });
    expect(owner.statusCode).toBe(200);
    const stillBlocked = await call(app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: `wrong-again` },
      remoteAddress: attacker,
    });
    expect(stillBlocked.statusCode).toBe(429);

    // Failures older than the window no longer count.
    await app.db
      .updateTable('login_failures')
      .set({ created_at: new Date(Date.now() - 16 * 60_000).toISOString() })
      .where('email', '=', user.email)
      .execute();
    const allowed = await call(app, 'POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      remoteAddress: attacker,
    });
    expect(allowed.statusCode).toBe(200);
  });
});

describe('shared limits with REDIS_URL', () => {
  let redisReachable = false;
  beforeAll(async () => {
    const probe = new Redis(REDIS_URL, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
    try {
      await probe.connect();
      await probe.ping();
      redisReachable = true;
    } catch (error) {
      if (process.env.CI === 'true') throw new Error(`Redis is required in CI at ${REDIS_URL}: ${(error as Error).message}`, { cause: error });
      console.warn(`Redis tests skipped: no Redis at ${REDIS_URL} (${(error as Error).message})`);
    } finally {
      probe.disconnect();
    }
  });

  it('two instances count one client together', async (context) => {
    if (!redisReachable) context.skip();
    const first = await createTestApp({ authRateLimitPerMinute: 4, redisUrl: REDIS_URL });
    const second = await createTestApp({ authRateLimitPerMinute: 4, redisUrl: REDIS_URL });
    // A fresh address per run, so counters left in Redis by an earlier run do not matter.
    const remoteAddress = `10.3.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const body = { email: uniqueEmail(), password: 'whatever-password' };
    const statuses = [];
    for (const app of [first, second, first, second, first]) {
      statuses.push((await call(app, 'POST', '/api/auth/login', { body, remoteAddress })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
  });
});
