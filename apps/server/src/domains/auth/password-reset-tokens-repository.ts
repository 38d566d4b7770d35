import type { DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

// Only the SHA-256 hash of a reset token is stored; the token itself exists in the mail alone.

export async function insertResetToken(db: DbOrTx, token: { userId: number; tokenHash: string; expiresAt: string }) {
  await db
    .insertInto('password_reset_tokens')
    .values({ user_id: token.userId, token_hash: token.tokenHash, created_at: nowIso(), expires_at: token.expiresAt, used_at: null })
    .execute();
}

/** Every token of the user that was not used (a newer request, or a reset, makes them useless), and the used ones. */
export async function deleteResetTokens(db: DbOrTx, userId: number) {
  await db.deleteFrom('password_reset_tokens').where('user_id', '=', userId).execute();
}

/**
 * Marks an unused, unexpired token used and answers its user, or undefined. The condition is in
 * the update itself, so of two simultaneous uses of one token exactly one gets the user.
 */
export async function consumeResetToken(db: DbOrTx, tokenHash: string): Promise<number | undefined> {
  const now = nowIso();
  const row = await db
    .updateTable('password_reset_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}
