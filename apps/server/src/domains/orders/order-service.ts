import { STOCK_MAX } from '@inventory/contracts/fields';
import type { createOrderBody, Order, OrderStatus } from '@inventory/contracts/orders';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { badRequest, conflict, isForeignKeyViolation, notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { nowIso, tokyoDateString } from '../../lib/time.ts';
import { findPartPricing, findPartsPricing } from '../parts/parts-repository.ts';
import { insertStockEntry } from '../stock-entries/stock-entries-repository.ts';
import { changePartStock, lockPartStocks, type StockActor } from '../stock/part-stock.ts';
import {
  deleteUndeliveredOrder,
  findOrder,
  findOrderPartAndStatus,
  insertOrder,
  insertOrders,
  listOrdersByIds,
  markOrderDelivered,
  updateUndeliveredOrder,
} from './orders-repository.ts';

// Rules of purchase orders: delivering adds the ordered quantity to the
// part's stock exactly once and records a stock entry; delivered is final; cancelled orders can
// be reopened but not delivered directly.

export const orderMessages = {
  notFound: notFoundMessages.order,
  deliveredIsFinal: '納入済みの発注は変更できません',
  deliveredCannotBeDeleted: '納入済みの発注は削除できません',
  cancelledCannotBeDelivered:
    'キャンセルされた発注は納入処理できません。先に状態を「発注済み」または「出荷済み」に戻してください',
  deliveryBeforeOrderDate: '納入予定日は発注日以降の日付にしてください',
  quantityOverMax: (partName: string) => `部品「${partName}」の発注数量が上限の${STOCK_MAX.toLocaleString('ja-JP')}を超えるため発注できません`,
} as const;

export const deliveryNote = (orderId: number) => `発注#${orderId} 納入`;

/** Explains why a guarded change touched no row: the order is gone (404) or its status forbids it (409). */
async function refusal(db: DbOrTx, workspaceId: number, orderId: number, messages: Partial<Record<OrderStatus, string>>) {
  const order = await findOrderPartAndStatus(db, workspaceId, orderId);
  if (!order) return notFound(orderMessages.notFound);
  return conflict(messages[order.status] ?? orderMessages.deliveredIsFinal);
}

async function loadOrder(db: DbOrTx, workspaceId: number, orderId: number): Promise<Order> {
  const order = await findOrder(db, workspaceId, orderId);
  if (!order) throw notFound(orderMessages.notFound);
  return order;
}

type CreateOrderInput = z.output<typeof createOrderBody>;

/**
 * A purchase order for a part (発注), created as 'ordered'. The part's unit price at this moment
 * is kept on the order. Stock changes only when the order is delivered.
 */
export async function createOrder(db: Db, actor: StockActor, partId: number, input: CreateOrderInput): Promise<Order> {
  try {
    return await db.transaction().execute(async (trx) => {
      const part = await findPartPricing(trx, actor.workspaceId, partId);
      if (!part) throw notFound(notFoundMessages.part);
      const now = nowIso();
      const id = await insertOrder(trx, {
        workspace_id: actor.workspaceId,
        part_id: partId,
        quantity: input.quantity,
        unit_price_sen: part.unit_price_sen,
        order_date: input.order_date,
        expected_delivery_date: input.expected_delivery_date,
        status: 'ordered',
        delivered_at: null,
        notes: null,
        created_by: actor.userId,
        created_at: now,
        updated_at: now,
        plan_id: null,
      });
      return loadOrder(trx, actor.workspaceId, id);
    });
  } catch (error) {
    // The part was deleted between our check and the insert.
    if (isForeignKeyViolation(error)) throw notFound(notFoundMessages.part);
    throw error;
  }
}

export interface PurchaseOrderLine {
  partId: number;
  quantity: number;
}

/**
 * Several purchase orders at once, inside the caller's transaction (a plan's or a requirements
 * check's shortages): one per line, each at its part's unit price of this moment, optionally
 * reserved for a manufacturing plan. Answers the orders in id order.
 */
export async function createPurchaseOrders(
  trx: DbOrTx,
  actor: StockActor,
  lines: PurchaseOrderLine[],
  { orderDate, expectedDeliveryDate, planId }: { orderDate: string; expectedDeliveryDate: string | null; planId: number | null },
): Promise<Order[]> {
  if (expectedDeliveryDate && expectedDeliveryDate < orderDate) throw badRequest(orderMessages.deliveryBeforeOrderDate);
  if (lines.length === 0) return [];
  const pricing = await findPartsPricing(
    trx,
    actor.workspaceId,
    lines.map((line) => line.partId),
  );
  const now = nowIso();
  const rows = lines.map((line) => {
    const part = pricing.get(line.partId);
    if (!part) throw notFound(notFoundMessages.part);
    if (line.quantity > STOCK_MAX) throw conflict(orderMessages.quantityOverMax(part.name));
    return {
      workspace_id: actor.workspaceId,
      part_id: line.partId,
      quantity: line.quantity,
      unit_price_sen: part.unit_price_sen,
      order_date: orderDate,
      expected_delivery_date: expectedDeliveryDate,
      status: 'ordered' as const,
      delivered_at: null,
      notes: null,
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
      plan_id: planId,
    };
  });
  return listOrdersByIds(trx, actor.workspaceId, await insertOrders(trx, rows));
}

/**
 * Delivers an ordered or shipped order in one transaction: the guarded status change, the stock
 * added through the ledger, and the stock entry. expectedDeliveryDate, when given, is stored too
 * (a PUT that sets the status to delivered).
 *
 * The part's row is locked before the order's: deleting a part locks the part, then its orders
 * (foreign-key cascade), so taking the locks in the same order means the two never deadlock.
 */
export async function deliverOrder(
  db: Db,
  actor: StockActor,
  orderId: number,
  expectedDeliveryDate?: string | null,
): Promise<Order> {
  return db.transaction().execute(async (trx) => {
    const found = await findOrderPartAndStatus(trx, actor.workspaceId, orderId);
    if (found) await lockPartStocks(trx, actor.workspaceId, [found.part_id]);
    const delivered = await markOrderDelivered(trx, actor.workspaceId, orderId, expectedDeliveryDate);
    if (!delivered) {
      throw await refusal(trx, actor.workspaceId, orderId, {
        delivered: orderMessages.deliveredIsFinal,
        cancelled: orderMessages.cancelledCannotBeDelivered,
      });
    }
    const note = deliveryNote(orderId);
    // The day of the delivery in Japan, on the stock entry and its ledger row alike.
    const entryDate = tokyoDateString();
    await changePartStock(trx, actor, {
      partId: delivered.part_id,
      delta: delivered.quantity,
      kind: 'order_delivery',
      referenceId: orderId,
      note,
      effectiveDate: entryDate,
    });
    const part = await findPartPricing(trx, actor.workspaceId, delivered.part_id);
    await insertStockEntry(trx, {
      workspace_id: actor.workspaceId,
      part_id: delivered.part_id,
      quantity: delivered.quantity,
      unit_price_sen: part?.unit_price_sen ?? null,
      entry_date: entryDate,
      notes: note,
      order_id: orderId,
      created_by: actor.userId,
    });
    return loadOrder(trx, actor.workspaceId, orderId);
  });
}

/**
 * The status modal: any status and the expected delivery date. A change to delivered delivers
 * the order; a delivered order no longer changes; a cancelled order can be reopened.
 */
export async function updateOrder(
  db: Db,
  actor: StockActor,
  orderId: number,
  changes: { status: OrderStatus; expected_delivery_date: string | null },
): Promise<Order> {
  const current = await loadOrder(db, actor.workspaceId, orderId);
  if (current.status === 'delivered') throw conflict(orderMessages.deliveredIsFinal);
  if (changes.expected_delivery_date && changes.expected_delivery_date < current.order_date) {
    throw badRequest(orderMessages.deliveryBeforeOrderDate);
  }

  const { status, expected_delivery_date } = changes;
  if (status === 'delivered') return deliverOrder(db, actor, orderId, expected_delivery_date);

  // Guarded again in SQL: a delivery that lands between the read above and this write wins.
  if (!(await updateUndeliveredOrder(db, actor.workspaceId, orderId, { status, expected_delivery_date }))) {
    throw await refusal(db, actor.workspaceId, orderId, { delivered: orderMessages.deliveredIsFinal });
  }
  return loadOrder(db, actor.workspaceId, orderId);
}

export async function deleteOrder(db: Db, workspaceId: number, orderId: number): Promise<void> {
  if (!(await deleteUndeliveredOrder(db, workspaceId, orderId))) {
    throw await refusal(db, workspaceId, orderId, { delivered: orderMessages.deliveredCannotBeDeleted });
  }
}
