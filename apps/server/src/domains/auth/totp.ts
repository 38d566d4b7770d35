import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT, type totpDisableBody } from '@inventory/contracts/account';
import { generateSecret, generateURI, verify } from 'otplib';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { User } from '../../db/database.ts';
import { badRequest, conflict, tooManyRequests } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { hashSecretToken } from './account-mails.ts';
import { accountMessages } from './account-security.ts';
import { recordLoginFailure, secondsUntilLoginAllowed } from './login-failures.ts';
import { verifyPassword } from './passwords.ts';
import { findUserById } from './users-repository.ts';

// The second factor: TOTP (RFC 6238: SHA-1, 6 digits, 30-second steps, one step either way for
// the phone's clock), through otplib; each code is accepted once. Ten single-use recovery codes
// stand in for the phone when it is lost.

export const TOTP_ISSUER = '在庫・製造管理';
const STEP_SECONDS = 30;

export const totpMessages = {
  alreadyOn: '二段階認証は既に有効です',
  notOn: '二段階認証は有効になっていません',
  notSetUp: '先に認証アプリの設定を始めてください',
  wrongCode: '確認コードが正しくありません',
  enabled: '二段階認証を有効にしました',
  disabled: '二段階認証を無効にしました',
  passwordRequired: 'パスワードを入力してください',
  codeRequired: '確認コードを入力してください',
} as const;

/**
 * The time step of a valid code of the secret (the current one or one step either side), after
 * `afterStep` when given, or null. Anything but 6 digits is never a code.
 */
export async function matchTotpCode(secret: string, code: string, afterStep: number | null): Promise<number | null> {
  if (!/^[0-9]{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: STEP_SECONDS,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    });
    // otplib's verify answers for HOTP too; a TOTP match carries its time step.
    return result.valid && 'timeStep' in result ? (result.timeStep as number) : null;
  } catch {
    return null;
  }
}

/** A new secret kept aside until a code of it confirms it; the app reads otpauth_url from a QR code. */
export async function setUpTotp(db: Db, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw badRequest(totpMessages.notSetUp);
  if (user.totp_secret) throw conflict(totpMessages.alreadyOn);
  const secret = generateSecret();
  await db.updateTable('users').set({ totp_pending_secret: secret, updated_at: nowIso() }).where('id', '=', userId).execute();
  return { secret, otpauth_url: generateURI({ issuer: TOTP_ISSUER, label: user.email, secret }) };
}

/** Turns the second factor on with a code of the pending secret; answers the recovery codes (shown once). */
export async function enableTotp(db: Db, userId: number, code: string): Promise<string[]> {
  const user = await findUserById(db, userId);
  if (user?.totp_secret) throw conflict(totpMessages.alreadyOn);
  const pending = user?.totp_pending_secret;
  if (!pending) throw badRequest(totpMessages.notSetUp);
  const step = await matchTotpCode(pending, code, null);
  if (step === null) throw badRequest(totpMessages.wrongCode);

  return db.transaction().execute(async (trx) => {
    // Over the secret that was checked, so a second setup at the same moment is not turned on unseen.
    const turnedOn = await trx
      .updateTable('users')
      .set({ totp_secret: pending, totp_pending_secret: null, totp_last_step: step, updated_at: nowIso() })
      .where('id', '=', userId)
      .where('totp_pending_secret', '=', pending)
      .where('totp_secret', 'is', null)
      .executeTakeFirst();
    if (turnedOn.numUpdatedRows === 0n) throw conflict(totpMessages.alreadyOn);
    return replaceRecoveryCodes(trx, userId);
  });
}

type DisableInput = z.output<typeof totpDisableBody>;

/**
 * Turns the second factor off: an account with a password proves it is the owner with the
 * password, one without (Google) with a code. Wrong ones count as failed logins of the account.
 */
export async function disableTotp(db: Db, caller: { userId: number; email: string }, input: DisableInput, clientAddress: string) {
  const attempt = { email: caller.email, clientAddress };
  const retryAfter = await secondsUntilLoginAllowed(db, attempt);
  if (retryAfter > 0) throw Object.assign(tooManyRequests(accountMessages.tooManyFailures), { retryAfter });

  const user = await findUserById(db, caller.userId);
  if (!user?.totp_secret) throw badRequest(totpMessages.notOn);
  if (user.password_hash) {
    if (!input.password) throw badRequest(totpMessages.passwordRequired);
    if (!(await verifyPassword(user.password_hash, input.password))) {
      await recordLoginFailure(db, attempt);
      throw badRequest(accountMessages.wrongCurrentPassword);
    }
  } else {
    if (!input.code) throw badRequest(totpMessages.codeRequired);
    if (!(await verifySecondFactor(db, user, input.code))) {
      await recordLoginFailure(db, attempt);
      throw badRequest(totpMessages.wrongCode);
    }
  }
  await db.transaction().execute(async (trx) => {
    await clearSecondFactor(trx, caller.userId);
  });
}

/** No second factor any more: the secret, a pending one and the recovery codes are gone. */
export async function clearSecondFactor(trx: DbOrTx, userId: number) {
  await trx
    .updateTable('users')
    .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null, updated_at: nowIso() })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await trx.deleteFrom('mfa_challenges').where('user_id', '=', userId).execute();
}

/**
 * Whether the code proves the second factor, using it up: a code of the app whose time step is
 * newer than the last one accepted (the check and the record in one conditional update, so two
 * requests with one code cannot both pass), or an unused recovery code.
 */
export async function verifySecondFactor(db: DbOrTx, user: Pick<User, 'id' | 'totp_secret' | 'totp_last_step'>, rawCode: string): Promise<boolean> {
  if (!user.totp_secret) return false;
  const code = rawCode.replace(/[\s-]/g, '').toLowerCase();
  if (/^[0-9]{6}$/.test(code)) {
    const step = await matchTotpCode(user.totp_secret, code, user.totp_last_step === null ? null : Number(user.totp_last_step));
    if (step === null) return false;
    const recorded = await db
      .updateTable('users')
      .set({ totp_last_step: step })
      .where('id', '=', user.id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return recorded.numUpdatedRows > 0n;
  }
  if (!RECOVERY_CODE_SHAPE.test(code)) return false;
  const used = await db
    .updateTable('recovery_codes')
    .set({ used_at: nowIso() })
    .where('user_id', '=', user.id)
    .where('code_hash', '=', hashSecretToken(code))
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return used.numUpdatedRows > 0n;
}

// Letters and digits that cannot be mistaken for one another when copied from paper.
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const RECOVERY_CODE_SHAPE = new RegExp(`^[${RECOVERY_ALPHABET}]{10}$`);

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Ten new recovery codes; the earlier ones stop working. Only their hashes are stored. */
async function replaceRecoveryCodes(trx: DbOrTx, userId: number): Promise<string[]> {
  await trx.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const now = nowIso();
  await trx
    .insertInto('recovery_codes')
    .values(codes.map((code) => ({ user_id: userId, code_hash: hashSecretToken(code.replace('-', '')), created_at: now, used_at: null })))
    .execute();
  return codes;
}

export async function countUnusedRecoveryCodes(db: DbOrTx, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
