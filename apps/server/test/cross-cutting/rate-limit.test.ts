import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfigFromEnv } from '../../src/config.ts';
import { registerUser, uniqueEmail } from '../factories/users.ts';
import { call, createTestApp, TEST_JWT_SECRET } from '../helpers/test-app.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Limit per minute in the test of every limited call across two instances (6 requests each). */
const PER_ROUTE_LIMIT = 3;
/** The simultaneous burst: requests spread round-robin over the instances, against this limit. */
const BURST_INSTANCES = 3;
const BURST_REQUESTS = 15;
const BURST_LIMIT = 5;

const tempFolders: string[] = [];
const tempFolder = () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'inventory-rate-limit-'));
  tempFolders.push(folder);
  return folder;
};
afterAll(() => tempFolders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

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

  // Instances share one database too, as behind a load balancer (SQLite: one file for both).
  const sharedDatabase = () => (process.env.TEST_DATABASE === 'postgres' ? {} : { databaseUrl: `sqlite:${path.join(tempFolder(), 'app.db')}` });
  const randomAddress = () => `10.4.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

  it('every per-IP limited call counts the requests to both instances', async (context) => {
    if (!redisReachable) context.skip();
    const database = sharedDatabase();
    const first = await createTestApp({ ...database, authRateLimitPerMinute: PER_ROUTE_LIMIT, redisUrl: REDIS_URL });
    const second = await createTestApp({ ...database, authRateLimitPerMinute: PER_ROUTE_LIMIT, redisUrl: REDIS_URL });
    const user = await registerUser(first);
    const calls: Record<string, { method: 'GET' | 'POST'; url: string; body?: () => unknown; token?: string }> = {
      login: { method: 'POST', url: '/api/auth/login', body: () => ({ email: uniqueEmail(), password: 'whatever-password' }) },
      register: { method: 'POST', url: '/api/auth/register', body: () => ({ name: '新規', email: uniqueEmail(), password: 'password123' }) },
      'send-verification': { method: 'POST', url: '/api/auth/send-verification', body: () => ({ email: uniqueEmail() }) },
      'verify-email': { method: 'POST', url: '/api/auth/verify-email', body: () => ({ token: 'x'.repeat(43) }) },
      'google/url': { method: 'GET', url: '/api/auth/google/url' },
      'google/callback': { method: 'POST', url: '/api/auth/google/callback', body: () => ({ code: 'code', state: 'state' }) },
      'change-password': {
        method: 'POST',
        url: '/api/auth/change-password',
        token: user.token,
        body: () => ({ current_password: 'not-the-password', new_password: 'another-password' }),
      },
      'workspace/join': { method: 'POST', url: '/api/workspace/join', token: user.token, body: () => ({ invitation_code: 'ABCDEFGHJKLM' }) },
    };
    for (const [name, { method, url, body, token }] of Object.entries(calls)) {
      const remoteAddress = randomAddress();
      const statuses: number[] = [];
      // Alternating: the limit is used up by the two instances together, then both refuse.
      for (const app of [first, second, first, second, first, second]) {
        const response = await call(app, method, url, { remoteAddress, ...(token ? { token } : {}), ...(body ? { body: body() } : {}) });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, PER_ROUTE_LIMIT).every((status) => status !== 429), `${name}: ${statuses}`).toBe(true);
      expect(statuses.slice(PER_ROUTE_LIMIT), name).toEqual(Array(6 - PER_ROUTE_LIMIT).fill(429));
    }
  });

  it('simultaneous requests spread over three instances: exactly the limit gets through', async (context) => {
    if (!redisReachable) context.skip();
    const database = sharedDatabase();
    const instances: FastifyInstance[] = [];
    for (let i = 0; i < BURST_INSTANCES; i++) {
      instances.push(await createTestApp({ ...database, authRateLimitPerMinute: BURST_LIMIT, redisUrl: REDIS_URL }));
    }
    const remoteAddress = randomAddress();
    const responses = await Promise.all(
      Array.from({ length: BURST_REQUESTS }, (_, i) =>
        call(instances[i % BURST_INSTANCES]!, 'POST', '/api/auth/login', { body: { email: uniqueEmail(), password: 'whatever-password' }, remoteAddress }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(BURST_LIMIT);
    expect(statuses.filter((status) => status === 429)).toHaveLength(BURST_REQUESTS - BURST_LIMIT);
  });
});

describe('behind a reverse proxy (TRUST_PROXY)', () => {
  /** The load balancer: the address every proxied request comes from. */
  const PROXY = '10.0.0.5';
  const ATTACKER = '203.0.113.7';
  const OWNER = '198.51.100.9';
  /** What the proxy sends on: the client's own X-Forwarded-For, then the address it saw. */
  const throughProxy = (written: string | undefined, client: string) => ({
    remoteAddress: PROXY,
    headers: { 'x-forwarded-for': written ? `${written}, ${client}` : client },
  });
  const trustProxy = (setting: string) => loadConfigFromEnv({ TRUST_PROXY: setting, JWT_SECRET: TEST_JWT_SECRET }).trustProxy;

  describe.each(['1', '10.0.0.0/8'])('TRUST_PROXY=%s', (setting) => {
    it('a client that writes a new first X-Forwarded-For entry each time is still limited by its own address', async () => {
      const app = await createTestApp({ trustProxy: trustProxy(setting), authRateLimitPerMinute: 12 });
      const user = await registerUser(app);
      const statuses: number[] = [];
      for (let i = 0; i < 13; i++) {
        const response = await call(app, 'POST', '/api/auth/login', {
          body: { email: user.email, password: `wrong-${i}` },
          ...throughProxy(`192.0.2.${i + 1}`, ATTACKER),
        });
        statuses.push(response.statusCode);
      }
      // Ten failures lock the address out of the account; the twelfth request uses up the per-IP limit.
      expect(statuses).toEqual([...Array(10).fill(401), 429, 429, 429]);
    });

    it("a client that writes the owner's address first does not lock the owner out", async () => {
      const app = await createTestApp({ trustProxy: trustProxy(setting) });
      const user = await registerUser(app);
      for (let i = 0; i < 11; i++) {
        await call(app, 'POST', '/api/auth/login', { body: { email: user.email, password: `wrong-${i}` }, ...throughProxy(OWNER, ATTACKER) });
      }
      const attacker = await call(app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password }, ...throughProxy(OWNER, ATTACKER) });
      expect(attacker.statusCode).toBe(429);
      const owner = await call(app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password }, ...throughProxy(undefined, OWNER) });
      expect(owner.statusCode).toBe(200);
    });
  });

  it('with address ranges, a client that reaches the app directly is known by its own address, whatever it writes', async () => {
    const app = await createTestApp({ trustProxy: trustProxy('10.0.0.0/8'), authRateLimitPerMinute: 2 });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await call(app, 'POST', '/api/auth/login', {
        body: { email: uniqueEmail(), password: 'whatever-password' },
        remoteAddress: ATTACKER,
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });

  it('reads a hop count, addresses and ranges; refuses "true" and anything else at start, naming the forms it takes', () => {
    expect(trustProxy('')).toBe(false);
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('2')).toBe(2);
    expect(trustProxy('10.0.0.0/8, 192.168.1.10,fd00::/8')).toEqual(['10.0.0.0/8', '192.168.1.10', 'fd00::/8']);
    expect(() => trustProxy('true')).toThrow('TRUST_PROXY=true would let every client choose its own address; set the number of proxies in front of the app (TRUST_PROXY=1) or their addresses and ranges (TRUST_PROXY=10.0.0.0/8,192.168.1.10)');
    expect(() => trustProxy('all')).toThrow('TRUST_PROXY=all');
    for (const wrong of ['yes', '10.0.0.0/33', '10.0.0.0/8/1', '10.0.0', '1.5', '-1']) {
      expect(() => trustProxy(wrong), wrong).toThrow(`TRUST_PROXY must be the number of proxies in front of the app (TRUST_PROXY=1) or their addresses and ranges (TRUST_PROXY=10.0.0.0/8,192.168.1.10), got "${wrong}"`);
    }
  });
});
