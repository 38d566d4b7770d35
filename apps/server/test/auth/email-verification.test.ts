import { createHash, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MAIL_FROM, loadConfigFromEnv } from '../../src/config.ts';
import { registerUser, uniqueEmail } from '../factories/users.ts';
import { createLoggedTestApp, LOG_LEVEL } from '../helpers/logged-test-app.ts';
import { SMTP_USER, startSmtpTestServer, verificationLinkIn } from '../helpers/smtp-test-server.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const APP_URL = 'https://stock.example.test';
const SENT = { message: '認証メールを送信しました。メールをご確認ください' };
const VERIFIED = { message: 'メールアドレスを認証しました' };
const INVALID = { error: '認証リンクが無効か期限切れです。認証メールを再送信してください' };
const TOO_SOON = '認証メールの再送信は1分に1回までです。しばらく待ってから再度お試しください';
const DAILY_LIMIT = '認証メールの再送信は1日5回までです。時間をおいて再度お試しください';
const SUPER_ADMIN = `boss-${randomUUID().slice(0, 8)}@example.test`;

// Closed after the app (hooks run in reverse), so deliveries under way can finish.
const smtp = await startSmtpTestServer();
afterAll(() => smtp.close());
const app = await createTestApp({
  smtpUrl: smtp.url,
  mailFrom: '在庫・製造管理 <stock@example.test>',
  appUrl: APP_URL,
  superAdminEmails: [SUPER_ADMIN],
});

/** The tokens of every mail sent to the address so far, oldest first. */
async function tokensMailedTo(email: string): Promise<string[]> {
  await app.mailer.whenIdle();
  return smtp.mailsTo(email).map((mail) => verificationLinkIn(mail.text, APP_URL).token);
}

async function onlyTokenMailedTo(email: string): Promise<string> {
  const tokens = await tokensMailedTo(email);
  expect(tokens).toHaveLength(1);
  return tokens[0]!;
}

const verify = (token: unknown, remoteAddress?: string) =>
  call(app, 'POST', '/api/auth/verify-email', { body: { token }, ...(remoteAddress ? { remoteAddress } : {}) });
const resend = (email: string) => call(app, 'POST', '/api/auth/send-verification', { body: { email } });
const me = async (token: string) => (await call(app, 'GET', '/api/auth/me', { token })).json().user;

async function storedTokens(userId: number) {
  return app.db.selectFrom('verification_tokens').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

describe('the verification mail of a sign-up', () => {
  it('goes over SMTP (with the credentials of SMTP_URL) from MAIL_FROM, in Japanese, with the name and a link to /verify-email', async () => {
    const user = await registerUser(app, { name: '佐藤花子' });
    await app.mailer.whenIdle();
    const [mail, ...others] = smtp.mailsTo(user.email);
    expect(others).toEqual([]);
    expect(mail!.authUser).toBe(SMTP_USER);
    expect(mail!.envelope).toEqual({ from: 'stock@example.test', to: [user.email] });
    expect(mail!.from).toEqual({ name: '在庫・製造管理', address: 'stock@example.test' });
    expect(mail!.to).toBe(user.email);
    expect(mail!.subject).toBe('【在庫・製造管理】メールアドレスの確認');
    expect(mail!.text).toContain('佐藤花子 様');
    expect(mail!.text).toContain('メールアドレスの確認を完了してください');
    expect(mail!.text).toContain('有効期限は24時間です');
    const { link, token } = verificationLinkIn(mail!.text, APP_URL);
    expect(link).toBe(`${APP_URL}/verify-email?token=${token}`);
    // 32 random bytes, base64url.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('verifies the address through the link: 200, and /auth/me answers email_verified true', async () => {
    const user = await registerUser(app);
    expect(user.user.email_verified).toBe(false);
    const token = await onlyTokenMailedTo(user.email);

    const response = await verify(token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(VERIFIED);
    expect((await me(user.token)).email_verified).toBe(true);
    const row = await app.db.selectFrom('users').select('email_verified').where('id', '=', user.user.id).executeTakeFirstOrThrow();
    expect(row.email_verified).toBe(1);
  });

  it('stores only the SHA-256 of the token, valid for 24 hours', async () => {
    const user = await registerUser(app);
    const token = await onlyTokenMailedTo(user.email);
    const rows = await storedTokens(user.user.id);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.token_hash).toBe(createHash('sha256').update(token).digest('base64url'));
    expect(rows[0]!.used_at).toBeNull();
    const lifetime = new Date(rows[0]!.expires_at).getTime() - new Date(rows[0]!.created_at).getTime();
    expect(lifetime).toBe(24 * 3600_000);
  });

  it('works once: the same link again answers 400 with a clear message', async () => {
    const user = await registerUser(app);
    const token = await onlyTokenMailedTo(user.email);
    expect((await verify(token)).statusCode).toBe(200);
    const again = await verify(token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual(INVALID);
    expect((await storedTokens(user.user.id))[0]!.used_at).not.toBeNull();
  });

  it('refuses an expired link and leaves the address unverified', async () => {
    const user = await registerUser(app);
    const token = await onlyTokenMailedTo(user.email);
    await app.db
      .updateTable('verification_tokens')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.user.id)
      .execute();
    const response = await verify(token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(INVALID);
    expect((await me(user.token)).email_verified).toBe(false);
    expect((await storedTokens(user.user.id))[0]!.used_at).toBeNull();
  });

  it('lets exactly one of several simultaneous uses of one link through', async () => {
    const user = await registerUser(app);
    const token = await onlyTokenMailedTo(user.email);
    const responses = await Promise.all(Array.from({ length: 6 }, () => verify(token)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    expect((await me(user.token)).email_verified).toBe(true);
  });

  it('answers 400 for an unknown token, and the contract messages for a missing or malformed one', async () => {
    const unknown = await verify(randomUUID());
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual(INVALID);

    for (const [body, message] of [
      [{}, '認証トークンが指定されていません'],
      [{ token: '   ' }, '認証トークンが指定されていません'],
      [{ token: 42 }, '認証トークンが指定されていません'],
      [{ token: 'x'.repeat(201) }, '認証トークンが正しくありません'],
    ] as const) {
      const response = await call(app, 'POST', '/api/auth/verify-email', { body });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });

  it('never makes a listed super admin: a click on the link verifies the address, the console needs a reset or Google (test/auth/)', async () => {
    const user = await registerUser(app, { email: SUPER_ADMIN });
    expect(user.user.is_super_admin).toBe(false);
    expect((await me(user.token)).is_super_admin).toBe(false);

    const token = await onlyTokenMailedTo(SUPER_ADMIN);
    expect((await verify(token)).statusCode).toBe(200);
    expect(await me(user.token)).toMatchObject({ email_verified: true, is_super_admin: false });
  });
});

describe('POST /api/auth/send-verification', () => {
  it('mails a new link to a registered, unverified address; earlier links stay valid until one is used', async () => {
    const user = await registerUser(app);
    const response = await resend(user.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SENT);

    const [first, second] = await tokensMailedTo(user.email);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(await storedTokens(user.user.id)).toHaveLength(2);

    expect((await verify(first)).statusCode).toBe(200);
    // Verified: the other link is of no use any more and is gone.
    expect((await verify(second)).json()).toEqual(INVALID);
    expect((await storedTokens(user.user.id)).map((row) => row.used_at === null)).toEqual([false]);
  });

  it('answers the same for unknown and already verified addresses, and mails neither', async () => {
    const verified = await registerUser(app);
    expect((await verify(await onlyTokenMailedTo(verified.email))).statusCode).toBe(200);
    const unknown = uniqueEmail('nobody');

    for (const email of [unknown, verified.email]) {
      const response = await resend(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(SENT);
    }
    await app.mailer.whenIdle();
    expect(smtp.mailsTo(unknown)).toEqual([]);
    expect(smtp.mailsTo(verified.email)).toHaveLength(1);
  });

  it('allows one mail a minute per address, registered or not, with 429 and Retry-After (no hint of existence)', async () => {
    const registered = await registerUser(app);
    const unknown = uniqueEmail('nobody');
    const answers = [];
    for (const email of [registered.email, unknown]) {
      const first = await resend(email);
      const second = await resend(email.toUpperCase());
      answers.push([first.statusCode, first.json(), second.statusCode, second.json()]);
      expect(second.statusCode).toBe(429);
      const retryAfter = Number(second.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    expect(answers[0]).toEqual([200, SENT, 429, { error: TOO_SOON }]);
    expect(answers[1]).toEqual(answers[0]);
    // The limit is per address: another address is not held back.
    expect((await resend(uniqueEmail())).statusCode).toBe(200);
    // The refused request sent nothing: the sign-up mail and one resend.
    expect(await tokensMailedTo(registered.email)).toHaveLength(2);
  });

  describe('over a day', () => {
    afterEach(() => vi.useRealTimers());

    // The clock moves only while no mail is under way (nodemailer times its connection with Date).
    it('allows five mails a day per address, then 429 until the day is over', async () => {
      const user = await registerUser(app);
      await app.mailer.whenIdle();
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      for (let i = 0; i < 5; i++) {
        expect((await resend(user.email)).statusCode).toBe(200);
        await app.mailer.whenIdle();
        vi.advanceTimersByTime(61_000);
      }
      const refused = await resend(user.email);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ error: DAILY_LIMIT });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      // The sign-up mail and five resends.
      expect(await tokensMailedTo(user.email)).toHaveLength(6);

      vi.advanceTimersByTime(24 * 3600_000);
      expect((await resend(user.email)).statusCode).toBe(200);
      expect(await tokensMailedTo(user.email)).toHaveLength(7);
    });
  });

  it('answers 400 with the contract messages for a missing or malformed address', async () => {
    for (const [body, message] of [
      [{}, 'メールアドレスは必須です'],
      [{ email: 'not-an-email' }, 'メールアドレスの形式が正しくありません'],
    ] as const) {
      const response = await call(app, 'POST', '/api/auth/send-verification', { body });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });
});

describe('the per-address limit with REDIS_URL', () => {
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  let redisReachable = false;
  beforeAll(async () => {
    const probe = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 1000, maxRetriesPerRequest: 0 });
    try {
      await probe.connect();
      await probe.ping();
      redisReachable = true;
    } catch (error) {
      if (process.env.CI === 'true') throw new Error(`Redis is required in CI at ${redisUrl}: ${(error as Error).message}`, { cause: error });
      console.warn(`Redis test skipped: no Redis at ${redisUrl} (${(error as Error).message})`);
    } finally {
      probe.disconnect();
    }
  });

  it('is shared by two instances', async (context) => {
    if (!redisReachable) context.skip();
    const first = await createTestApp({ redisUrl });
    const second = await createTestApp({ redisUrl });
    // A fresh address per run, so counters left in Redis by an earlier run do not matter.
    const email = uniqueEmail('shared');
    expect((await call(first, 'POST', '/api/auth/send-verification', { body: { email } })).statusCode).toBe(200);
    const refused = await call(second, 'POST', '/api/auth/send-verification', { body: { email } });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ error: TOO_SOON });
  });
});

describe('per-IP limits on resend and verify', () => {
  it('answer 429 with Retry-After once AUTH_RATE_LIMIT_PER_MINUTE is used up, per client address', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 3 });
    const remoteAddress = '10.7.0.1';
    for (const [url, body] of [
      ['/api/auth/send-verification', () => ({ email: uniqueEmail() })],
      ['/api/auth/verify-email', () => ({ token: randomUUID() })],
    ] as const) {
      for (let i = 0; i < 3; i++) expect((await call(limited, 'POST', url, { body: body(), remoteAddress })).statusCode).not.toBe(429);
      const refused = await call(limited, 'POST', url, { body: body(), remoteAddress });
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json()).toEqual({ error: 'リクエストが多すぎます。しばらくしてから再度お試しください' });
      expect((await call(limited, 'POST', url, { body: body(), remoteAddress: '10.7.0.2' })).statusCode).not.toBe(429);
    }
  });
});

describe('when the SMTP server is down', () => {
  it('the sign-up still succeeds, the failure is logged, and a resend later works', async () => {
    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const { app: broken, lines } = await createLoggedTestApp({ smtpUrl: `smtp://127.0.0.1:${closedPort}`, appUrl: APP_URL });
    const user = await registerUser(broken);
    expect((await call(broken, 'GET', '/api/auth/me', { token: user.token })).statusCode).toBe(200);

    await broken.mailer.whenIdle();
    const failure = lines.find((line) => line.msg === 'mail could not be sent');
    expect(failure).toMatchObject({ level: LOG_LEVEL.error, mail: { to: user.email, subject: '【在庫・製造管理】メールアドレスの確認' } });
    expect(JSON.stringify(failure!.err)).toContain('ECONNREFUSED');
    // The link exists even though its mail did not go out; a resend is possible.
    expect(await broken.db.selectFrom('verification_tokens').select('id').where('user_id', '=', user.user.id).execute()).toHaveLength(1);
    expect((await call(broken, 'POST', '/api/auth/send-verification', { body: { email: user.email } })).json()).toEqual(SENT);
  });
});

describe('without SMTP_URL', () => {
  it('writes the whole mail, link included, to the log at info level; the link works', async () => {
    const { app: logOnly, lines } = await createLoggedTestApp({ smtpUrl: null, appUrl: APP_URL });
    const user = await registerUser(logOnly, { name: '田中一郎' });
    const line = lines.find((entry) => (entry.mail as { to?: string } | undefined)?.to === user.email);
    expect(line).toMatchObject({
      level: LOG_LEVEL.info,
      mail: { from: DEFAULT_MAIL_FROM, to: user.email, subject: '【在庫・製造管理】メールアドレスの確認' },
    });
    expect(line!.msg).toContain('SMTP_URL is unset');
    expect(line!.msg).toContain('田中一郎 様');
    expect(line!.msg).toContain('有効期限は24時間です');
    const { token } = verificationLinkIn(line!.msg, APP_URL);

    const response = await call(logOnly, 'POST', '/api/auth/verify-email', { body: { token } });
    expect(response.json()).toEqual(VERIFIED);
  });
});

describe('SMTP_URL and MAIL_FROM from the environment', () => {
  const base = { JWT_SECRET: 'x'.repeat(40), DATABASE_URL: 'sqlite::memory:' };

  it('default to logging and no-reply@localhost, and are read when set', () => {
    expect(loadConfigFromEnv(base)).toMatchObject({ smtpUrl: null, mailFrom: 'no-reply@localhost' });
    expect(loadConfigFromEnv({ ...base, SMTP_URL: ' smtps://u:p@mail.example.test:465 ', MAIL_FROM: '在庫 <a@example.test>' })).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.test:465',
      mailFrom: '在庫 <a@example.test>',
    });
  });

  it('refuse a URL that is not smtp:// or smtps:// without printing its password', () => {
    expect(() => loadConfigFromEnv({ ...base, SMTP_URL: 'http://user:hunter2@mail.example.test' })).toThrow(/smtp:\/\/ or smtps:\/\//);
    expect(() => loadConfigFromEnv({ ...base, SMTP_URL: 'http://user:hunter2@mail.example.test' })).not.toThrow(/hunter2/);
    expect(() => loadConfigFromEnv({ ...base, SMTP_URL: 'not a url' })).toThrow(/SMTP_URL/);
  });
});
