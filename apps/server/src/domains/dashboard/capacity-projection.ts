import type { DbOrTx } from '../../db/database.ts';
import type { ExpectedOrder } from '../orders/orders-repository.ts';
import { limitingPartsOf, listStockedRecipeLines, listStoredCapacitiesWithLimitingParts } from '../recipe-totals/recipe-totals-repository.ts';
import { maxManufacturable } from '../recipe-totals/recipe-totals.ts';

// How many of each product the parts allow on given days, if the open orders arrive on their
// expected delivery date ("projected with the stock that will have arrived by then"). Today's
// count is the stock in hand: the stored capacity, the figure of the product cards. A later day
// adds the arriving orders expected up to that day (the caller leaves overdue orders out: they
// are late, not stock, and count on no day until they are delivered). Stock only grows here, so
// a count rises only when every one of its limiting parts gets some: the other products keep
// their stored capacity all month, and the few whose limiting parts all have an order arriving
// are computed on each day from their recipe lines with the capacity rule (recipe-totals.ts).

export type StoredCapacity = Awaited<ReturnType<typeof listStoredCapacitiesWithLimitingParts>>[number];
type RecipeLine = Awaited<ReturnType<typeof listStockedRecipeLines>>[number];

export interface ProjectionInputs {
  /** Every product with a recipe, with its stored capacity. */
  capacities: StoredCapacity[];
  /** The recipe lines, with their part's stock, of the products that arriving orders may raise. */
  lines: RecipeLine[];
}

export const NO_PROJECTION: ProjectionInputs = { capacities: [], lines: [] };

/**
 * The projection's inputs: every product with a recipe and its stored capacity, and the recipe
 * lines of the products whose limiting parts all arrive with `orders`.
 */
export async function loadProjectionInputs(db: DbOrTx, workspaceId: number, orders: ExpectedOrder[]): Promise<ProjectionInputs> {
  const capacities = await listStoredCapacitiesWithLimitingParts(db, workspaceId);
  const arriving = new Set(orders.map((order) => order.part_id));
  const raisable = capacities
    .filter((capacity) => limitingPartsOf(capacity.limiting_parts).every((part) => arriving.has(part.part_id)))
    .map((capacity) => capacity.product_id);
  return { capacities, lines: raisable.length === 0 ? [] : await listStockedRecipeLines(db, workspaceId, raisable) };
}

export interface ProjectedCapacity {
  date: string;
  product_id: number;
  product_name: string;
  max_manufacturable: number;
}

/**
 * Capacities on `dates` (ascending; today first when it is among them), `orders` being the open
 * orders expected today or later (earliest first). The first day lists every product that can be
 * made; a later day only the products whose count that day's arrivals raised, since the others'
 * count is already shown. A count of 0 is never listed (the product cards say so already).
 */
export function projectCapacities({ capacities, lines }: ProjectionInputs, orders: ExpectedOrder[], dates: string[], today: string): ProjectedCapacity[] {
  const stock = new Map<number, number>();
  const linesOf = new Map<number, RecipeLine[]>();
  const productsUsing = new Map<number, number[]>();
  for (const line of lines) {
    stock.set(line.part_id, line.current_stock);
    const productLines = linesOf.get(line.product_id);
    if (productLines) productLines.push(line);
    else linesOf.set(line.product_id, [line]);
    const users = productsUsing.get(line.part_id);
    if (users) users.push(line.product_id);
    else productsUsing.set(line.part_id, [line.product_id]);
  }
  const countOf = (capacity: StoredCapacity) => {
    const productLines = linesOf.get(capacity.product_id);
    return productLines ? maxManufacturable(productLines.map((line) => ({ ...line, current_stock: stock.get(line.part_id)! }))) : capacity.max_manufacturable;
  };
  const capacityOf = new Map(capacities.map((capacity) => [capacity.product_id, capacity]));

  const shown = new Map<number, number>();
  const projected: ProjectedCapacity[] = [];
  let nextOrder = 0;
  dates.forEach((date, index) => {
    const arrivedParts = new Set<number>();
    // Today is the stock in hand: what is due today counts from the next day shown.
    for (; date > today && nextOrder < orders.length && orders[nextOrder]!.expected_delivery_date <= date; nextOrder++) {
      const order = orders[nextOrder]!;
      const current = stock.get(order.part_id);
      // A part no raisable product uses changes no count.
      if (current === undefined) continue;
      stock.set(order.part_id, current + order.quantity);
      arrivedParts.add(order.part_id);
    }
    const productIds = index === 0 ? capacityOf.keys() : new Set([...arrivedParts].flatMap((partId) => productsUsing.get(partId) ?? []));
    for (const productId of productIds) {
      const capacity = capacityOf.get(productId)!;
      const count = countOf(capacity);
      if (count === (shown.get(productId) ?? 0)) continue;
      shown.set(productId, count);
      projected.push({ date, product_id: productId, product_name: capacity.product_name, max_manufacturable: count });
    }
  });
  return projected;
}
