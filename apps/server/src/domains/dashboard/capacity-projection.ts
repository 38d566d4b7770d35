import type { CapacitySummary } from '@inventory/contracts/manufacturing';
import type { CapacityBase, ProductStockedLine } from '../manufacturing/capacity.ts';
import type { ExpectedOrder } from '../orders/orders-repository.ts';
import { maxManufacturable } from '../recipe-totals/stored-recipe-totals.ts';

// How many of each product the parts allow on given days, if the open orders arrive on their
// expected delivery date (projected with the stock that will have arrived by then). Today's
// count is the stock in hand, the figure of the product cards; a later day adds the arriving
// orders expected up to that day (the caller leaves overdue orders out: they are late, not
// stock, and count on no day until they are delivered). Each product's lines without
// arrivals give a fixed bound (read grouped in SQL); only the lines whose part arrives are
// computed here, with the capacity rule of the stored recipe totals. The first day costs one pass
// over the products, every later day only the products using a part arriving that day.

export interface ProjectedCapacity {
  date: string;
  product_id: number;
  product_name: string;
  max_manufacturable: number;
}

/** The recipe lines whose part arrives, grouped by product and by part, with each part's stock. */
function indexArrivingLines(arrivingLines: ProductStockedLine[]) {
  const stock = new Map<number, number>();
  const linesOf = new Map<number, ProductStockedLine[]>();
  const productsUsing = new Map<number, number[]>();
  for (const line of arrivingLines) {
    stock.set(line.part_id, line.current_stock);
    const lines = linesOf.get(line.product_id);
    if (lines) lines.push(line);
    else linesOf.set(line.product_id, [line]);
    const users = productsUsing.get(line.part_id);
    if (users) users.push(line.product_id);
    else productsUsing.set(line.part_id, [line.product_id]);
  }
  // The capacity with the parts' stock as `stock` holds it: the fixed bound and the arriving lines.
  const capacityOf = (base: CapacityBase) => {
    const lines = (linesOf.get(base.product_id) ?? []).map((line) => ({ ...line, current_stock: stock.get(line.part_id)! }));
    return Math.min(base.fixed_max ?? Number.POSITIVE_INFINITY, lines.length > 0 ? maxManufacturable(lines) : Number.POSITIVE_INFINITY);
  };
  return { stock, productsUsing, capacityOf };
}

/**
 * Capacities on `dates` (ascending; today first when it is among them): `bases` holds every
 * product with a recipe, `arrivingLines` its lines whose part has an open order, `orders` the
 * open orders expected today or later (earliest first). The first day lists every product that
 * can be made; a later day only the products whose count that day's arrivals raised, since the
 * others' count is already shown. A count of 0 is never listed (the product cards say so already).
 */
export function projectCapacities(
  bases: CapacityBase[],
  arrivingLines: ProductStockedLine[],
  orders: ExpectedOrder[],
  dates: string[],
  today: string,
): ProjectedCapacity[] {
  const { stock, productsUsing, capacityOf } = indexArrivingLines(arrivingLines);
  const baseOf = new Map(bases.map((base) => [base.product_id, base]));

  const shown = new Map<number, number>();
  const projected: ProjectedCapacity[] = [];
  let nextOrder = 0;
  dates.forEach((date, index) => {
    const arrivedParts = new Set<number>();
    // Today is the stock in hand: what is due today counts from the next day shown.
    for (; date > today && nextOrder < orders.length && orders[nextOrder]!.expected_delivery_date <= date; nextOrder++) {
      const order = orders[nextOrder]!;
      const current = stock.get(order.part_id);
      // A part no recipe uses changes no capacity.
      if (current === undefined) continue;
      stock.set(order.part_id, current + order.quantity);
      arrivedParts.add(order.part_id);
    }
    const productIds = index === 0 ? baseOf.keys() : new Set([...arrivedParts].flatMap((partId) => productsUsing.get(partId) ?? []));
    for (const productId of productIds) {
      const base = baseOf.get(productId)!;
      const count = capacityOf(base);
      if (count === (shown.get(productId) ?? 0)) continue;
      shown.set(productId, count);
      projected.push({ date, product_id: productId, product_name: base.product_name, max_manufacturable: count });
    }
  });
  return projected;
}

/**
 * The capacity of each product now (in id order, 0 without a recipe): the projection's inputs
 * with nothing arrived, which is what GET /manufacturing/capacity/all answers and what the
 * calendar shows today. The dashboard takes it from here instead of running that grouped query
 * too (a second pass over every recipe line: 4 ms of the dashboard's 25 on SQLite with 500
 * products × 20 lines).
 */
export function currentCapacities(productIds: number[], bases: CapacityBase[], arrivingLines: ProductStockedLine[]): CapacitySummary[] {
  const { capacityOf } = indexArrivingLines(arrivingLines);
  const allowed = new Map(bases.map((base) => [base.product_id, capacityOf(base)]));
  return [...productIds].sort((a, b) => a - b).map((productId) => ({ product_id: productId, max_manufacturable: allowed.get(productId) ?? 0 }));
}
