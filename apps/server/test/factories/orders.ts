import type { CreateOrderBody, Order, OrderStatus } from '@inventory/contracts/orders';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from '../helpers/test-app.ts';

/**
 * The one way tests make an order: POST /parts/{id}/order, then for another status PUT
 * /orders/{id} as the status modal sends it (delivered delivers: stock, ledger and stock entry).
 */
export async function createOrder(
  app: FastifyInstance,
  token: string,
  partId: number,
  { status = 'ordered', ...overrides }: Partial<CreateOrderBody> & { status?: OrderStatus } = {},
): Promise<Order> {
  const body = { quantity: 10, order_date: '2026-05-01', ...overrides };
  const response = await call(app, 'POST', `/api/parts/${partId}/order`, { token, body });
  expect(response.statusCode, response.body).toBe(201);
  const order: Order = response.json();
  if (status === 'ordered') return order;
  const changed = await call(app, 'PUT', `/api/orders/${order.id}`, { token, body: { status, expected_delivery_date: order.expected_delivery_date } });
  expect(changed.statusCode, changed.body).toBe(200);
  return changed.json();
}

/** A part's stock, its ledger and its stock entries, to check that they agree. */
export async function partStockState(app: FastifyInstance, partId: number) {
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
