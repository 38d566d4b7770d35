import type { Db } from '../src/db/database.ts';
import { localDateString } from '../src/lib/time.ts';
import { insertRows, insertRowsReturningIds } from '../test/factories/insert-rows.ts';

// A shop with SALES_PRODUCTS products and SALES sales spread over the last 2 years, written with
// multi-row inserts (selling through the API would take minutes): the data of the sales and
// dashboard budgets (500 products and 100,000 sales).

export const SALES_PRODUCTS = 500;
export const SALES = 100_000;
const DAYS = 730;

/** Seeds the workspace; answers its product ids. Sales of the same product share its name, price and cost. */
export async function seedSalesWorkspace(db: Db, workspaceId: number, today = new Date()): Promise<number[]> {
  const now = today.toISOString();
  const productIds = await insertRowsReturningIds(
    db,
    'products',
    Array.from({ length: SALES_PRODUCTS }, (_, n) => ({
      workspace_id: workspaceId,
      name: `販売商品 ${String(n).padStart(3, '0')}`,
      selling_price_sen: (n % 200) * 500 + 1000,
      url: null,
      part_number: null,
      created_at: now,
      updated_at: now,
    })),
  );
  await insertRows(
    db,
    'sales',
    Array.from({ length: SALES }, (_, n) => {
      // Multiplying by primes spreads products and days evenly without a random generator.
      const product = (n * 7919) % SALES_PRODUCTS;
      const day = new Date(today.getFullYear(), today.getMonth(), today.getDate() - ((n * 104_729) % DAYS));
      const quantity = (n % 5) + 1;
      const unitPriceSen = (product % 200) * 500 + 1000;
      const unitCostSen = Math.round(unitPriceSen * 0.6);
      return {
        workspace_id: workspaceId,
        product_id: productIds[product]!,
        product_name: `販売商品 ${String(product).padStart(3, '0')}`,
        quantity,
        unit_price_sen: unitPriceSen,
        total_amount_sen: unitPriceSen * quantity,
        total_cost_sen: unitCostSen * quantity,
        profit_sen: (unitPriceSen - unitCostSen) * quantity,
        sale_date: localDateString(day),
        url: null,
        notes: null,
        created_by: null,
        created_at: now,
        updated_at: now,
      };
    }),
  );
  return productIds;
}
