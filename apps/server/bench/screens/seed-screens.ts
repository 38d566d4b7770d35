import { buildApp } from '../../src/app.ts';
import type { AppConfig } from '../../src/config.ts';
import { storeRecipeTotals } from '../../src/domains/recipe-totals/stored-recipe-totals.ts';
import { setStocks } from '../../src/domains/stock/item-stock.ts';
import { setPartStocks } from '../../src/domains/stock/part-stock.ts';
import { addDays, localDateString } from '../../src/lib/time.ts';
import { seededPartName, seededPartRow } from '../../test/factories/heavy-workspace.ts';
import { insertRows, insertRowsReturningIds } from '../../test/factories/insert-rows.ts';

// The workspace of the screen timings: 10,000 parts (half of them tagged), 1,000 products with
// 20-line recipes, 300 open orders (and 100 delivered or cancelled) around today, 200 sales of
// 150 products over the last two months, 20 active plans and 100 manufacturing records. Written
// with multi-row inserts (through the API it would take minutes); stock through the stock module.

export const SCREEN_PARTS = 10_000;
export const SCREEN_PRODUCTS = 1_000;
export const SCREEN_RECIPE_LINES = 20;
export const SCREEN_OPEN_ORDERS = 300;
export const SCREEN_SALES = 200;
const CLOSED_ORDERS = 100;
const SOLD_PRODUCTS = 150;
const PLANS = 20;
const RECORDS = 100;

export interface ScreensWorkspace {
  token: string;
  /** Names the screens' checks look for. */
  firstPart: string;
  firstProduct: string;
  /** A part name that exactly one part has, and one that exactly one order's part has. */
  searchedPart: string;
  searchedOrderPart: string;
  firstPlanProduct: string;
  latestSaleProduct: string;
}

export async function seedScreensWorkspace(config: AppConfig): Promise<ScreensWorkspace> {
  const app = await buildApp({ ...config, logLevel: 'silent', authRateLimitPerMinute: 1_000_000 });
  try {
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'ベンチ', email: `screens-${Date.now()}@example.test`, password: 'password123' },
    });
    const { token, user } = registered.json() as { token: string; user: { id: number; current_workspace: { id: number } } };
    const workspaceId = user.current_workspace.id;
    const actor = { workspaceId, userId: user.id };
    const now = new Date().toISOString();
    const today = localDateString();

    const partIds = await insertRowsReturningIds(
      app.db,
      'parts',
      Array.from({ length: SCREEN_PARTS }, (_, n) => seededPartRow(workspaceId, n, now)),
    );
    const tagIds = await insertRowsReturningIds(
      app.db,
      'tags',
      ['抵抗', 'コンデンサ', 'IC', 'コネクタ', 'ネジ'].map((name, i) => ({
        workspace_id: workspaceId,
        name,
        color: ['#EF4444', '#F59E0B', '#10B981', '#3B82F6', '#8B5CF6'][i]!,
        created_at: now,
        updated_at: now,
      })),
    );
    await insertRows(
      app.db,
      'part_tags',
      partIds.filter((_, index) => index % 2 === 0).map((partId, index) => ({ workspace_id: workspaceId, part_id: partId, tag_id: tagIds[index % tagIds.length]!, created_at: now })),
    );
    await app.db.transaction().execute((trx) =>
      setPartStocks(trx, actor, partIds.map((partId, index) => ({ partId, stock: (index * 7) % 60 })), 'initial'),
    );

    const productName = (n: number) => `商品 ${String(n).padStart(4, '0')}`;
    const productIds = await insertRowsReturningIds(
      app.db,
      'products',
      Array.from({ length: SCREEN_PRODUCTS }, (_, n) => ({
        workspace_id: workspaceId,
        name: productName(n),
        selling_price_sen: (n % 300) * 1000 + 5000,
        url: null,
        part_number: `PR-${n}`,
        created_at: now,
        updated_at: now,
      })),
    );
    // 20 distinct parts per product (499 × k mod 10,000 never repeats for k < 20).
    await insertRows(
      app.db,
      'recipe_lines',
      productIds.flatMap((productId, p) =>
        Array.from({ length: SCREEN_RECIPE_LINES }, (_, k) => ({
          workspace_id: workspaceId,
          product_id: productId,
          part_id: partIds[(p * 37 + k * 499) % SCREEN_PARTS]!,
          quantity_required: (k % 5) + 1,
        })),
      ),
    );
    await app.db.transaction().execute(async (trx) => {
      await storeRecipeTotals(trx, workspaceId, productIds);
      await setStocks(trx, actor, 'product', productIds.map((itemId, index) => ({ itemId, stock: index % 30 })), 'initial');
    });

    // Open orders from 20 days overdue to 40 days ahead; every 13th part, so each part has one order.
    const orderPart = (n: number) => n * 13;
    await insertRows(
      app.db,
      'orders',
      Array.from({ length: SCREEN_OPEN_ORDERS + CLOSED_ORDERS }, (_, n) => {
        const open = n < SCREEN_OPEN_ORDERS;
        return {
          workspace_id: workspaceId,
          part_id: partIds[orderPart(n)]!,
          quantity: (n % 50) + 1,
          unit_price_sen: null,
          order_date: addDays(today, -30 - (n % 20)),
          expected_delivery_date: n % 7 === 0 ? null : addDays(today, (n % 60) - 20),
          status: open ? (n % 2 === 0 ? 'ordered' : 'shipped') : n % 2 === 0 ? 'delivered' : 'cancelled',
          delivered_at: open || n % 2 === 1 ? null : now,
          notes: null,
          created_by: user.id,
          created_at: now,
          updated_at: now,
          plan_id: null,
        };
      }),
    );

    const sales = Array.from({ length: SCREEN_SALES }, (_, n) => {
      const product = (n * 7) % SOLD_PRODUCTS;
      const quantity = (n % 3) + 1;
      const unitPriceSen = (product % 300) * 1000 + 5000;
      const unitCostSen = Math.round(unitPriceSen * 0.6);
      return {
        workspace_id: workspaceId,
        product_id: productIds[product]!,
        product_name: productName(product),
        quantity,
        unit_price_sen: unitPriceSen,
        total_amount_sen: unitPriceSen * quantity,
        total_cost_sen: unitCostSen * quantity,
        profit_sen: (unitPriceSen - unitCostSen) * quantity,
        sale_date: addDays(today, -(n % 60)),
        url: n % 4 === 0 ? `https://example.com/sales/${n}` : null,
        notes: n % 5 === 0 ? 'ベンチの売上' : null,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      };
    });
    await insertRows(app.db, 'sales', sales);

    await insertRows(
      app.db,
      'manufacturing_plans',
      Array.from({ length: PLANS }, (_, n) => ({
        workspace_id: workspaceId,
        product_id: productIds[n * 50]!,
        quantity: 10 + n,
        remaining_quantity: 10 + n,
        start_date: addDays(today, n - 5),
        end_date: addDays(today, n + 10),
        status: 'active',
        notes: null,
        created_by: user.id,
        created_at: now,
        updated_at: now,
      })),
    );
    await insertRows(
      app.db,
      'manufacturing_records',
      Array.from({ length: RECORDS }, (_, n) => ({
        workspace_id: workspaceId,
        product_id: productIds[n * 10]!,
        product_name: productName(n * 10),
        quantity: (n % 5) + 1,
        manufacturing_date: addDays(today, -(n % 40)),
        notes: null,
        created_by: user.id,
        created_at: now,
      })),
    );

    return {
      token,
      firstPart: seededPartName(0),
      firstProduct: productName(0),
      searchedPart: seededPartName(1234),
      searchedOrderPart: seededPartName(orderPart(123)),
      firstPlanProduct: productName(0),
      latestSaleProduct: productName(0),
    };
  } finally {
    await app.close();
  }
}
