import type { changePasswordBody } from '@inventory/contracts/auth';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { badRequest, conflict, tooManyRequests } from '../../lib/http-error.ts';
import { recordLoginFailure, secondsUntilLoginAllowed } from './login-failures.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { revokeAllSessions, revokeOtherSessions } from './sessions-repository.ts';
import { findUserById, replacePasswordHash } from './users-repository.ts';

// A wrong current password answers 400, not 401/403: the web client takes any 401/403 as the
// end of the session and would sign the user out for a typo.
export const accountMessages = {
  passwordChanged: 'パスワードを変更しました',
  passwordSet: 'パスワードを設定しました',
  currentPasswordRequired: '現在のパスワードは必須です',
  loggedOutEverywhere: 'すべての端末からログアウトしました',
  wrongCurrentPassword: '現在のパスワードが正しくありません',
  samePassword: '新しいパスワードには現在のパスワードと異なるものを入力してください',
  tooManyFailures: 'パスワードの確認に失敗した回数が多すぎます。時間をおいて再度お試しください',
  changedMeanwhile: 'パスワードが同時に変更されました。もう一度お試しください',
} as const;

type ChangePasswordInput = z.output<typeof changePasswordBody>;

export interface Caller {
  userId: number;
  email: string;
  sessionId: string;
}

/**
 * Checks the current password, stores the new one, and ends every other session of the user;
 * the caller's session stays. A wrong current password counts as a failed login of that
 * account from the caller's address (10 per 15 minutes, then 429), so a stolen token cannot
 * be used to guess the password. An account without a password (made by Google sign-in) sets
 * its first one without a current one. Answers whether it was the first.
 */
export async function changePassword(db: Db, caller: Caller, input: ChangePasswordInput, clientAddress: string): Promise<{ first: boolean }> {
  const attempt = { email: caller.email, clientAddress };
  const retryAfter = await secondsUntilLoginAllowed(db, attempt);
  if (retryAfter > 0) throw Object.assign(tooManyRequests(accountMessages.tooManyFailures), { retryAfter });

  const user = await findUserById(db, caller.userId);
  const currentHash = user?.password_hash ?? null;
  if (currentHash) {
    if (!input.current_password) throw badRequest(accountMessages.currentPasswordRequired);
    if (!(await verifyPassword(currentHash, input.current_password))) {
      await recordLoginFailure(db, attempt);
      throw badRequest(accountMessages.wrongCurrentPassword);
    }
    if (input.new_password === input.current_password) throw badRequest(accountMessages.samePassword);
  }

  const newHash = await hashPassword(input.new_password);
  await db.transaction().execute(async (trx) => {
    // Only over the hash that was checked (or over no password at all): of two simultaneous
    // changes one wins, the other is told.
    if (!(await replacePasswordHash(trx, caller.userId, currentHash, newHash))) throw conflict(accountMessages.changedMeanwhile);
    await revokeOtherSessions(trx, caller.userId, caller.sessionId);
  });
  return { first: currentHash === null };
}

/** Ends every session of the user, the caller's included. */
export async function logoutEverywhere(db: Db, userId: number) {
  await revokeAllSessions(db, userId);
}
