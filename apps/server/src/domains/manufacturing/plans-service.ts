import type { createPlanBody, Plan, PlanStatus, updatePlanBody } from '@inventory/contracts/manufacturing';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { nowIso } from '../../lib/time.ts';
import type { StockActor } from '../stock/item-stock.ts';
import { lockProduct } from '../products/products-repository.ts';
import { subtractAlreadyMade } from './already-made.ts';
import { deletePlanRow, findPlan, insertPlan, lockPlan, updatePlanRow } from './plans-repository.ts';

// Manufacturing plans (製造計画): a quantity of a product to make between two dates. Manufacturing
// the product on a date inside the range counts towards remaining_quantity (manufacture-service),
// also when it was recorded before the plan (already-made.ts).

export async function getPlan(db: DbOrTx, workspaceId: number, planId: number): Promise<Plan> {
  const plan = await findPlan(db, workspaceId, planId);
  if (!plan) throw notFound(notFoundMessages.plan);
  return plan;
}

/**
 * A new plan starts with what was already made in its window counted (already-made.ts, the
 * requirements check's rule), completed when that covers it. The product's row is locked first,
 * as a manufacture locks it: a manufacture at the same moment either is counted here or finds
 * this plan among those it counts towards.
 */
export async function createPlan(db: Db, actor: StockActor, input: z.output<typeof createPlanBody>): Promise<Plan> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockProduct(trx, actor.workspaceId, input.product_id))) throw notFound(notFoundMessages.product);
    const [order] = await subtractAlreadyMade(trx, actor.workspaceId, [{ product_id: input.product_id, quantity: input.quantity }], {
      startDate: input.start_date,
      endDate: input.end_date,
    });
    const remaining = order!.quantity;
    const now = nowIso();
    const id = await insertPlan(trx, {
      workspace_id: actor.workspaceId,
      product_id: input.product_id,
      quantity: input.quantity,
      remaining_quantity: remaining,
      start_date: input.start_date,
      end_date: input.end_date,
      status: remaining === 0 ? 'completed' : 'active',
      notes: input.notes,
      created_by: actor.userId,
      created_at: now,
      updated_at: now,
    });
    return getPlan(trx, actor.workspaceId, id);
  });
}

/**
 * What was made stays made: completed = quantity − remaining before the change, the new
 * remaining is max(0, new quantity − completed). An explicit status wins (active with nothing
 * remaining is completed); without one a cancelled plan stays cancelled and any other plan is
 * completed exactly when nothing remains, so raising a completed plan's quantity reopens it.
 */
export function nextPlanState(
  current: { quantity: number; remaining_quantity: number; status: PlanStatus },
  quantity: number,
  requested: PlanStatus | undefined,
): { remaining_quantity: number; status: PlanStatus } {
  const made = current.quantity - current.remaining_quantity;
  const remaining = Math.max(0, quantity - made);
  const wanted = requested ?? (current.status === 'cancelled' ? 'cancelled' : 'active');
  return { remaining_quantity: remaining, status: wanted === 'active' && remaining === 0 ? 'completed' : wanted };
}

/** Read and written under the plan's lock, so a manufacture counting towards it waits or goes first. */
export async function updatePlan(db: Db, workspaceId: number, planId: number, input: z.output<typeof updatePlanBody>): Promise<Plan> {
  return db.transaction().execute(async (trx) => {
    const current = await lockPlan(trx, workspaceId, planId);
    if (!current) throw notFound(notFoundMessages.plan);
    const { remaining_quantity, status } = nextPlanState(current, input.quantity, input.status);
    await updatePlanRow(trx, workspaceId, planId, {
      quantity: input.quantity,
      remaining_quantity,
      status,
      start_date: input.start_date,
      end_date: input.end_date,
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
    });
    return getPlan(trx, workspaceId, planId);
  });
}

export async function deletePlan(db: Db, workspaceId: number, planId: number): Promise<void> {
  if (!(await deletePlanRow(db, workspaceId, planId))) throw notFound(notFoundMessages.plan);
}
