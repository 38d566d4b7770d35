import type { WorkspaceStats } from '@inventory/contracts/dashboard';
import type { DbOrTx } from '../../db/create-database.ts';
import type { MembershipRole } from '../../db/schema.ts';
import { nowIso } from '../../lib/time.ts';

export async function insertWorkspace(db: DbOrTx, name: string): Promise<number> {
  const now = nowIso();
  const { id } = await db
    .insertInto('workspaces')
    .values({ name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertMembership(db: DbOrTx, workspaceId: number, userId: number, role: MembershipRole) {
  const now = nowIso();
  await db
    .insertInto('memberships')
    .values({ workspace_id: workspaceId, user_id: userId, role, created_at: now, updated_at: now })
    .execute();
}

/**
 * Takes the workspace row's write lock until the transaction ends (a no-op update works on both
 * databases), so checks like "is there room for one more member" cannot race.
 */
export async function lockWorkspace(trx: DbOrTx, workspaceId: number) {
  const result = await trx
    .updateTable('workspaces')
    .set((eb) => ({ max_members: eb.ref('max_members') }))
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

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

/** The workspace an invitation code joins, when the code exists, is not revoked and not expired. */
export async function findWorkspaceIdByInvitation(db: DbOrTx, code: string): Promise<number | null> {
  const row = await db
    .selectFrom('invitation_codes')
    .select('workspace_id')
    .where('code', '=', code)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row?.workspace_id ?? null;
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

/**
 * The workspace's counts in one statement of four subqueries: active members, parts, products,
 * and parts at or below their minimum (the low-stock rule of the parts list).
 */
export async function loadWorkspaceStats(db: DbOrTx, workspaceId: number): Promise<WorkspaceStats> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('memberships')
        .select(eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .where('is_active', '=', 1)
        .as('members'),
      eb.selectFrom('parts').select(eb.fn.countAll<number>().as('n')).where('workspace_id', '=', workspaceId).as('parts'),
      eb.selectFrom('products').select(eb.fn.countAll<number>().as('n')).where('workspace_id', '=', workspaceId).as('products'),
      eb
        .selectFrom('parts')
        .select(eb.fn.countAll<number>().as('n'))
        .where('workspace_id', '=', workspaceId)
        .whereRef('current_stock', '<=', 'min_stock_alert')
        .as('low_stock_parts'),
    ])
    .executeTakeFirstOrThrow();
  return {
    members: Number(row.members),
    parts: Number(row.parts),
    products: Number(row.products),
    lowStockParts: Number(row.low_stock_parts),
  };
}
