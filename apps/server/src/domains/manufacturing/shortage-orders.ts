import type { requirementsShortageOrdersBody, RequirementsResult, shortageOrdersBody, ShortageOrdersResult } from '@inventory/contracts/manufacturing';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { localDateString } from '../../lib/time.ts';
import { createPurchaseOrders } from '../orders/order-service.ts';
import { lockPartStocks, type StockActor } from '../stock/part-stock.ts';
import { lockPlan } from './plans-repository.ts';
import { countRequirements, demandWindow, loadDemand } from './requirements.ts';

// Ordering what a plan or a requirements check still misses: one
// purchase order per part with to_order > 0, for exactly that quantity, in one transaction.
// Orders placed for a plan carry its id and count as on order for it from then on, so asking
// again orders nothing twice; orders of a requirements check are ordinary open orders, which
// every later check counts as on order. Every such order has an expected delivery date, so the
// dashboard calendar shows it coming: the date the call names, else the day the parts are needed
// (the plan's start date, the check's start_date), never before the order date.

export const shortageOrderMessages = {
  cancelledPlan: 'キャンセルされた製造計画の不足部品は発注できません',
} as const;

type OrderDates = z.output<typeof shortageOrdersBody>;

/**
 * The order date (today unless named) and the expected delivery date: the one named, else
 * `neededBy`, or the order date when `neededBy` is earlier or unknown (a plan already running).
 */
function shortageOrderDates(dates: OrderDates, neededBy: string | undefined) {
  const orderDate = dates.order_date ?? localDateString();
  const expectedDeliveryDate = dates.expected_delivery_date ?? (neededBy !== undefined && neededBy > orderDate ? neededBy : orderDate);
  return { orderDate, expectedDeliveryDate };
}

function orderShortages(trx: DbOrTx, actor: StockActor, result: RequirementsResult, dates: OrderDates, neededBy: string | undefined, planId: number | null) {
  const lines = result.requirements
    .filter((requirement) => requirement.to_order > 0)
    .map((requirement) => ({ partId: requirement.part_id, quantity: requirement.to_order }));
  return createPurchaseOrders(trx, actor, lines, { ...shortageOrderDates(dates, neededBy), planId });
}

/**
 * The plan's row is locked first, so of two simultaneous clicks the second waits and then sees
 * the first one's orders. A manufacture locks parts, then the product, then plans; this takes
 * the plan and only reads parts, so the two cannot deadlock.
 */
export async function orderPlanShortages(db: Db, actor: StockActor, planId: number, dates: OrderDates): Promise<ShortageOrdersResult> {
  return db.transaction().execute(async (trx) => {
    const plan = await lockPlan(trx, actor.workspaceId, planId);
    if (!plan) throw notFound(notFoundMessages.plan);
    if (plan.status === 'cancelled') throw conflict(shortageOrderMessages.cancelledPlan);
    const demand = await loadDemand(trx, actor.workspaceId, [{ product_id: plan.product_id, quantity: plan.remaining_quantity }], null);
    const result = await countRequirements(trx, actor.workspaceId, demand, planId);
    return { orders: await orderShortages(trx, actor, result, dates, plan.start_date, planId) };
  });
}

/**
 * Without a plan to lock, the parts involved are locked (in id order, as a manufacture does)
 * before counting what is on order, so a simultaneous second call waits and then sees these
 * orders. Their stock is read again under the lock.
 */
export async function orderRequirementShortages(
  db: Db,
  actor: StockActor,
  input: z.output<typeof requirementsShortageOrdersBody>,
): Promise<ShortageOrdersResult> {
  return db.transaction().execute(async (trx) => {
    const demand = await loadDemand(trx, actor.workspaceId, input.requirements.orders, demandWindow(input.requirements));
    const stocks = await lockPartStocks(
      trx,
      actor.workspaceId,
      demand.parts.map((part) => part.part_id),
    );
    const result = await countRequirements(trx, actor.workspaceId, demand, null, stocks);
    return { orders: await orderShortages(trx, actor, result, input, input.requirements.start_date, null) };
  });
}
