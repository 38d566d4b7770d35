import type { Order, OrderStatus } from '@inventory/contracts/orders';
import { type Insertable, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { chunks, type HistoryPage } from '../../db/sql-helpers.ts';
import type { OrdersTable } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

// All SQL of purchase orders. Every query takes the workspace id, so another workspace's order
// is simply not found.

/** Orders with their part's name: the shape every orders call answers. */
function selectOrders(db: DbOrTx, workspaceId: number) {
  return db
    .selectFrom('orders')
    .innerJoin('parts', 'parts.id', 'orders.part_id')
    .select([
      'orders.id',
      'orders.part_id',
      'parts.name as part_name',
      'orders.quantity',
      'orders.order_date',
      'orders.expected_delivery_date',
      'orders.status',
      'orders.delivered_at',
      'orders.created_at',
      'orders.updated_at',
      'orders.plan_id',
    ])
    .where('orders.workspace_id', '=', workspaceId);
}

/**
 * Newest order date first, the same day's orders newest first: a page of them, starting after
 * the order page.before names (by its order date and id) when given. With dueDates only the open
 * orders expected in [from, before) (order-due.ts).
 */
export function listOrders(
  db: DbOrTx,
  workspaceId: number,
  { limit, before }: HistoryPage,
  dueDates?: { from: string | null; before: string },
): Promise<Order[]> {
  let query = selectOrders(db, workspaceId);
  if (dueDates) {
    query = query.where('orders.status', 'in', ['ordered', 'shipped']).where('orders.expected_delivery_date', '<', dueDates.before);
    if (dueDates.from !== null) query = query.where('orders.expected_delivery_date', '>=', dueDates.from);
  }
  if (before) query = query.where((eb) => eb(eb.refTuple('orders.order_date', 'orders.id'), '<', eb.tuple(before.date, before.id)));
  return query.orderBy('orders.order_date', 'desc').orderBy('orders.id', 'desc').limit(limit).execute();
}

export function findOrder(db: DbOrTx, workspaceId: number, orderId: number): Promise<Order | undefined> {
  return selectOrders(db, workspaceId).where('orders.id', '=', orderId).executeTakeFirst();
}

/** Orders whose expected delivery date lies in [from, before), in date order, every status. */
export function listOrdersDueBetween(db: DbOrTx, workspaceId: number, from: string, before: string): Promise<Order[]> {
  return selectOrders(db, workspaceId)
    .where('orders.expected_delivery_date', '>=', from)
    .where('orders.expected_delivery_date', '<', before)
    // A null date never compares below another, so every row has one.
    .$narrowType<{ expected_delivery_date: string }>()
    .orderBy('orders.expected_delivery_date')
    .orderBy('orders.id')
    .execute();
}

/** An open order with an expected delivery date: what the dashboard's alerts and calendar show. */
export interface ExpectedOrder {
  id: number;
  part_id: number;
  part_name: string;
  quantity: number;
  expected_delivery_date: string;
}

/**
 * Open orders (ordered or shipped) expected before the given date, earliest first (then by id):
 * overdue, upcoming and scheduled arrivals all come from these.
 */
export function listOpenOrdersExpectedBefore(db: DbOrTx, workspaceId: number, before: string): Promise<ExpectedOrder[]> {
  return db
    .selectFrom('orders')
    .innerJoin('parts', 'parts.id', 'orders.part_id')
    .select([
      'orders.id as id',
      'orders.part_id as part_id',
      'parts.name as part_name',
      'orders.quantity as quantity',
      'orders.expected_delivery_date as expected_delivery_date',
    ])
    .where('orders.workspace_id', '=', workspaceId)
    .where('orders.status', 'in', ['ordered', 'shipped'])
    .where('orders.expected_delivery_date', '<', before)
    // A null date never compares below another, so every row has one.
    .$narrowType<{ expected_delivery_date: string }>()
    .orderBy('orders.expected_delivery_date')
    .orderBy('orders.id')
    .execute();
}

/** Orders with the given ids, in id order. */
export async function listOrdersByIds(db: DbOrTx, workspaceId: number, orderIds: number[]): Promise<Order[]> {
  const orders: Order[] = [];
  for (const ids of chunks(orderIds)) orders.push(...(await selectOrders(db, workspaceId).where('orders.id', 'in', ids).execute()));
  return orders.sort((a, b) => a.id - b.id);
}

/** Stores a new order; answers its id. */
export async function insertOrder(db: DbOrTx, values: Insertable<OrdersTable>): Promise<number> {
  const { id } = await db.insertInto('orders').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** Stores several new orders; answers their ids. */
export async function insertOrders(db: DbOrTx, rows: Array<Insertable<OrdersTable>>): Promise<number[]> {
  const ids: number[] = [];
  for (const chunk of chunks(rows)) ids.push(...(await db.insertInto('orders').values(chunk).returning('id').execute()).map((row) => row.id));
  return ids;
}

/**
 * Quantity still to arrive per part: open orders (ordered or shipped) that are not reserved for
 * a manufacturing plan, plus, when planId is given, those reserved for that plan.
 */
export async function sumOpenOrderQuantities(
  db: DbOrTx,
  workspaceId: number,
  partIds: number[],
  planId: number | null,
): Promise<Map<number, number>> {
  const totals = new Map<number, number>();
  for (const ids of chunks(partIds)) {
    const rows = await db
      .selectFrom('orders')
      .select(['part_id', sql<number>`cast(sum(quantity) as bigint)`.as('quantity')])
      .where('workspace_id', '=', workspaceId)
      .where('part_id', 'in', ids)
      .where('status', 'in', ['ordered', 'shipped'])
      .where((eb) => (planId === null ? eb('plan_id', 'is', null) : eb.or([eb('plan_id', 'is', null), eb('plan_id', '=', planId)])))
      .groupBy('part_id')
      .execute();
    for (const row of rows) totals.set(row.part_id, Number(row.quantity));
  }
  return totals;
}

/**
 * The order's part (it never changes: a delivery locks that part before the order) and status
 * (to explain why a conditional update touched nothing).
 */
export function findOrderPartAndStatus(db: DbOrTx, workspaceId: number, orderId: number) {
  return db.selectFrom('orders').select(['part_id', 'status']).where('id', '=', orderId).where('workspace_id', '=', workspaceId).executeTakeFirst();
}

/**
 * The one-time transition to delivered: only an ordered or shipped order moves, so of many
 * simultaneous attempts exactly one gets the row back. undefined means nothing moved.
 */
export function markOrderDelivered(
  trx: DbOrTx,
  workspaceId: number,
  orderId: number,
  expectedDeliveryDate: string | null | undefined,
) {
  const now = nowIso();
  return trx
    .updateTable('orders')
    .set({
      status: 'delivered',
      delivered_at: now,
      updated_at: now,
      ...(expectedDeliveryDate !== undefined ? { expected_delivery_date: expectedDeliveryDate } : {}),
    })
    .where('id', '=', orderId)
    .where('workspace_id', '=', workspaceId)
    .where('status', 'in', ['ordered', 'shipped'])
    .returning(['part_id', 'quantity'])
    .executeTakeFirst();
}

/** Changes an order that is not delivered; answers whether a row changed. */
export async function updateUndeliveredOrder(
  db: DbOrTx,
  workspaceId: number,
  orderId: number,
  changes: { status: Exclude<OrderStatus, 'delivered'>; expected_delivery_date: string | null },
): Promise<boolean> {
  const result = await db
    .updateTable('orders')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', orderId)
    .where('workspace_id', '=', workspaceId)
    .where('status', '<>', 'delivered')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes an order that is not delivered; answers whether a row went. */
export async function deleteUndeliveredOrder(db: DbOrTx, workspaceId: number, orderId: number): Promise<boolean> {
  const result = await db
    .deleteFrom('orders')
    .where('id', '=', orderId)
    .where('workspace_id', '=', workspaceId)
    .where('status', '<>', 'delivered')
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
