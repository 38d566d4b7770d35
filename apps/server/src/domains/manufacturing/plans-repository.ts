import type { Plan, PlanStatus } from '@inventory/contracts/manufacturing';
import { type Insertable, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { chunks, inWorkspaceSkippingIndex } from '../../db/sql-helpers.ts';
import type { ManufacturingPlansTable } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

// SQL of the manufacturing_plans table. Plans are read with their product's name; a plan goes
// with its product (foreign-key cascade), so the join always finds it.

function selectPlans(db: DbOrTx, workspaceId: number) {
  return db
    .selectFrom('manufacturing_plans')
    .innerJoin('products', 'products.id', 'manufacturing_plans.product_id')
    .select([
      'manufacturing_plans.id as id',
      'manufacturing_plans.product_id as product_id',
      'products.name as product_name',
      'manufacturing_plans.quantity as quantity',
      'manufacturing_plans.remaining_quantity as remaining_quantity',
      'manufacturing_plans.start_date as start_date',
      'manufacturing_plans.end_date as end_date',
      'manufacturing_plans.status as status',
      'manufacturing_plans.notes as notes',
      'manufacturing_plans.created_at as created_at',
      'manufacturing_plans.updated_at as updated_at',
    ])
    .where('manufacturing_plans.workspace_id', '=', workspaceId);
}

/** A schedule reads in date order: earliest start first, then the older plan. */
export function listPlans(db: DbOrTx, workspaceId: number, { status }: { status?: PlanStatus | undefined } = {}): Promise<Plan[]> {
  let query = selectPlans(db, workspaceId);
  if (status !== undefined) query = query.where('manufacturing_plans.status', '=', status);
  return query.orderBy('manufacturing_plans.start_date').orderBy('manufacturing_plans.id').execute();
}

/** Plans whose date range overlaps [start, end] (both inclusive), every status; the first `limit` when given. */
export function listPlansOverlapping(db: DbOrTx, workspaceId: number, start: string, end: string, limit?: number): Promise<Plan[]> {
  const query = selectPlans(db, workspaceId)
    .where('manufacturing_plans.start_date', '<=', end)
    .where('manufacturing_plans.end_date', '>=', start)
    .orderBy('manufacturing_plans.start_date')
    .orderBy('manufacturing_plans.id');
  return (limit === undefined ? query : query.limit(limit)).execute();
}

export function findPlan(db: DbOrTx, workspaceId: number, planId: number): Promise<Plan | undefined> {
  return selectPlans(db, workspaceId).where('manufacturing_plans.id', '=', planId).executeTakeFirst();
}

export async function insertPlan(db: DbOrTx, values: Insertable<ManufacturingPlansTable>): Promise<number> {
  const { id } = await db.insertInto('manufacturing_plans').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/**
 * The active and completed plans of the products that overlap [start, end] (both inclusive) and
 * have made something (quantity − remaining), looked up by product.
 */
export async function listPlansWithMadeOverlapping(db: DbOrTx, workspaceId: number, productIds: number[], start: string, end: string) {
  const plans: Array<{ product_id: number; start_date: string; end_date: string; made: number }> = [];
  for (const ids of chunks(productIds)) {
    const rows = await db
      .selectFrom('manufacturing_plans')
      .select(['product_id', 'start_date', 'end_date', sql<number>`quantity - remaining_quantity`.as('made')])
      .where('product_id', 'in', ids)
      .where(inWorkspaceSkippingIndex(workspaceId))
      .where('status', 'in', ['active', 'completed'])
      .where('start_date', '<=', end)
      .where('end_date', '>=', start)
      .whereRef('remaining_quantity', '<', 'quantity')
      .execute();
    plans.push(...rows);
  }
  return plans;
}

/**
 * Takes the plan's write lock (a no-op update) and answers the plan as it is under that lock:
 * a manufacture or a second click waits until this transaction ends.
 */
export function lockPlan(trx: DbOrTx, workspaceId: number, planId: number) {
  return trx
    .updateTable('manufacturing_plans')
    .set((eb) => ({ remaining_quantity: eb.ref('remaining_quantity') }))
    .where('id', '=', planId)
    .where(inWorkspaceSkippingIndex(workspaceId))
    .returning(['id', 'product_id', 'quantity', 'remaining_quantity', 'status', 'start_date'])
    .executeTakeFirst();
}

export async function updatePlanRow(
  trx: DbOrTx,
  workspaceId: number,
  planId: number,
  changes: Pick<ManufacturingPlansTable, 'quantity' | 'remaining_quantity' | 'start_date' | 'end_date'> & {
    status: PlanStatus;
    notes?: string | null;
  },
): Promise<void> {
  await trx
    .updateTable('manufacturing_plans')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', planId)
    .where('workspace_id', '=', workspaceId)
    .execute();
}

/** Answers whether a plan went. */
export async function deletePlanRow(db: DbOrTx, workspaceId: number, planId: number): Promise<boolean> {
  const result = await db.deleteFrom('manufacturing_plans').where('id', '=', planId).where('workspace_id', '=', workspaceId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Locks the active plans of the product whose range contains the date and answers them
 * earliest start first (then the older plan), with their remaining quantity under the lock.
 */
export async function lockActivePlansCovering(trx: DbOrTx, workspaceId: number, productId: number, date: string) {
  const rows = await trx
    .updateTable('manufacturing_plans')
    .set((eb) => ({ remaining_quantity: eb.ref('remaining_quantity') }))
    .where('workspace_id', '=', workspaceId)
    .where('product_id', '=', productId)
    .where('status', '=', 'active')
    .where('start_date', '<=', date)
    .where('end_date', '>=', date)
    .returning(['id', 'remaining_quantity', 'start_date'])
    .execute();
  return rows.sort((a, b) => (a.start_date < b.start_date ? -1 : a.start_date > b.start_date ? 1 : a.id - b.id));
}

/**
 * Counts quantity made towards an active plan locked by lockActivePlansCovering; the plan
 * becomes completed when nothing remains.
 */
export async function reducePlanRemaining(trx: DbOrTx, workspaceId: number, planId: number, quantity: number): Promise<void> {
  await trx
    .updateTable('manufacturing_plans')
    .set((eb) => ({
      remaining_quantity: eb('remaining_quantity', '-', quantity),
      status: sql<PlanStatus>`case when remaining_quantity = ${quantity} then 'completed' else status end`,
      updated_at: nowIso(),
    }))
    .where('id', '=', planId)
    .where('workspace_id', '=', workspaceId)
    .execute();
}
