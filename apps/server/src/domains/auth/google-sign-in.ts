import type { providerCallbackBody } from '@inventory/contracts/auth';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { badRequest, conflict, forbidden, HttpError, isUniqueViolation } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { type AuthDeps, createAccount, type SignInUser, signInWorkspaceId, startSession } from './auth-service.ts';
import { consumeOauthState, deleteExpiredOauthStates, insertOauthState } from './oauth-states-repository.ts';
import { isProviderUnavailable, type OidcClient, type ProviderIdentity } from './oidc-client.ts';
import { takeOverAccount } from './account-takeover.ts';
import {
  dropUnprovenPassword,
  findUserByEmail,
  findUserByGoogleSub,
  linkGoogleAccount,
  recordLogin,
  recordSuperAdminProof,
} from './users-repository.ts';

export const googleSignInMessages = {
  notConfigured: 'Googleログインは設定されていません。メールアドレスとパスワードでログインしてください',
  // For a state that is unknown, used or expired.
  invalidState: '無効なリクエストです',
  startFailed: 'Google認証の開始に失敗しました',
  finishFailed: 'Google認証の完了に失敗しました',
  // Accounts are linked by an e-mail address the provider has verified, never by the address alone.
  unverifiedExistingEmail: 'このメールアドレスは既に登録されています。メールアドレスとパスワードでログインしてください',
  unverifiedNewEmail: 'Googleアカウントのメールアドレスが確認されていないため、登録できません',
  linkedToAnotherGoogleAccount: 'このメールアドレスは別のGoogleアカウントと連携されています。メールアドレスとパスワードでログインしてください',
} as const;

const OAUTH_STATE_SHAPE = /^[A-Za-z0-9_-]+$/;

/** Where the provider sends the browser back: the web app's callback page, which posts code and state to the API. */
export const googleRedirectUri = (appUrl: string) => `${appUrl}/auth/google/callback`;

/** Only `warn` is used: provider failures are worth a line in the log, not a stack trace to the user. */
export interface SignInLog {
  warn(details: object, message: string): void;
}

export interface GoogleSignInDeps extends AuthDeps {
  oidc: OidcClient;
  log: SignInLog;
}

type CallbackInput = z.output<typeof providerCallbackBody>;

/** A fresh state, nonce and PKCE verifier, kept for 10 minutes, and the provider URL to send the browser to. */
export async function startGoogleSignIn(deps: { db: Db; oidc: OidcClient; log: SignInLog }) {
  const checks = deps.oidc.newChecks();
  let url: URL;
  try {
    url = await deps.oidc.authorizationUrl(checks);
  } catch (error) {
    deps.log.warn({ err: error }, 'OpenID Connect discovery failed');
    throw new HttpError(502, googleSignInMessages.startFailed);
  }
  await deleteExpiredOauthStates(deps.db);
  await insertOauthState(deps.db, checks);
  return { url: url.href, state: checks.state };
}

/**
 * Finishes a sign-in: the state is used up first (so a code can be tried once per state), then
 * the code is exchanged and the ID token checked, then the person signs in, is linked or gets a
 * new account. Answers like login: the user and a token for the workspace a sign-in opens.
 */
export async function finishGoogleSignIn(deps: GoogleSignInDeps, input: CallbackInput, userAgent: string | null = null) {
  // Our states are base64url; anything else was never issued (and a NUL would make PostgreSQL fail
  // the lookup instead of finding nothing).
  if (!OAUTH_STATE_SHAPE.test(input.state)) throw badRequest(googleSignInMessages.invalidState);
  const checks = await consumeOauthState(deps.db, input.state);
  if (!checks) throw badRequest(googleSignInMessages.invalidState);

  let identity: ProviderIdentity;
  try {
    identity = await deps.oidc.exchangeCode(input.code, checks);
  } catch (error) {
    const unavailable = isProviderUnavailable(error);
    deps.log.warn({ err: error }, unavailable ? 'OpenID Connect provider unavailable' : 'OpenID Connect sign-in refused');
    throw new HttpError(unavailable ? 502 : 400, googleSignInMessages.finishFailed);
  }

  try {
    return await signIn(deps, identity, userAgent);
  } catch (error) {
    // Two first sign-ins of one person at the same moment: the unique e-mail or google_sub index
    // lets one create (or link) the account; the other finds it on a second look.
    if (isUniqueViolation(error)) return signIn(deps, identity, userAgent);
    throw error;
  }
}

// Google already asked for its own factors: a second factor of ours is not asked for here.
function signIn(deps: AuthDeps, identity: ProviderIdentity, userAgent: string | null) {
  return deps.db.transaction().execute(async (trx) => {
    const user = await resolveUser(trx, identity);
    // The sign-in proves the address: for a listed super-admin address that is the proof the
    // console needs (the first one counts; sessions opened before it never get the console).
    if (deps.superAdminEmails.includes(user.email)) await recordSuperAdminProof(trx, user.id, nowIso());
    const workspaceId = await signInWorkspaceId(trx, user);
    await recordLogin(trx, user.id, workspaceId);
    return startSession(deps, trx, user.id, workspaceId, userAgent);
  });
}

/** The user this Google account signs in as: already linked, linked now by verified e-mail, or new. */
async function resolveUser(trx: DbOrTx, identity: ProviderIdentity): Promise<SignInUser & { email: string }> {
  const linked = await findUserByGoogleSub(trx, identity.sub);
  if (linked) return linked;

  const email = normalizeEmail(identity.email);
  const existing = email ? await findUserByEmail(trx, email) : undefined;
  if (existing) {
    if (!identity.emailVerified) throw conflict(googleSignInMessages.unverifiedExistingEmail);
    // An address nobody had verified: the account may be a stranger's, made with the owner's
    // address before the owner came (pre-account takeover). The provider's proof wins: the
    // password set without proof ends here, and the account is taken over (account-takeover.ts).
    const takenOver = await dropUnprovenPassword(trx, existing.id);
    if (!(await linkGoogleAccount(trx, existing.id, identity.sub))) {
      throw conflict(googleSignInMessages.linkedToAnotherGoogleAccount);
    }
    if (takenOver) return { ...existing, last_workspace_id: await takeOverAccount(trx, existing) };
    return existing;
  }

  if (!email || !identity.emailVerified) throw forbidden(googleSignInMessages.unverifiedNewEmail);
  const { userId } = await createAccount(trx, {
    name: displayName(identity.name, email),
    email,
    passwordHash: null,
    emailVerified: true,
    googleSub: identity.sub,
  });
  return { id: userId, last_workspace_id: null, email };
}

const MAX_EMAIL_LENGTH = 254;
const MAX_NAME_LENGTH = 100;

/** Lower case, as registration stores it; null when it cannot be an address. */
function normalizeEmail(email: string | null): string | null {
  const normalized = email?.trim().toLowerCase() ?? '';
  return normalized.length > 0 && normalized.length <= MAX_EMAIL_LENGTH && normalized.includes('@') ? normalized : null;
}

/**
 * The provider's name within registration's limits (100 characters, one line, no control
 * characters), else the e-mail's local part.
 */
function displayName(name: string | null, email: string): string {
  const cleaned = Array.from((name ?? '').replace(/[\p{Cc}\u2028\u2029]+/gu, ' ').trim()).slice(0, MAX_NAME_LENGTH).join('').trim();
  return cleaned || email.slice(0, email.indexOf('@')).slice(0, MAX_NAME_LENGTH);
}
