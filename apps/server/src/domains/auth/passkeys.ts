import type { Passkey, passkeyAuthenticationResponse, passkeyRegistrationResponse } from '@inventory/contracts/account';
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { WebauthnPurpose } from '../../db/database.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/http-error.ts';
import { isoAfter, MINUTE_MS, nowIso } from '../../lib/time.ts';
import { type AuthDeps, signInWorkspaceId, startSession } from './auth-service.ts';
import { describeUserAgent } from './signed-in-devices.ts';
import { findUserById, recordLogin } from './users-repository.ts';

// Passkeys (WebAuthn) through @simplewebauthn/server: discoverable credentials, so a sign-in
// needs no e-mail, and user verification (fingerprint, face, PIN) required, so a passkey alone
// is as strong as a password and a second factor. The relying party is APP_URL: its host name
// is the RP ID and its origin the only origin accepted. Challenges live in the database for 5
// minutes and are used once, so any instance can finish a ceremony another one began.

export const CHALLENGE_LIFETIME_MS = 5 * MINUTE_MS;
const RP_NAME = '在庫・製造管理';
const MAX_PASSKEYS = 20;

export const passkeyMessages = {
  invalidResponse: 'パスキーの応答が正しくありません',
  expired: 'パスキーの手続きの有効期限が切れました。もう一度お試しください',
  registerFailed: 'パスキーを登録できませんでした。もう一度お試しください',
  alreadyRegistered: 'このパスキーは既に登録されています',
  tooMany: `パスキーは1つのアカウントにつき${MAX_PASSKEYS}件まで登録できます`,
  loginFailed: 'パスキーでログインできませんでした。登録済みのパスキーを選んでください',
  notFound: 'パスキーが見つかりません',
  deleted: 'パスキーを削除しました',
} as const;

export interface RelyingParty {
  /** APP_URL's host name. */
  id: string;
  /** APP_URL's origin. */
  origin: string;
}

export const relyingPartyOf = (appUrl: string): RelyingParty => {
  const url = new URL(appUrl);
  return { id: url.hostname, origin: url.origin };
};

const toBase64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const fromBase64url = (text: string) => new Uint8Array(Buffer.from(text, 'base64url'));

// ---------------------------------------------------------------------------------------------
// Challenges

async function storeChallenge(db: DbOrTx, challenge: string, purpose: WebauthnPurpose, userId: number | null) {
  const now = Date.now();
  // Ceremonies nobody finished: dropped whenever a new one starts, so the table stays small.
  await db.deleteFrom('webauthn_challenges').where('expires_at', '<=', new Date(now).toISOString()).execute();
  await db
    .insertInto('webauthn_challenges')
    .values({ challenge, purpose, user_id: userId, created_at: new Date(now).toISOString(), expires_at: isoAfter(CHALLENGE_LIFETIME_MS, now) })
    .execute();
}

/** The challenge the browser signed, from its clientDataJSON; undefined when it names none. */
function challengeIn(clientDataJSON: string): string | undefined {
  try {
    const clientData = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof clientData.challenge === 'string' && /^[A-Za-z0-9_-]{16,200}$/.test(clientData.challenge) ? clientData.challenge : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes the challenge the response answers out of the table (one DELETE … RETURNING: of two
 * requests with it, one gets it): true only when it was issued for this purpose and user and
 * has not expired.
 */
async function consumeChallenge(db: DbOrTx, clientDataJSON: string, purpose: WebauthnPurpose, userId: number | null): Promise<string> {
  const challenge = challengeIn(clientDataJSON);
  if (!challenge) throw badRequest(passkeyMessages.invalidResponse);
  const row = await db
    .deleteFrom('webauthn_challenges')
    .where('challenge', '=', challenge)
    .returning(['purpose', 'user_id', 'expires_at'])
    .executeTakeFirst();
  if (!row || row.purpose !== purpose || row.user_id !== userId || Date.parse(row.expires_at) <= Date.now()) {
    throw badRequest(passkeyMessages.expired);
  }
  return challenge;
}

// ---------------------------------------------------------------------------------------------
// Registration (signed in)

export async function passkeyRegistrationOptions(db: Db, rp: RelyingParty, userId: number) {
  const user = await findUserById(db, userId);
  if (!user) throw notFound(passkeyMessages.notFound);
  const existing = await db.selectFrom('passkeys').select(['credential_id', 'transports']).where('user_id', '=', userId).execute();
  if (existing.length >= MAX_PASSKEYS) throw conflict(passkeyMessages.tooMany);
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`user-${user.id}`),
    attestationType: 'none',
    excludeCredentials: existing.map((passkey) => ({
      id: passkey.credential_id,
      transports: JSON.parse(passkey.transports) as AuthenticatorTransport[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  await storeChallenge(db, options.challenge, 'register', userId);
  return { ...options };
}

type RegistrationInput = z.output<typeof passkeyRegistrationResponse>;

/** Stores the new passkey; its name is the one given, or the browser and OS of the request. */
export async function registerPasskey(
  db: Db,
  rp: RelyingParty,
  userId: number,
  input: { response: RegistrationInput; name: string | null },
  userAgent: string | null,
): Promise<Passkey> {
  const expectedChallenge = await consumeChallenge(db, input.response.response.clientDataJSON, 'register', userId);
  const credential = await verifiedCredential(input.response, expectedChallenge, rp);
  const device = describeUserAgent(userAgent);
  const name = input.name ?? ([device.browser, device.os].filter(Boolean).join(' / ') || 'パスキー');
  try {
    const row = await db
      .insertInto('passkeys')
      .values({
        user_id: userId,
        credential_id: credential.id,
        public_key: toBase64url(credential.publicKey),
        counter: credential.counter,
        transports: JSON.stringify(credential.transports ?? []),
        name,
        created_at: nowIso(),
        last_used_at: null,
      })
      .returning(['id', 'name', 'created_at', 'last_used_at'])
      .executeTakeFirstOrThrow();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(passkeyMessages.alreadyRegistered);
    throw error;
  }
}

/** The new credential of a registration response, or 400 when it does not verify. */
async function verifiedCredential(response: RegistrationInput, expectedChallenge: string, rp: RelyingParty) {
  try {
    const verification = await verifyRegistrationResponse({
      response: response as unknown as RegistrationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
    if (verification.verified) return verification.registrationInfo.credential;
  } catch {
    // A response that cannot be read is refused like one that does not verify.
  }
  throw badRequest(passkeyMessages.registerFailed);
}

export function listPasskeys(db: DbOrTx, userId: number): Promise<Passkey[]> {
  return db
    .selectFrom('passkeys')
    .select(['id', 'name', 'created_at', 'last_used_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Deletes one of the user's passkeys; another user's id is 404, as one that does not exist. */
export async function deletePasskey(db: DbOrTx, userId: number, passkeyId: number) {
  const result = await db.deleteFrom('passkeys').where('id', '=', passkeyId).where('user_id', '=', userId).executeTakeFirst();
  if (result.numDeletedRows === 0n) throw notFound(passkeyMessages.notFound);
}

// ---------------------------------------------------------------------------------------------
// Sign-in (no session)

export async function passkeyLoginOptions(db: Db, rp: RelyingParty) {
  // No allowCredentials: the browser offers the passkeys it holds for this site (discoverable).
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' });
  await storeChallenge(db, options.challenge, 'login', null);
  return { ...options };
}

type AuthenticationInput = z.output<typeof passkeyAuthenticationResponse>;

/**
 * Signs in with a passkey: the challenge is used up first, then the signature is checked against
 * the stored public key and the counter moves on. No second factor is asked: the passkey with its
 * user verification is already two. Answers like login.
 */
export async function loginWithPasskey(deps: AuthDeps, rp: RelyingParty, response: AuthenticationInput, userAgent: string | null) {
  const expectedChallenge = await consumeChallenge(deps.db, response.response.clientDataJSON, 'login', null);
  const passkey = await deps.db.selectFrom('passkeys').selectAll().where('credential_id', '=', response.id).executeTakeFirst();
  if (!passkey) throw badRequest(passkeyMessages.loginFailed);

  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response: response as unknown as AuthenticationResponseJSON,
      expectedChallenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credential_id,
        publicKey: fromBase64url(passkey.public_key),
        counter: Number(passkey.counter),
        transports: JSON.parse(passkey.transports) as AuthenticatorTransport[],
      },
      requireUserVerification: true,
    });
    if (!verification.verified) throw new Error('not verified');
    newCounter = verification.authenticationInfo.newCounter;
  } catch {
    throw badRequest(passkeyMessages.loginFailed);
  }

  const user = await findUserById(deps.db, passkey.user_id);
  if (!user) throw badRequest(passkeyMessages.loginFailed);
  const workspaceId = await signInWorkspaceId(deps.db, user);
  return deps.db.transaction().execute(async (trx) => {
    await trx.updateTable('passkeys').set({ counter: newCounter, last_used_at: nowIso() }).where('id', '=', passkey.id).execute();
    await recordLogin(trx, user.id, workspaceId);
    return startSession(deps, trx, user.id, workspaceId, userAgent);
  });
}
