import type { DbOrTx } from '../../db/database.ts';
import { listPlansWithMadeOverlapping } from './plans-repository.ts';
import { sumManufacturedByDay } from './records-repository.ts';

// What was already made towards a new plan: the one rule behind the requirements check with
// reduce_by_manufacturing (POST /manufacturing/requirements and its shortage orders) and a new
// plan's remaining quantity (POST /manufacturing/plans), so the check and the plan created right
// after it say the same.
//
// A manufacture counts towards the active plans whose range holds its date, whenever it is
// recorded; so units made in a plan's window before the plan was entered count for it too, as
// if the plan had been there first. What the product's other active or completed plans already
// count as made is not counted again: no unit is made twice on paper. Which records those plans
// took is not stored, so each of them is taken to have taken its made units from the records
// in its own overlap with the window (at most what those records hold): a unit may go uncounted,
// never counted twice. A cancelled plan gives its units back: they were made and are in stock.

export interface ProductOrder {
  product_id: number;
  quantity: number;
}

export interface MadeWindow {
  startDate: string;
  endDate: string;
}

/** Of each product, what was made in the window and none of its other plans counts. */
async function madeForNoOtherPlan(db: DbOrTx, workspaceId: number, productIds: number[], window: MadeWindow): Promise<Map<number, number>> {
  const days = await sumManufacturedByDay(db, workspaceId, productIds, window.startDate, window.endDate);
  const plans = await listPlansWithMadeOverlapping(db, workspaceId, productIds, window.startDate, window.endDate);
  const madeBetween = (productId: number, from: string, to: string) =>
    days.reduce((sum, day) => (day.product_id === productId && day.manufacturing_date >= from && day.manufacturing_date <= to ? sum + day.quantity : sum), 0);
  const free = new Map<number, number>();
  for (const productId of productIds) {
    const taken = plans
      .filter((plan) => plan.product_id === productId)
      .reduce((sum, plan) => {
        const from = plan.start_date > window.startDate ? plan.start_date : window.startDate;
        const to = plan.end_date < window.endDate ? plan.end_date : window.endDate;
        return sum + Math.min(plan.made, madeBetween(productId, from, to));
      }, 0);
    free.set(productId, Math.max(0, madeBetween(productId, window.startDate, window.endDate) - taken));
  }
  return free;
}

/**
 * The orders, each reduced (never below 0) by what was already made of its product in the window
 * (see above); several orders of one product are served in turn, the earlier order first.
 */
export async function subtractAlreadyMade(db: DbOrTx, workspaceId: number, orders: ProductOrder[], window: MadeWindow): Promise<ProductOrder[]> {
  const made = await madeForNoOtherPlan(db, workspaceId, [...new Set(orders.map((order) => order.product_id))], window);
  return orders.map((order) => {
    const available = made.get(order.product_id) ?? 0;
    const counted = Math.min(available, order.quantity);
    made.set(order.product_id, available - counted);
    return { product_id: order.product_id, quantity: order.quantity - counted };
  });
}
