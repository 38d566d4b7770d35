import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import type { FairGateLimits } from './lib/fair-gate.ts';
import { ensurePrivateFolder } from './lib/private-files.ts';

export interface AppConfig {
  /** `sqlite:PATH` (PATH may be `:memory:`) or `postgres://…` */
  databaseUrl: string;
  jwtSecret: string;
  appUrl: string;
  /** `smtp://…` or `smtps://…`; null: mails are written to the log instead of sent. */
  smtpUrl: string | null;
  /** Sender of the mails (MAIL_FROM), e.g. `no-reply@example.com` or `在庫管理 <no-reply@example.com>`. */
  mailFrom: string;
  superAdminEmails: string[];
  google: { clientId: string; clientSecret: string } | null;
  oidcIssuer: string;
  redisUrl: string | null;
  authRateLimitPerMinute: number;
  /** Which reverse proxies' X-Forwarded-For and X-Forwarded-Proto are believed (TRUST_PROXY); see TrustedProxies. */
  trustProxy: TrustedProxies;
  /** Folder of the built web app, or null to serve the API only. */
  webDistDir: string | null;
  logLevel: 'silent' | 'error' | 'warn' | 'info' | 'debug';
  /** Heavy calls (routes with `config: { heavy: true }`) running and waiting at once; see plugins/heavy-calls.ts. */
  heavyCalls: FairGateLimits;
  /** How long a client may take to send its request, and stay silent; see DEFAULT_HTTP_DEADLINES. */
  httpDeadlines: HttpDeadlines;
}

export interface HttpDeadlines {
  /** From the start of a request to the end of its headers. */
  headersMs: number;
  /** From the start of a request to the last byte of its body: the deadline of every upload. */
  requestMs: number;
  /** A connection on which no byte moves either way for this long is closed (a client that stops reading an answer). */
  idleMs: number;
}

/**
 * 20 s for the headers (a few hundred bytes); 60 s for the whole request, in which the largest
 * body (a 10 MB CSV file) needs 1.4 Mbit/s and a 1 MB JSON body 140 kbit/s; 30 s of silence,
 * far more than the longest a heavy call waits for its slot and runs before its first byte. Not
 * environment variables, like the heavy-call limits (docs/decisions.md, Resource limits).
 */
export const DEFAULT_HTTP_DEADLINES: HttpDeadlines = { headersMs: 20_000, requestMs: 60_000, idleMs: 30_000 };

/**
 * The reverse proxies in front of the app: none (false), the number of proxy hops, or the
 * proxies' addresses and CIDR ranges. The client's address (request.ip, the key of every per-IP
 * limit) is the first X-Forwarded-For entry, from the right, that no trusted proxy wrote: what a
 * client writes itself at the left of the header is never read as its address.
 */
export type TrustedProxies = false | number | string[];

/**
 * 4 heavy calls at once per instance, 2 of them for one workspace, one user or one client address;
 * 16 more of a workspace may wait up to 5 s (docs/decisions.md, Resource limits).
 */
export const DEFAULT_HEAVY_CALL_LIMITS: FairGateLimits = { maxActive: 4, maxActivePerKey: 2, maxQueuedPerKey: 16, maxWaitMs: 5000 };

const DEFAULT_DATABASE_URL = 'sqlite:./data/app.db';
export const DEFAULT_MAIL_FROM = 'no-reply@localhost';

/** Reads the environment variables documented in the README. */
export function loadConfigFromEnv(env: NodeJS.ProcessEnv = process.env): AppConfig & { port: number; host: string } {
  const port = parsePositiveInt(env.PORT, 'PORT') ?? 3000;
  const databaseUrl = databaseUrlFromEnv(env);
  const googleId = env.GOOGLE_CLIENT_ID?.trim();
  const googleSecret = env.GOOGLE_CLIENT_SECRET?.trim();
  const webDist = path.resolve(import.meta.dirname, '../../web/dist');
  return {
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl,
    jwtSecret: env.JWT_SECRET || loadOrCreateSecret(dataFolderOf(databaseUrl)),
    appUrl: (env.APP_URL || `http://localhost:${port}`).replace(/\/$/, ''),
    smtpUrl: parseSmtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    superAdminEmails: (env.SUPER_ADMIN_EMAILS ?? '')
      .split(',')
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
    google: googleId && googleSecret ? { clientId: googleId, clientSecret: googleSecret } : null,
    oidcIssuer: env.OIDC_ISSUER || 'https://accounts.google.com',
    redisUrl: env.REDIS_URL || null,
    authRateLimitPerMinute: parsePositiveInt(env.AUTH_RATE_LIMIT_PER_MINUTE, 'AUTH_RATE_LIMIT_PER_MINUTE') ?? 20,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    webDistDir: existsSync(path.join(webDist, 'index.html')) ? webDist : null,
    logLevel: 'info',
    heavyCalls: DEFAULT_HEAVY_CALL_LIMITS,
    httpDeadlines: DEFAULT_HTTP_DEADLINES,
  };
}

/** DATABASE_URL or the default SQLite file: the server, `npm run backup` and `npm run restore` read it alike. */
export function databaseUrlFromEnv(env: NodeJS.ProcessEnv = process.env): string {
  return env.DATABASE_URL || DEFAULT_DATABASE_URL;
}

function parsePositiveInt(value: string | undefined, name: string): number | undefined {
  if (value === undefined || value === '') return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer, got "${value}"`);
  return parsed;
}

/** A mistyped SMTP_URL stops the start instead of silently losing every mail. */
function parseSmtpUrl(value: string | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error('SMTP_URL must be a URL such as smtp://user:pass@host:587');
  }
  // The URL may hold a password, so the message names only its scheme.
  if (protocol !== 'smtp:' && protocol !== 'smtps:') throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${protocol}"`);
  return url;
}

const TRUST_PROXY_FORMS = 'the number of proxies in front of the app (TRUST_PROXY=1) or their addresses and ranges (TRUST_PROXY=10.0.0.0/8,192.168.1.10)';

/**
 * TRUST_PROXY: unset, `false` or `0` trusts no proxy; a positive integer is a hop count; anything
 * else is a comma-separated list of addresses and CIDR ranges. `true` (trust every hop) stops the
 * start: with it, a client chose its own address by writing X-Forwarded-For itself.
 */
export function parseTrustProxy(value: string | undefined): TrustedProxies {
  const setting = value?.trim() ?? '';
  if (setting === '' || setting === 'false' || setting === '0') return false;
  if (setting === 'true' || setting === 'all') {
    throw new Error(`TRUST_PROXY=${setting} would let every client choose its own address; set ${TRUST_PROXY_FORMS}`);
  }
  if (/^[0-9]+$/.test(setting)) return parsePositiveInt(setting, 'TRUST_PROXY')!;
  const ranges = setting.split(',').map((range) => range.trim());
  const wrong = ranges.find((range) => !isAddressOrRange(range));
  if (wrong !== undefined) throw new Error(`TRUST_PROXY must be ${TRUST_PROXY_FORMS}, got "${wrong}"`);
  return ranges;
}

/** `10.1.2.3`, `10.0.0.0/8`, `fd00::/8`: an IP address, with an optional prefix length that fits it. */
function isAddressOrRange(range: string): boolean {
  const [address = '', prefix, ...rest] = range.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^[0-9]{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** The folder that holds the SQLite file; PostgreSQL set-ups keep their secret in ./data as well. */
export function dataFolderOf(databaseUrl: string): string {
  if (databaseUrl.startsWith('sqlite:')) {
    const file = databaseUrl.slice('sqlite:'.length);
    if (file !== ':memory:') return path.dirname(path.resolve(file));
  }
  return path.resolve('data');
}

/**
 * Without JWT_SECRET a random key is generated on first start and kept next to the database,
 * so tokens survive restarts. Several instances must share one JWT_SECRET instead.
 */
function loadOrCreateSecret(folder: string): string {
  const file = path.join(folder, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  ensurePrivateFolder(folder);
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
