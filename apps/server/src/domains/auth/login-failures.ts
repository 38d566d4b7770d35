import type { DbOrTx } from '../../db/create-database.ts';
import { MINUTE_MS } from '../../lib/time.ts';

// Failed logins per e-mail: at most 10 in any 15 minutes (DESIGN.md, not configurable).
export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * MINUTE_MS;

/** Seconds until the next attempt for this e-mail is allowed, or 0 when it is allowed now. */
export async function secondsUntilLoginAllowed(db: DbOrTx, email: string, now = Date.now()): Promise<number> {
  const since = new Date(now - FAILED_LOGIN_WINDOW_MS).toISOString();
  const recent = await db
    .selectFrom('login_failures')
    .select('created_at')
    .where('email', '=', email)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(MAX_FAILED_LOGINS)
    .execute();
  if (recent.length < MAX_FAILED_LOGINS) return 0;
  const oldest = new Date(recent[recent.length - 1]!.created_at).getTime();
  return Math.max(1, Math.ceil((oldest + FAILED_LOGIN_WINDOW_MS - now) / 1000));
}

export async function recordLoginFailure(db: DbOrTx, email: string, now = Date.now()) {
  // Rows older than the window no longer count; dropping them here keeps the table small.
  const since = new Date(now - FAILED_LOGIN_WINDOW_MS).toISOString();
  await db.deleteFrom('login_failures').where('email', '=', email).where('created_at', '<=', since).execute();
  await db.insertInto('login_failures').values({ email, created_at: new Date(now).toISOString() }).execute();
}

export async function clearLoginFailures(db: DbOrTx, email: string) {
  await db.deleteFrom('login_failures').where('email', '=', email).execute();
}
