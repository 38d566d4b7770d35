import type { AdminStats } from '@inventory/contracts/management-console';
import type { DbOrTx } from '../../db/database.ts';

/**
 * The management console's system-wide counts, across every workspace, in one statement of six
 * subqueries (one round trip, and one consistent moment on PostgreSQL). A read only: each table's
 * writes stay with its repository.
 */
export async function loadAdminStats(db: DbOrTx): Promise<AdminStats> {
  const row = await db
    .selectNoFrom((eb) => [
      eb.selectFrom('users').select(eb.fn.countAll<number>().as('n')).as('users'),
      eb.selectFrom('parts').select(eb.fn.countAll<number>().as('n')).as('parts'),
      eb.selectFrom('products').select(eb.fn.countAll<number>().as('n')).as('products'),
      eb.selectFrom('workspaces').select(eb.fn.countAll<number>().as('n')).as('workspaces'),
      eb.selectFrom('manufacturing_records').select(eb.fn.countAll<number>().as('n')).as('manufacturing_records'),
      eb.selectFrom('sales').select(eb.fn.countAll<number>().as('n')).as('sales'),
    ])
    .executeTakeFirstOrThrow();
  return {
    totalUsers: Number(row.users),
    totalParts: Number(row.parts),
    totalProducts: Number(row.products),
    totalWorkspaces: Number(row.workspaces),
    totalManufacturingRecords: Number(row.manufacturing_records),
    totalSalesRecords: Number(row.sales),
  };
}
