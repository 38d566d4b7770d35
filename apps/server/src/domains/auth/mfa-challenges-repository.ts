import type { MfaRequiredResponse } from '@inventory/contracts/account';
import type { DbOrTx } from '../../db/database.ts';
import { isoAfter, MINUTE_MS, nowIso } from '../../lib/time.ts';
import { hashSecretToken, newSecretToken } from './account-mails.ts';

// A sign-in halfway: the password (or a reset link) was right and the second factor is still to
// come. Kept in the database, so any instance can finish it; only the token's hash is stored.

export const MFA_TOKEN_LIFETIME_MS = 5 * MINUTE_MS;

/** The answer of a first step: no session yet, an mfa_token valid 5 minutes. */
export async function startSecondStep(db: DbOrTx, userId: number): Promise<MfaRequiredResponse> {
  const token = newSecretToken();
  // Steps nobody finished: dropped whenever a new one starts, so the table stays small.
  await db.deleteFrom('mfa_challenges').where('user_id', '=', userId).where('expires_at', '<=', nowIso()).execute();
  await db
    .insertInto('mfa_challenges')
    .values({ token_hash: hashSecretToken(token), user_id: userId, created_at: nowIso(), expires_at: isoAfter(MFA_TOKEN_LIFETIME_MS) })
    .execute();
  return { mfa_required: true, mfa_token: token };
}

/** The user of an unexpired step, or undefined. */
export async function findSecondStepUser(db: DbOrTx, token: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('mfa_challenges')
    .select('user_id')
    .where('token_hash', '=', hashSecretToken(token))
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row?.user_id;
}

/** Uses the step up; false when another request did first. */
export async function consumeSecondStep(db: DbOrTx, token: string): Promise<boolean> {
  const used = await db.deleteFrom('mfa_challenges').where('token_hash', '=', hashSecretToken(token)).executeTakeFirst();
  return used.numDeletedRows > 0n;
}
