import type { CreateOrderBody, Order } from '@inventory/contracts/orders';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { OrdersTable } from '../../src/db/database.ts';
import type { RegisteredUser } from './users.ts';
import { call } from '../helpers/test-app.ts';

/** POST /parts/{id}/order: an order as the screens place it. */
export async function createOrder(app: FastifyInstance, token: string, partId: number, overrides: Partial<CreateOrderBody> = {}): Promise<Order> {
  const body = { quantity: 5, order_date: '2026-11-20', ...overrides };
  const response = await call(app, 'POST', `/api/parts/${partId}/order`, { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export async function createTestOrder(
  app: FastifyInstance,
  owner: RegisteredUser,
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
