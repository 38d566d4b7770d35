import type { AuthUser, loginBody, registerBody } from '@inventory/contracts/auth';
import { WORKSPACE_NAME_MAX } from '@inventory/contracts/workspace';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { User } from '../../db/database.ts';
import { conflict, forbidden, isUniqueViolation, tooManyRequests, unauthorized } from '../../lib/http-error.ts';
import { joinWorkspaceByCode } from '../workspaces/invitations-service.ts';
import { findActiveMembership, insertMembership, listActiveMemberships } from '../workspaces/memberships-repository.ts';
import { insertWorkspace } from '../workspaces/workspaces-repository.ts';
import { sendSignUpVerificationMail, type VerificationMailDeps } from './email-verification.ts';
import { startSecondStep } from './mfa-challenges-repository.ts';
import { clearLoginFailures, recordLoginFailure, secondsUntilLoginAllowed } from './login-failures.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { SESSION_LIFETIME_MS, type TokenSigner } from './session-token.ts';
import { createSession, findSessionMember, revokeSession, type SessionMember } from './sessions-repository.ts';
import { isSuperAdmin } from './super-admin.ts';
import { findUserByEmail, insertUser, type NewUser, recordLogin } from './users-repository.ts';

export const authMessages = {
  emailTaken: 'このメールアドレスは既に登録されています',
  badCredentials: 'メールアドレスまたはパスワードが正しくありません',
  tooManyFailures: 'ログインの失敗が続いたため、しばらくログインできません。時間をおいて再度お試しください',
  noWorkspace: '利用できるワークスペースがありません',
} as const;

export interface AuthDeps {
  db: Db;
  signer: TokenSigner;
  superAdminEmails: readonly string[];
}

/** What a sign-in needs of the user: who, and where they were last. */
export type SignInUser = Pick<User, 'id' | 'last_workspace_id'>;

type RegisterInput = z.output<typeof registerBody>;
type LoginInput = z.output<typeof loginBody>;

/** Who signs in from where: the client address (for the failed-login limits) and the browser. */
export interface SignInClient {
  clientAddress: string;
  userAgent: string | null;
}

/** A new session with its token, and the user as the API shows them in that workspace. */
export async function startSession(deps: AuthDeps, db: DbOrTx, userId: number, workspaceId: number, userAgent: string | null = null) {
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS);
  const claims = { userId, workspaceId, sessionId: await createSession(db, userId, expiresAt, userAgent) };
  const member = await findSessionMember(db, claims);
  if (typeof member !== 'object') throw forbidden(authMessages.noWorkspace);
  return { token: await deps.signer.sign(claims, expiresAt), user: toAuthUser(deps.superAdminEmails, member) };
}

/**
 * Creates the user with a personal workspace ({name}のワークスペース) where they are admin.
 * With an invitation code the user also joins that workspace, and the token points to it.
 * Once that has committed, the verification mail goes out (never failing the sign-up).
 */
export async function register(deps: AuthDeps & VerificationMailDeps, input: RegisterInput, userAgent: string | null = null) {
  const passwordHash = await hashPassword(input.password);
  let session;
  try {
    session = await deps.db.transaction().execute(async (trx) => {
      if (await findUserByEmail(trx, input.email)) throw conflict(authMessages.emailTaken);

      const { userId, personalWorkspaceId } = await createAccount(trx, { name: input.name, email: input.email, passwordHash });
      // The join's own rules (code, room, lock); a refusal rolls the whole sign-up back.
      const invited = input.invitation_code ? await joinWorkspaceByCode(trx, userId, input.invitation_code) : null;
      // The token points at the invited workspace when there is one.
      const workspaceId = invited?.id ?? personalWorkspaceId;
      await recordLogin(trx, userId, workspaceId);
      return startSession(deps, trx, userId, workspaceId, userAgent);
    });
  } catch (error) {
    // Two sign-ups with one e-mail at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw conflict(authMessages.emailTaken);
    throw error;
  }
  await sendSignUpVerificationMail(deps, session.user);
  return session;
}

/** The user with their personal workspace ({name}のワークスペース) where they are admin. */
export async function createAccount(trx: DbOrTx, user: NewUser) {
  const userId = await insertUser(trx, user);
  const personalWorkspaceId = await insertWorkspace(trx, personalWorkspaceName(user.name));
  await insertMembership(trx, personalWorkspaceId, userId, 'admin');
  return { userId, personalWorkspaceId };
}

const PERSONAL_WORKSPACE_SUFFIX = 'のワークスペース';

/**
 * {name}のワークスペース within the length the settings accept (a name of up to 100 characters
 * would otherwise make a name the settings form refuses to save): the name is cut, never inside
 * a character, so the suffix fits.
 */
export function personalWorkspaceName(userName: string): string {
  const room = WORKSPACE_NAME_MAX - PERSONAL_WORKSPACE_SUFFIX.length;
  let kept = '';
  for (const char of userName) {
    if (kept.length + char.length > room) break;
    kept += char;
  }
  return `${kept.trimEnd()}${PERSONAL_WORKSPACE_SUFFIX}`;
}

/**
 * Checks the password; answers a session, or with TOTP on the second step to take first
 * (POST /auth/login/totp), with no session yet.
 */
export async function login(deps: AuthDeps, input: LoginInput, client: SignInClient) {
  const attempt = { email: input.email, clientAddress: client.clientAddress };
  const retryAfter = await secondsUntilLoginAllowed(deps.db, attempt);
  if (retryAfter > 0) throw Object.assign(tooManyRequests(authMessages.tooManyFailures), { retryAfter });

  const user = await findUserByEmail(deps.db, input.email);
  // One password check whether or not the e-mail exists (verifyPassword uses a dummy hash for a
  // missing one), so the answer time does not tell which e-mails are registered.
  const passwordMatches = await verifyPassword(user?.password_hash ?? null, input.password);
  if (!user || !passwordMatches) {
    await recordLoginFailure(deps.db, attempt);
    throw unauthorized(authMessages.badCredentials);
  }

  if (user.totp_secret) return startSecondStep(deps.db, user.id);

  const workspaceId = await signInWorkspaceId(deps.db, user);

  return deps.db.transaction().execute(async (trx) => {
    await clearLoginFailures(trx, attempt);
    await recordLogin(trx, user.id, workspaceId);
    return startSession(deps, trx, user.id, workspaceId, client.userAgent);
  });
}

/**
 * The workspace a sign-in opens: the one the user signed in to or switched to last while they are
 * still an active member there, else their oldest active membership (the personal workspace
 * unless they were removed from it).
 */
export async function signInWorkspaceId(db: DbOrTx, user: SignInUser): Promise<number> {
  const last = user.last_workspace_id === null ? undefined : await findActiveMembership(db, user.id, user.last_workspace_id);
  const workspace = last ?? (await listActiveMemberships(db, user.id))[0];
  if (!workspace) throw forbidden(authMessages.noWorkspace);
  return workspace.id;
}

export async function logout(db: Db, sessionId: string) {
  await revokeSession(db, sessionId);
}

/** The signed-in user as the API shows it: role and name of the current workspace included. */
export function toAuthUser(superAdminEmails: readonly string[], user: SessionMember): AuthUser {
  return {
    id: user.userId,
    name: user.name,
    email: user.email,
    email_verified: user.emailVerified,
    role: user.role,
    is_active: true,
    is_super_admin: isSuperAdmin(superAdminEmails, user, user.sessionCreatedAt),
    last_login: user.lastLoginAt,
    current_workspace: { id: user.workspaceId, workspace_name: user.workspaceName },
  };
}
