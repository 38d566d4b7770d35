import type { WorkspaceMember } from '@inventory/contracts/auth';
import type { DbOrTx } from '../../db/database.ts';
import type { Flag, MembershipRole } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

// The memberships table: who belongs to which workspace, with which role, active or not.

export async function insertMembership(db: DbOrTx, workspaceId: number, userId: number, role: MembershipRole) {
  const now = nowIso();
  await db
    .insertInto('memberships')
    .values({ workspace_id: workspaceId, user_id: userId, role, created_at: now, updated_at: now })
    .execute();
}

/** Active memberships of a user, oldest first (the personal workspace comes first). */
export function listActiveMemberships(db: DbOrTx, userId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('workspaces', 'workspaces.id', 'memberships.workspace_id')
    .select(['workspaces.id as id', 'workspaces.name as workspace_name', 'memberships.role as role'])
    .where('memberships.user_id', '=', userId)
    .where('memberships.is_active', '=', 1)
    .orderBy('memberships.created_at')
    .orderBy('memberships.id')
    .execute();
}

export function findActiveMembership(db: DbOrTx, userId: number, workspaceId: number) {
  return db
    .selectFrom('memberships')
    .innerJoin('workspaces', 'workspaces.id', 'memberships.workspace_id')
    .select(['workspaces.id as id', 'workspaces.name as workspace_name', 'memberships.role as role'])
    .where('memberships.user_id', '=', userId)
    .where('memberships.workspace_id', '=', workspaceId)
    .where('memberships.is_active', '=', 1)
    .executeTakeFirst();
}

/** A user's membership of a workspace, active or not; undefined when they never joined it. */
export function findMembership(db: DbOrTx, workspaceId: number, userId: number) {
  return db
    .selectFrom('memberships')
    .select(['role', 'is_active'])
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function countActiveAdmins(db: DbOrTx, workspaceId: number): Promise<number> {
  const row = await db
    .selectFrom('memberships')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where('role', '=', 'admin')
    .where('is_active', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Fewer active members than the workspace's max_members (read under lockWorkspace to be sure). */
export async function hasRoomForMember(db: DbOrTx, workspaceId: number): Promise<boolean> {
  const row = await db
    .selectFrom('workspaces')
    .select((eb) => [
      'max_members',
      eb
        .selectFrom('memberships')
        .select(eb.fn.countAll<number>().as('n'))
        .where('memberships.workspace_id', '=', workspaceId)
        .where('memberships.is_active', '=', 1)
        .as('active_members'),
    ])
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return !!row && Number(row.active_members) < row.max_members;
}

export async function updateMembership(
  db: DbOrTx,
  workspaceId: number,
  userId: number,
  changes: { role?: MembershipRole; isActive?: boolean },
) {
  await db
    .updateTable('memberships')
    .set({
      ...(changes.role !== undefined ? { role: changes.role } : {}),
      ...(changes.isActive !== undefined ? { is_active: (changes.isActive ? 1 : 0) satisfies Flag } : {}),
      updated_at: nowIso(),
    })
    .where('workspace_id', '=', workspaceId)
    .where('user_id', '=', userId)
    .execute();
}

/**
 * The members of a workspace, active and deactivated, with their user data, in one query; in the
 * order they joined (the creator first), so a row keeps its place when it is promoted or
 * deactivated. With `userId`, only that member.
 */
export async function listWorkspaceMembers(db: DbOrTx, workspaceId: number, userId?: number): Promise<WorkspaceMember[]> {
  let query = db
    .selectFrom('memberships')
    .innerJoin('users', 'users.id', 'memberships.user_id')
    .select([
      'users.id as id',
      'users.name as name',
      'users.email as email',
      'users.email_verified as email_verified',
      'memberships.role as role',
      'memberships.is_active as is_active',
      'users.last_login_at as last_login',
    ])
    .where('memberships.workspace_id', '=', workspaceId);
  if (userId !== undefined) query = query.where('memberships.user_id', '=', userId);
  const rows = await query.orderBy('memberships.created_at').orderBy('memberships.id').execute();
  return rows.map((row) => ({ ...row, email_verified: row.email_verified === 1, is_active: row.is_active === 1 }));
}
