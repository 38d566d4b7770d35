import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { MembershipRole } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

/** Long enough for any real browser's User-Agent; a longer one is cut (it is only shown). */
export const USER_AGENT_MAX = 512;

export async function createSession(db: DbOrTx, userId: number, expiresAt: Date, userAgent: string | null = null): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      created_at: nowIso(),
      expires_at: expiresAt.toISOString(),
      revoked_at: null,
      user_agent: userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
    })
    .execute();
  return id;
}

export async function revokeSession(db: DbOrTx, sessionId: string) {
  await db.updateTable('sessions').set({ revoked_at: nowIso() }).where('id', '=', sessionId).execute();
}

/** Ends every live session of the user except the one given (the caller's own). */
export async function revokeOtherSessions(db: DbOrTx, userId: number, keptSessionId: string) {
  await db
    .updateTable('sessions')
    .set({ revoked_at: nowIso() })
    .where('user_id', '=', userId)
    .where('id', '<>', keptSessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every live session of the user; their tokens stop working on the next request. */
export async function revokeAllSessions(db: DbOrTx, userId: number) {
  await db.updateTable('sessions').set({ revoked_at: nowIso() }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
}

export async function findSessionExpiry(db: DbOrTx, sessionId: string): Promise<Date | null> {
  const row = await db.selectFrom('sessions').select('expires_at').where('id', '=', sessionId).executeTakeFirst();
  return row ? new Date(row.expires_at) : null;
}

/** The caller of a signed-in request: who, in which workspace (the token's), with which role. */
export interface SessionCaller {
  userId: number;
  workspaceId: number;
  sessionId: string;
  role: MembershipRole;
}

/** The caller with what /auth/me shows of them. */
export interface SessionMember extends SessionCaller {
  name: string;
  email: string;
  emailVerified: boolean;
  lastLoginAt: string | null;
  workspaceName: string;
  /** When the owner of a listed super-admin address last proved it (null: never). */
  superAdminProvenAt: string | null;
  sessionCreatedAt: string;
}

/**
 * A session lookup: the caller, 'not-member' when the session is live but the user is not (or no
 * longer) an active member of the token's workspace, 'no-session' when the session is not live
 * (revoked, expired, unknown).
 */
export type SessionLookup<Caller> = Caller | 'not-member' | 'no-session';

type SessionClaimsLike = { sessionId: string; userId: number; workspaceId: number };

/**
 * What every signed-in request needs to know about its caller, in one query of the session and
 * the membership in the token's workspace: the user and the workspace exist whenever these do
 * (their rows cascade).
 */
export async function findSessionCaller(db: DbOrTx, claims: SessionClaimsLike): Promise<SessionLookup<SessionCaller>> {
  return toCaller(await sessionCallerQuery(db, claims.sessionId, claims.userId, claims.workspaceId, nowIso()), claims);
}

function toCaller(rows: Array<{ role: MembershipRole | null; membershipActive: number | null }>, claims: SessionClaimsLike): SessionLookup<SessionCaller> {
  const [row] = rows;
  if (!row) return 'no-session';
  if (!row.role || row.membershipActive !== 1) return 'not-member';
  return { userId: claims.userId, workspaceId: claims.workspaceId, sessionId: claims.sessionId, role: row.role };
}

// Runs on every signed-in request: two rows read (session, membership) instead of the four of
// the full lookup below.
const sessionCallerQuery = preparedQuery((db, sessionId: string, userId: number, workspaceId: number, now: string) =>
  db
    .selectFrom('sessions')
    .leftJoin('memberships', (join) =>
      join.onRef('memberships.user_id', '=', 'sessions.user_id').on('memberships.workspace_id', '=', workspaceId),
    )
    .select(['memberships.role as role', 'memberships.is_active as membershipActive', 'sessions.expires_at as expiresAt'])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now),
);

/**
 * The caller with their name, e-mail and workspace name, in one query: what /auth/me (made on
 * every page load) answers, so that call needs no second query.
 */
export async function findSessionMember(db: DbOrTx, claims: SessionClaimsLike): Promise<SessionLookup<SessionMember>> {
  return toMember(await sessionMemberQuery(db, claims.sessionId, claims.userId, claims.workspaceId, nowIso()), claims);
}

type SessionMemberRow = Awaited<ReturnType<typeof sessionMemberQuery>>[number];

function toMember(rows: SessionMemberRow[], claims: SessionClaimsLike): SessionLookup<SessionMember> {
  const [row] = rows;
  if (!row) return 'no-session';
  if (!row.role || row.membershipActive !== 1 || row.workspaceName === null) return 'not-member';
  return {
    userId: row.userId,
    name: row.name,
    email: row.email,
    emailVerified: row.emailVerified === 1,
    lastLoginAt: row.lastLoginAt,
    workspaceId: claims.workspaceId,
    workspaceName: row.workspaceName,
    sessionId: claims.sessionId,
    role: row.role,
    superAdminProvenAt: row.superAdminProvenAt,
    sessionCreatedAt: row.sessionCreatedAt,
  };
}

const sessionMemberQuery = preparedQuery((db, sessionId: string, userId: number, workspaceId: number, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('memberships', (join) =>
      join.onRef('memberships.user_id', '=', 'users.id').on('memberships.workspace_id', '=', workspaceId),
    )
    .leftJoin('workspaces', 'workspaces.id', 'memberships.workspace_id')
    .select([
      'users.id as userId',
      'users.name as name',
      'users.email as email',
      'users.email_verified as emailVerified',
      'users.last_login_at as lastLoginAt',
      'memberships.role as role',
      'memberships.is_active as membershipActive',
      'workspaces.name as workspaceName',
      'users.super_admin_proven_at as superAdminProvenAt',
      'sessions.created_at as sessionCreatedAt',
    ])
    .where('sessions.id', '=', sessionId)
    .where('sessions.user_id', '=', userId)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', now),
);

/** What the super-admin rule needs of a session's user: the address, its proof, and when the session began. */
export function findSessionProof(db: DbOrTx, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['users.email as email', 'users.super_admin_proven_at as superAdminProvenAt', 'sessions.created_at as sessionCreatedAt'])
    .where('sessions.id', '=', sessionId)
    .executeTakeFirst();
}
