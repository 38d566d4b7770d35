import type { DbOrTx } from '../../db/database.ts';
import { forbidden } from '../../lib/http-error.ts';

export const UNVERIFIED_ACTOR_MESSAGE =
  'メールアドレスの認証が完了していないため、この操作はできません。届いた認証メールのリンクを開いてから、もう一度お試しください';

/**
 * Inviting people and changing roles need an address the actor has proved: anyone can register
 * someone else's address, and such a squatter must not gather accomplices in the owner's name.
 */
export async function requireVerifiedActor(db: DbOrTx, userId: number) {
  const user = await db.selectFrom('users').select('email_verified').where('id', '=', userId).executeTakeFirst();
  if (user?.email_verified !== 1) throw forbidden(UNVERIFIED_ACTOR_MESSAGE);
}
