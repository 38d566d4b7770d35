import type { requirementsShortageOrdersBody, RequirementsResult, shortageOrdersBody, ShortageOrdersResult } from '@inventory/contracts/manufacturing';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/create-database.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { localDateString } from '../../lib/time.ts';
import { createPurchaseOrders } from '../orders/order-service.ts';
import { lockPartStocks, type StockActor } from '../stock/part-stock.ts';
import { lockPlan } from './plans-repository.ts';
import { countRequirements, demandWindow, loadDemand } from './requirements.ts';

// Ordering what a plan or a requirements check still misses (beyond the specification): one
// purchase order per part with to_order > 0, for exactly that quantity, in one transaction.
// Orders placed for a plan carry its id and count as on order for it from then on, so asking
// again orders nothing twice; orders of a requirements check are ordinary open orders, which
// every later check counts as on order.

export const shortageOrderMessages = {
  cancelledPlan: 'キャンセルされた製造計画の不足部品は発注できません',
} as const;

type OrderDates = z.output<typeof shortageOrdersBody>;

function orderShortages(trx: DbOrTx, actor: StockActor, result: RequirementsResult, dates: OrderDates, planId: number | null) {
  const lines = result.requirements
    .filter((requirement) => requirement.to_order > 0)
    .map((requirement) => ({ partId: requirement.part_id, quantity: requirement.to_order }));
  return createPurchaseOrders(trx, actor, lines, {
    orderDate: dates.order_date ?? localDateString(),
    expectedDeliveryDate: dates.expected_delivery_date ?? null,
    planId,
  });
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
    return { orders: await orderShortages(trx, actor, result, dates, planId) };
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
    return { orders: await orderShortages(trx, actor, result, input, null) };
  });
}
