import type { FastifyInstance } from 'fastify';
import type { PlanStatus } from '../../src/db/database.ts';
import { addDays, localDateString } from '../../src/lib/time.ts';
import type { OrdersWorkspace } from './orders.ts';

// Seeds for the dashboard tests: records, plans and sales stored straight through app.db with
// the dates each test needs, relative to the server's today (its local date).

export const today = () => localDateString();
/** The date `days` days from today (before it when negative). */
export const fromToday = (days: number) => addDays(today(), days);

export async function insertRecord(
  app: FastifyInstance,
  owner: OrdersWorkspace,
  { productId, productName, quantity, date }: { productId: number | null; productName: string; quantity: number; date: string },
) {
  const { id } = await app.db
    .insertInto('manufacturing_records')
    .values({
      workspace_id: owner.workspaceId,
      product_id: productId,
      product_name: productName,
      quantity,
      manufacturing_date: date,
      notes: null,
      created_by: owner.user.id,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertPlanRow(
  app: FastifyInstance,
  owner: OrdersWorkspace,
  { productId, start, end, status = 'active' }: { productId: number; start: string; end: string; status?: PlanStatus },
) {
  const now = new Date().toISOString();
  const { id } = await app.db
    .insertInto('manufacturing_plans')
    .values({
      workspace_id: owner.workspaceId,
      product_id: productId,
      quantity: 4,
      remaining_quantity: status === 'completed' ? 0 : 4,
      start_date: start,
      end_date: end,
      status,
      notes: null,
      created_by: owner.user.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertSaleRow(
  app: FastifyInstance,
  owner: OrdersWorkspace,
  { productId = null, productName = '販売商品', totalSen, date }: { productId?: number | null; productName?: string; totalSen: number; date: string },
) {
  const now = new Date().toISOString();
  const { id } = await app.db
    .insertInto('sales')
    .values({
      workspace_id: owner.workspaceId,
      product_id: productId,
      product_name: productName,
      quantity: 1,
      unit_price_sen: totalSen,
      total_amount_sen: totalSen,
      total_cost_sen: 0,
      profit_sen: totalSen,
      sale_date: date,
      url: null,
      notes: null,
      created_by: owner.user.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Sets a part's minimum straight in the database (stock goes through the factories' ledger). */
export async function setMinimum(app: FastifyInstance, partId: number, minimum: number) {
  await app.db.updateTable('parts').set({ min_stock_alert: minimum }).where('id', '=', partId).execute();
}
