import type { resetPasswordBody } from '@inventory/contracts/account';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { DAY_MS, isoAfter, MINUTE_MS, nowIso } from '../../lib/time.ts';
import { accountNoticeMail, hashSecretToken, newSecretToken, passwordResetMail } from './account-mails.ts';
import { takeOverAccount } from './account-takeover.ts';
import { type AuthDeps, type SignInClient, signInWorkspaceId, startSession } from './auth-service.ts';
import { startSecondStep } from './mfa-challenges-repository.ts';
import { hashPassword } from './passwords.ts';
import { consumeResetToken, deleteResetTokens, insertResetToken } from './password-reset-tokens-repository.ts';
import { revokeAllSessions } from './sessions-repository.ts';
import { findUserByEmail, findUserById, recordLogin, setProvenPassword } from './users-repository.ts';
import { deleteUnusedVerificationTokens } from './verification-tokens-repository.ts';

export const RESET_TOKEN_LIFETIME_MS = 60 * MINUTE_MS;

export const resetMessages = {
  // The same answer whether or not the address has an account.
  requested: 'パスワード再設定のご案内を受け付けました。登録されているメールアドレスであれば、再設定用のリンクをお送りしました。メールをご確認ください',
  invalidToken: '再設定リンクが無効か期限切れです。もう一度パスワードの再設定をお申し込みください',
} as const;

/**
 * Mails per requested address and client address, counted whether or not the address is
 * registered (so a 429 tells nothing either), on top of the per-IP limit. Keyed with the client
 * address too, so a stranger using them up does not keep the owner from their own mail.
 */
export const RESET_MAIL_LIMITS = [
  {
    name: 'minute',
    max: 1,
    windowMs: MINUTE_MS,
    message: 'パスワード再設定のメールは1分に1回までです。しばらく待ってから再度お試しください',
  },
  {
    name: 'day',
    max: 5,
    windowMs: DAY_MS,
    message: 'パスワード再設定のメールは1日5回までです。時間をおいて再度お試しください',
  },
] as const;

export interface ResetMailDeps {
  db: Db;
  mailer: Mailer;
  /** APP_URL: the link in the mail opens `${appUrl}/reset-password?token=…`. */
  appUrl: string;
}

/**
 * POST /auth/forgot-password: hands the mailer a mail still to be prepared and returns at once,
 * so the answer comes in the same time whether or not the address has an account; the lookup,
 * the token and the mail happen after it. A new token makes the user's earlier ones useless.
 */
export function requestPasswordReset(deps: ResetMailDeps, email: string): void {
  deps.mailer.sendPrepared(
    (async () => {
      const user = await findUserByEmail(deps.db, email);
      if (!user) return null;
      const token = newSecretToken();
      await deps.db.transaction().execute(async (trx) => {
        await deleteResetTokens(trx, user.id);
        await insertResetToken(trx, { userId: user.id, tokenHash: hashSecretToken(token), expiresAt: isoAfter(RESET_TOKEN_LIFETIME_MS) });
      });
      return passwordResetMail(deps.appUrl, user, token);
    })(),
  );
}

type ResetInput = z.output<typeof resetPasswordBody>;

/**
 * POST /auth/reset-password: uses the token once and sets the password. Every session of the
 * user ends; the address counts as verified; a listed super-admin address records its proof. An
 * account that was never verified is taken over (account-takeover.ts). Answers a new session, or
 * with TOTP on the second step first: the mail alone does not pass the second factor.
 */
export async function resetPassword(deps: AuthDeps & ResetMailDeps, input: ResetInput, client: SignInClient) {
  // The slow hash before the transaction, which holds SQLite's one connection.
  const passwordHash = await hashPassword(input.password);
  const result = await deps.db.transaction().execute(async (trx) => {
    const userId = await consumeResetToken(trx, hashSecretToken(input.token));
    const user = userId === undefined ? undefined : await findUserById(trx, userId);
    if (!user) throw badRequest(resetMessages.invalidToken);

    const provenAt = nowIso();
    const listed = deps.superAdminEmails.includes(user.email);
    await setProvenPassword(trx, user.id, passwordHash, listed ? provenAt : null);
    await revokeAllSessions(trx, user.id);
    await deleteResetTokens(trx, user.id);
    await deleteUnusedVerificationTokens(trx, user.id);

    const takenOver = user.email_verified === 0;
    const workspaceId = takenOver ? await takeOverAccount(trx, user) : await signInWorkspaceId(trx, user);
    if (!takenOver && user.totp_secret) return { user, answer: await startSecondStep(trx, user.id) };
    await recordLogin(trx, user.id, workspaceId);
    return { user, answer: await startSession(deps, trx, user.id, workspaceId, client.userAgent) };
  });
  deps.mailer.send(accountNoticeMail(deps.appUrl, result.user, 'password-reset'));
  return result.answer;
}
