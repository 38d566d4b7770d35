import type { Requirement, requirementsBody, RequirementsResult } from '@inventory/contracts/manufacturing';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/database.ts';
import { inWorkspaceSkippingIndex } from '../../db/sql-helpers.ts';
import { notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { sumOpenOrderQuantities } from '../orders/orders-repository.ts';
import { type MadeWindow, type ProductOrder, subtractAlreadyMade } from './already-made.ts';
import { findPlan } from './plans-repository.ts';

// Parts needed for orders of products (a plan is one order of its remaining quantity):
// required = Σ order quantity × quantity_required, shortage = max(0, required − stock),
// to_order = max(0, shortage − on order). Three queries, five with a window, however many orders
// and lines.

type RequirementsInput = z.output<typeof requirementsBody>;

interface DemandPart {
  part_id: number;
  part_name: string;
  unit: string | null;
  current_stock: number;
  required_quantity: number;
}

/** What the orders need, before counting what is already on order. */
export interface Demand {
  orders: ProductOrder[];
  adjusted: boolean;
  parts: DemandPart[];
}

/** The products (each once) with their recipe lines and each part's stock; a product without recipe gives one row of nulls. */
function selectRecipes(db: DbOrTx, workspaceId: number, productIds: number[]) {
  return db
    .selectFrom('products')
    .leftJoin('recipe_lines', 'recipe_lines.product_id', 'products.id')
    .leftJoin('parts', 'parts.id', 'recipe_lines.part_id')
    .select([
      'products.id as product_id',
      'recipe_lines.part_id as part_id',
      'recipe_lines.quantity_required as quantity_required',
      'parts.name as part_name',
      'parts.unit as unit',
      'parts.current_stock as current_stock',
    ])
    .where('products.id', 'in', productIds)
    .where(inWorkspaceSkippingIndex(workspaceId, 'products.workspace_id'))
    .execute();
}

/**
 * With a window, the orders are first reduced by what was already made in it (already-made.ts,
 * the rule a new plan's remaining quantity follows too). 404 when a product is not in the
 * workspace.
 */
export async function loadDemand(db: DbOrTx, workspaceId: number, orders: ProductOrder[], window: MadeWindow | null): Promise<Demand> {
  const productIds = [...new Set(orders.map((order) => order.product_id))];
  const rows = await selectRecipes(db, workspaceId, productIds);
  if (new Set(rows.map((row) => row.product_id)).size < productIds.length) throw notFound(notFoundMessages.product);

  const adjusted = window ? await subtractAlreadyMade(db, workspaceId, orders, window) : orders;

  const quantityByProduct = new Map<number, number>();
  for (const order of adjusted) quantityByProduct.set(order.product_id, (quantityByProduct.get(order.product_id) ?? 0) + order.quantity);
  const parts = new Map<number, DemandPart>();
  for (const row of rows) {
    if (row.part_id === null || row.quantity_required === null || row.part_name === null || row.current_stock === null) continue;
    const part = parts.get(row.part_id) ?? {
      part_id: row.part_id,
      part_name: row.part_name,
      unit: row.unit,
      current_stock: row.current_stock,
      required_quantity: 0,
    };
    part.required_quantity += (quantityByProduct.get(row.product_id) ?? 0) * row.quantity_required;
    parts.set(row.part_id, part);
  }
  return { orders: adjusted, adjusted: window !== null, parts: [...parts.values()] };
}

const byName = new Intl.Collator('ja');

/**
 * Adds what is on order: open orders of each part not reserved for a plan, plus those reserved
 * for planId. stocks, when given, replaces the stock read by loadDemand (read again under a lock).
 */
export async function countRequirements(
  db: DbOrTx,
  workspaceId: number,
  demand: Demand,
  planId: number | null,
  stocks?: Map<number, number>,
): Promise<RequirementsResult> {
  const onOrder = await sumOpenOrderQuantities(
    db,
    workspaceId,
    demand.parts.map((part) => part.part_id),
    planId,
  );
  const requirements: Requirement[] = demand.parts.map((part) => {
    const currentStock = stocks?.get(part.part_id) ?? part.current_stock;
    const shortage = Math.max(0, part.required_quantity - currentStock);
    const ordered = onOrder.get(part.part_id) ?? 0;
    return { ...part, current_stock: currentStock, shortage, on_order: ordered, to_order: Math.max(0, shortage - ordered) };
  });
  requirements.sort((a, b) => byName.compare(a.part_name, b.part_name) || a.part_id - b.part_id);
  return {
    requirements,
    total_parts: requirements.length,
    has_shortages: requirements.some((requirement) => requirement.shortage > 0),
    orders: demand.orders,
    manufacturing_adjusted: demand.adjusted,
  };
}

/** The manufacturing window applies only when asked for and both of its dates are given. */
export function demandWindow(input: Pick<RequirementsInput, 'reduce_by_manufacturing' | 'start_date' | 'end_date'>) {
  return input.reduce_by_manufacturing && input.start_date && input.end_date ? { startDate: input.start_date, endDate: input.end_date } : null;
}

/** POST /manufacturing/requirements */
export async function computeRequirements(db: DbOrTx, workspaceId: number, input: RequirementsInput): Promise<RequirementsResult> {
  const demand = await loadDemand(db, workspaceId, input.orders, demandWindow(input));
  return countRequirements(db, workspaceId, demand, null);
}

/** GET /manufacturing/plans/{id}/requirements: the recipe × the plan's remaining quantity. */
export async function computePlanRequirements(db: DbOrTx, workspaceId: number, planId: number): Promise<RequirementsResult> {
  const plan = await findPlan(db, workspaceId, planId);
  if (!plan) throw notFound(notFoundMessages.plan);
  const demand = await loadDemand(db, workspaceId, [{ product_id: plan.product_id, quantity: plan.remaining_quantity }], null);
  return countRequirements(db, workspaceId, demand, planId);
}
