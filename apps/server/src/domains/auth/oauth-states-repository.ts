import type { DbOrTx } from '../../db/database.ts';
import { MINUTE_MS } from '../../lib/time.ts';

// One row per identity-provider sign-in that has started and not come back yet: the state the
// provider returns, with the PKCE code_verifier and the nonce it must be checked against. Kept in
// the database (not in process memory) so the callback may reach another app instance.
export const OAUTH_STATE_LIFETIME_MS = 10 * MINUTE_MS;

export interface OauthChecks {
  state: string;
  codeVerifier: string;
  nonce: string;
}

export async function insertOauthState(db: DbOrTx, checks: OauthChecks, now = Date.now()) {
  await db
    .insertInto('oauth_states')
    .values({
      state: checks.state,
      code_verifier: checks.codeVerifier,
      nonce: checks.nonce,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + OAUTH_STATE_LIFETIME_MS).toISOString(),
    })
    .execute();
}

/** Drops the sign-ins nobody finished; called whenever a new one starts, so the table stays small. */
export async function deleteExpiredOauthStates(db: DbOrTx, now = Date.now()) {
  await db.deleteFrom('oauth_states').where('expires_at', '<=', new Date(now).toISOString()).execute();
}

/**
 * Takes the state out of the table and answers its checks, or undefined when the state is unknown,
 * already used or expired. One DELETE … RETURNING: of two callbacks with the same state only one
 * gets the row, on both databases. An expired row is deleted as well.
 */
export async function consumeOauthState(db: DbOrTx, state: string, now = Date.now()): Promise<OauthChecks | undefined> {
  const row = await db
    .deleteFrom('oauth_states')
    .where('state', '=', state)
    .returning(['state', 'code_verifier', 'nonce', 'expires_at'])
    .executeTakeFirst();
  if (!row || new Date(row.expires_at).getTime() <= now) return undefined;
  return { state: row.state, codeVerifier: row.code_verifier, nonce: row.nonce };
}
