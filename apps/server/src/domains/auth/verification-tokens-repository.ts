import type { DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

// Only the SHA-256 hash of a token is stored; the token itself exists in the mail alone.

export async function insertVerificationToken(db: DbOrTx, token: { userId: number; tokenHash: string; createdAt: string; expiresAt: string }) {
  await db
    .insertInto('verification_tokens')
    .values({ user_id: token.userId, token_hash: token.tokenHash, created_at: token.createdAt, expires_at: token.expiresAt, used_at: null })
    .execute();
}

/**
 * Marks an unused, unexpired token used and answers its user, or undefined. The condition is in
 * the update itself, so of two simultaneous uses of one token exactly one gets the user.
 */
export async function consumeVerificationToken(db: DbOrTx, tokenHash: string): Promise<number | undefined> {
  const now = nowIso();
  const row = await db
    .updateTable('verification_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** After a verification: the user's other links are of no use any more. */
export async function deleteUnusedVerificationTokens(db: DbOrTx, userId: number) {
  await db.deleteFrom('verification_tokens').where('user_id', '=', userId).where('used_at', 'is', null).execute();
}

/** Expired tokens of the user (used or not), dropped whenever a new one is issued so the table stays small. */
export async function deleteExpiredVerificationTokens(db: DbOrTx, userId: number) {
  await db.deleteFrom('verification_tokens').where('user_id', '=', userId).where('expires_at', '<=', nowIso()).execute();
}
