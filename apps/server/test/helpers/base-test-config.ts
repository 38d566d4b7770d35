import { type AppConfig, DEFAULT_HEAVY_CALL_LIMITS, DEFAULT_HTTP_DEADLINES } from '../../src/config.ts';

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/** Settings for an app under test: quiet, no rate limits in the way, no web build unless given. */
export function baseTestConfig(databaseUrl: string, overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    databaseUrl,
    jwtSecret: TEST_JWT_SECRET,
    appUrl: 'http://localhost:3000',
    // Mails go to the (silent) log unless a test points this at its own SMTP server.
    smtpUrl: null,
    mailFrom: 'no-reply@localhost',
    superAdminEmails: [],
    google: null,
    oidcIssuer: 'https://accounts.google.com',
    redisUrl: null,
    // High enough that ordinary tests never meet it; the rate-limit tests set their own.
    authRateLimitPerMinute: 10_000,
    trustProxy: false,
    webDistDir: null,
    logLevel: 'silent',
    heavyCalls: DEFAULT_HEAVY_CALL_LIMITS,
    httpDeadlines: DEFAULT_HTTP_DEADLINES,
    ...overrides,
  };
}
