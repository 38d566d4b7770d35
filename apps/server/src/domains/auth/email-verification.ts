import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { badRequest } from '../../lib/http-error.ts';
import type { Mailer, OutgoingMail } from '../../lib/mailer.ts';
import { DAY_MS, isoAfter, MINUTE_MS } from '../../lib/time.ts';
import { greetingName } from './account-mails.ts';
import { findUserByEmail, markEmailVerified } from './users-repository.ts';
import {
  consumeVerificationToken,
  deleteExpiredVerificationTokens,
  deleteUnusedVerificationTokens,
  insertVerificationToken,
} from './verification-tokens-repository.ts';

export const VERIFICATION_TOKEN_LIFETIME_MS = DAY_MS;
const TOKEN_BYTES = 32;

export const verificationMessages = {
  // The same answer whether the address is registered, verified or unknown.
  sent: '認証メールを送信しました。メールをご確認ください',
  verified: 'メールアドレスを認証しました',
  invalidToken: '認証リンクが無効か期限切れです。認証メールを再送信してください',
  subject: '【在庫・製造管理】メールアドレスの確認',
} as const;

/**
 * Resend limits per requested address, counted whether or not the address is registered (so a
 * 429 tells nothing either). Checked in this order; a request refused by the first does not
 * use up the second.
 */
export const RESEND_LIMITS = [
  {
    name: 'minute',
    max: 1,
    windowMs: MINUTE_MS,
    message: '認証メールの再送信は1分に1回までです。しばらく待ってから再度お試しください',
  },
  {
    name: 'day',
    max: 5,
    windowMs: DAY_MS,
    message: '認証メールの再送信は1日5回までです。時間をおいて再度お試しください',
  },
] as const;

export interface VerificationMailDeps {
  db: Db;
  mailer: Mailer;
  /** APP_URL: the link in the mail opens `${appUrl}/verify-email?token=…`. */
  appUrl: string;
  log: FastifyBaseLogger;
}

/** What is stored for a token: its SHA-256 (a random 256-bit token needs no salt or slow hash). */
export const hashVerificationToken = (token: string) => createHash('sha256').update(token).digest('base64url');

export function verificationMail(appUrl: string, user: { name: string; email: string }, token: string): OutgoingMail {
  const link = `${appUrl}/verify-email?token=${token}`;
  const name = greetingName(user.name);
  return {
    to: user.email,
    subject: verificationMessages.subject,
    text: [
      `${name} 様`,
      '',
      '在庫・製造管理をご利用いただきありがとうございます。',
      '下のリンクを開いて、メールアドレスの確認を完了してください。',
      '',
      link,
      '',
      'このリンクの有効期限は24時間です。期限が切れた場合は、確認ページまたはアプリの画面から認証メールを再送信してください。',
      'このメールに心当たりがない場合は、何もせずに破棄してください。',
      '',
      '在庫・製造管理',
    ].join('\n'),
  };
}

/**
 * Issues a new token for the user and hands the mail with its link to the mailer (delivered in
 * the background). Earlier unused tokens stay valid until they expire or one of them is used.
 */
export async function sendVerificationMail(deps: VerificationMailDeps, user: { id: number; name: string; email: string }) {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  await deleteExpiredVerificationTokens(deps.db, user.id);
  const createdAt = Date.now();
  await insertVerificationToken(deps.db, {
    userId: user.id,
    tokenHash: hashVerificationToken(token),
    createdAt: new Date(createdAt).toISOString(),
    expiresAt: isoAfter(VERIFICATION_TOKEN_LIFETIME_MS, createdAt),
  });
  deps.mailer.send(verificationMail(deps.appUrl, user, token));
}

/**
 * The mail of a sign-up, sent once the sign-up has committed: if even the token cannot be
 * stored, the error is logged and the sign-up still succeeds (the user can ask for a resend).
 */
export async function sendSignUpVerificationMail(deps: VerificationMailDeps, user: { id: number; name: string; email: string }) {
  try {
    await sendVerificationMail(deps, user);
  } catch (error) {
    deps.log.error({ err: error, userId: user.id }, 'verification mail of a sign-up could not be prepared');
  }
}

/**
 * POST /auth/send-verification (after the per-address limits): a mail only for a registered,
 * unverified address; the caller answers the same message in every case.
 */
export async function resendVerificationMail(deps: VerificationMailDeps, email: string) {
  const user = await findUserByEmail(deps.db, email);
  if (!user || user.email_verified === 1) return;
  await sendVerificationMail(deps, user);
}

/** Uses the token once: the user becomes verified, and their other unused links stop working. */
export async function verifyEmail(db: Db, token: string) {
  const verified = await db.transaction().execute(async (trx) => {
    const userId = await consumeVerificationToken(trx, hashVerificationToken(token));
    if (userId === undefined) return false;
    await markEmailVerified(trx, userId);
    await deleteUnusedVerificationTokens(trx, userId);
    return true;
  });
  if (!verified) throw badRequest(verificationMessages.invalidToken);
}
