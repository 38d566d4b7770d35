import type { DbOrTx } from '../../db/database.ts';
import { MINUTE_MS } from '../../lib/time.ts';

// Failed logins per e-mail and client address: at most 10 in any 15 minutes (not
// configurable). Keyed with the address too, so failures from a stranger's address never lock
// the owner out of their own; the per-IP limit on the login route caps how fast one address tries.
export const MAX_FAILED_LOGINS = 10;
export const FAILED_LOGIN_WINDOW_MS = 15 * MINUTE_MS;

export interface LoginAttempt {
  email: string;
  clientAddress: string;
}

/** Seconds until the next attempt for this e-mail from this address is allowed, or 0 when it is allowed now. */
export async function secondsUntilLoginAllowed(db: DbOrTx, attempt: LoginAttempt, now = Date.now()): Promise<number> {
  const since = new Date(now - FAILED_LOGIN_WINDOW_MS).toISOString();
  const recent = await db
    .selectFrom('login_failures')
    .select('created_at')
    .where('email', '=', attempt.email)
    .where('client_address', '=', attempt.clientAddress)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(MAX_FAILED_LOGINS)
    .execute();
  if (recent.length < MAX_FAILED_LOGINS) return 0;
  const oldest = new Date(recent[recent.length - 1]!.created_at).getTime();
  return Math.max(1, Math.ceil((oldest + FAILED_LOGIN_WINDOW_MS - now) / 1000));
}

export async function recordLoginFailure(db: DbOrTx, attempt: LoginAttempt, now = Date.now()) {
  // Rows older than the window no longer count; dropping them here keeps the table small.
  const since = new Date(now - FAILED_LOGIN_WINDOW_MS).toISOString();
  await db.deleteFrom('login_failures').where('email', '=', attempt.email).where('created_at', '<=', since).execute();
  await db
    .insertInto('login_failures')
    .values({ email: attempt.email, client_address: attempt.clientAddress, created_at: new Date(now).toISOString() })
    .execute();
}

/** After a successful login from this address; failures from other addresses keep counting. */
export async function clearLoginFailures(db: DbOrTx, attempt: LoginAttempt) {
  await db
    .deleteFrom('login_failures')
    .where('email', '=', attempt.email)
    .where('client_address', '=', attempt.clientAddress)
    .execute();
}
