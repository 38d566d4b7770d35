import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { OrdersTable } from '../../src/db/database.ts';
import { setPartStocks } from '../../src/domains/stock/part-stock.ts';
import { type RegisteredUser, registerUser } from './users.ts';

// Seeds parts and purchase orders straight through app.db, so the orders tests do not depend
// on the parts routes. Opening stock goes through the ledger like any other stock change.

export interface OrdersWorkspace extends RegisteredUser {
  workspaceId: number;
}

export async function registerOrdersUser(app: FastifyInstance, name = '発注担当'): Promise<OrdersWorkspace> {
  const registered = await registerUser(app, { name });
  return { ...registered, workspaceId: registered.user.current_workspace.id };
}

export async function createTestPart(
  app: FastifyInstance,
  owner: OrdersWorkspace,
  { name = `部品-${randomUUID().slice(0, 8)}`, stock = 0, unitPriceSen = null as number | null } = {},
) {
  const now = new Date().toISOString();
  const { id } = await app.db
    .insertInto('parts')
    .values({ workspace_id: owner.workspaceId, name, unit_price_sen: unitPriceSen, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (stock > 0) {
    await app.db
      .transaction()
      .execute((trx) => setPartStocks(trx, { workspaceId: owner.workspaceId, userId: owner.user.id }, [{ partId: id, stock }], 'initial'));
  }
  return { id, name };
}

export async function createTestOrder(
  app: FastifyInstance,
  owner: OrdersWorkspace,
  partId: number,
  overrides: Partial<Pick<OrdersTable, 'quantity' | 'order_date' | 'expected_delivery_date' | 'delivered_at'>> & {
    status?: 'ordered' | 'shipped' | 'delivered' | 'cancelled';
  } = {},
) {
  const now = new Date().toISOString();
  const { id } = await app.db
    .insertInto('orders')
    .values({
      workspace_id: owner.workspaceId,
      part_id: partId,
      quantity: 10,
      unit_price_sen: null,
      order_date: '2026-05-01',
      expected_delivery_date: null,
      status: 'ordered',
      delivered_at: null,
      notes: null,
      created_by: owner.user.id,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** A part's stock, its ledger and its stock entries, to check that they agree. */
export async function stockState(app: FastifyInstance, partId: number) {
  const [part, movements, entries] = await Promise.all([
    app.db.selectFrom('parts').select('current_stock').where('id', '=', partId).executeTakeFirstOrThrow(),
    app.db
      .selectFrom('stock_movements')
      .select(['kind', 'quantity_delta', 'balance_after', 'reference_id', 'note', 'user_id'])
      .where('part_id', '=', partId)
      .orderBy('id')
      .execute(),
    app.db
      .selectFrom('stock_entries')
      .select(['quantity', 'unit_price_sen', 'entry_date', 'notes', 'order_id', 'created_by', 'workspace_id'])
      .where('part_id', '=', partId)
      .orderBy('id')
      .execute(),
  ]);
  return {
    stock: part.current_stock,
    movements,
    entries,
    movementSum: movements.reduce((sum, row) => sum + row.quantity_delta, 0),
  };
}

export async function orderRow(app: FastifyInstance, orderId: number) {
  return app.db.selectFrom('orders').selectAll().where('id', '=', orderId).executeTakeFirst();
}
