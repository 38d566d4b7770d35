import type { WorkspaceStats } from '@inventory/contracts/dashboard';
import type { DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';
import { isLowStock } from '../stock/part-stock.ts';

// The workspaces table. Memberships and invitation codes have repositories of their own.

export async function insertWorkspace(db: DbOrTx, name: string): Promise<number> {
  const now = nowIso();
  const { id } = await db
    .insertInto('workspaces')
    .values({ name, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Takes the workspace row's write lock until the transaction ends (a no-op update works on both
 * databases), so checks like "is there room for one more member" or "is another admin left"
 * cannot race. Every change to who is an active member or admin takes it first.
 */
export async function lockWorkspace(trx: DbOrTx, workspaceId: number) {
  const result = await trx
    .updateTable('workspaces')
    .set((eb) => ({ max_members: eb.ref('max_members') }))
    .where('id', '=', workspaceId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export function findWorkspace(db: DbOrTx, workspaceId: number) {
  return db.selectFrom('workspaces').select(['id', 'name', 'max_members']).where('id', '=', workspaceId).executeTakeFirst();
}

export async function updateWorkspace(db: DbOrTx, workspaceId: number, changes: { name: string; maxMembers: number }) {
  await db
    .updateTable('workspaces')
    .set({ name: changes.name, max_members: changes.maxMembers, updated_at: nowIso() })
    .where('id', '=', workspaceId)
    .execute();
}

/**
 * The workspace's counts in one statement of four subqueries: active members, parts, products,
 * and parts at or below their minimum (isLowStock).
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
        .where(isLowStock)
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
