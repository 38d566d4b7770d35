import type { AccountSecurity } from '@inventory/contracts/account';
import type { DbOrTx } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { countUnusedRecoveryCodes } from './totp.ts';
import { findUserById } from './users-repository.ts';

/** GET /auth/account: what アカウント設定 shows of the account's safety. */
export async function accountSecurityOf(db: DbOrTx, userId: number): Promise<AccountSecurity> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound('アカウントが見つかりません');
  const totpEnabled = user.totp_secret !== null;
  return {
    email: user.email,
    email_verified: user.email_verified === 1,
    has_password: user.password_hash !== null,
    totp_enabled: totpEnabled,
    recovery_codes_remaining: totpEnabled ? await countUnusedRecoveryCodes(db, userId) : 0,
    google_linked: user.google_sub !== null,
  };
}
