import type { Db, DbOrTx } from '../../src/db/database.ts';
import { storeRecipeTotals } from '../../src/domains/recipe-totals/stored-recipe-totals.ts';
import { setStocks } from '../../src/domains/stock/item-stock.ts';
import { setPartStocks } from '../../src/domains/stock/part-stock.ts';
import { addDays, localDateString } from '../../src/lib/time.ts';
import { insertRows, insertRowsReturningIds } from './insert-rows.ts';

// A workspace as big as the performance budgets and the per-workspace limits
// allow, written with multi-row inserts (through the API it would take minutes): the data of the
// heaviest call of each screen. Stocks go through the stock module, so the ledger stays true, and
// the products' recipe totals are stored by the call a recipe save makes.
// Everything is written in one transaction (on a SQLite file, a commit per statement took 20 s).

export interface HeavySizes {
  parts: number;
  tags: number;
  orders: number;
  products: number;
  recipeLines: number;
  sales: number;
  records: number;
  plans: number;
  stockEntries: number;
}

export interface HeavyWorkspace {
  partIds: number[];
  partNames: string[];
  productIds: number[];
}

/** Part n of a big seeded workspace (the heavy one here, the bench's): names sort by n. */
export const seededPartName = (n: number) => `部品 ${String(n).padStart(5, '0')}`;

/** Part n's row: a price, a minimum, a URL on every third part, one of 12 categories. */
export function seededPartRow(workspaceId: number, n: number, now: string) {
  return {
    workspace_id: workspaceId,
    name: seededPartName(n),
    unit: '個',
    unit_price_sen: (n % 1000) * 100 + 50,
    min_stock_alert: n % 20,
    url: n % 3 === 0 ? `https://example.com/parts/${n}` : null,
    part_number: `PN-${n}`,
    category: `カテゴリ${n % 12}`,
    created_at: now,
    updated_at: now,
  };
}

export function seedHeavyWorkspace(db: Db, owner: { workspaceId: number; userId: number }, sizes: HeavySizes): Promise<HeavyWorkspace> {
  return db.transaction().execute((trx) => seedIn(trx, owner, sizes));
}

async function seedIn(db: DbOrTx, owner: { workspaceId: number; userId: number }, sizes: HeavySizes): Promise<HeavyWorkspace> {
  const workspaceId = owner.workspaceId;
  const now = new Date().toISOString();
  const today = localDateString();

  const partIds = await insertRowsReturningIds(
    db,
    'parts',
    Array.from({ length: sizes.parts }, (_, n) => seededPartRow(workspaceId, n, now)),
  );
  await setPartStocks(
    db,
    owner,
    partIds.map((partId, index) => ({ partId, stock: (index % 50) * 10 })),
    'initial',
  );

  const tagIds = await insertRowsReturningIds(
    db,
    'tags',
    Array.from({ length: sizes.tags }, (_, n) => ({ workspace_id: workspaceId, name: `タグ${n}`, color: '#3B82F6', created_at: now, updated_at: now })),
  );
  await insertRows(
    db,
    'part_tags',
    Array.from({ length: sizes.parts }, (_, n) => ({ workspace_id: workspaceId, part_id: partIds[n]!, tag_id: tagIds[n % tagIds.length]!, created_at: now })),
  );

  await insertRows(
    db,
    'orders',
    Array.from({ length: sizes.orders }, (_, n) => ({
      workspace_id: workspaceId,
      part_id: partIds[(n * 7) % partIds.length]!,
      quantity: (n % 50) + 1,
      unit_price_sen: 1000,
      order_date: addDays(today, -(n % 60)),
      expected_delivery_date: n % 5 === 0 ? null : addDays(today, (n % 40) - 10),
      status: (['ordered', 'shipped', 'delivered', 'cancelled'] as const)[n % 4]!,
      delivered_at: null,
      notes: null,
      created_by: owner.userId,
      created_at: now,
      updated_at: now,
      plan_id: null,
    })),
  );

  await insertRows(
    db,
    'stock_entries',
    Array.from({ length: sizes.stockEntries }, (_, n) => ({
      workspace_id: workspaceId,
      part_id: partIds[(n * 13) % partIds.length]!,
      quantity: (n % 9) + 1,
      unit_price_sen: 900,
      entry_date: addDays(today, -(n % 365)),
      notes: null,
      order_id: null,
      created_by: owner.userId,
      created_at: now,
    })),
  );

  const productName = (n: number) => `商品 ${String(n).padStart(4, '0')}`;
  const productIds = await insertRowsReturningIds(
    db,
    'products',
    Array.from({ length: sizes.products }, (_, n) => ({
      workspace_id: workspaceId,
      name: productName(n),
      selling_price_sen: (n % 300) * 1000 + 5000,
      url: null,
      part_number: `PR-${n}`,
      created_at: now,
      updated_at: now,
    })),
  );
  // Distinct parts in each recipe: 499 × k mod 10,000 never repeats for k < 20.
  await insertRows(
    db,
    'recipe_lines',
    Array.from({ length: sizes.products * sizes.recipeLines }, (_, n) => {
      const product = Math.floor(n / sizes.recipeLines);
      const line = n % sizes.recipeLines;
      return {
        workspace_id: workspaceId,
        product_id: productIds[product]!,
        part_id: partIds[(product * 37 + line * 499) % partIds.length]!,
        quantity_required: (line % 5) + 1,
      };
    }),
  );
  await storeRecipeTotals(db, workspaceId, productIds);
  await setStocks(
    db,
    owner,
    'product',
    productIds.map((itemId, index) => ({ itemId, stock: index % 30 })),
    'initial',
  );

  await insertRows(
    db,
    'manufacturing_plans',
    Array.from({ length: sizes.plans }, (_, n) => ({
      workspace_id: workspaceId,
      product_id: productIds[n % productIds.length]!,
      quantity: 10,
      remaining_quantity: 10,
      start_date: addDays(today, -(n % 10)),
      end_date: addDays(today, 30 + (n % 30)),
      status: 'active' as const,
      notes: null,
      created_by: owner.userId,
      created_at: now,
      updated_at: now,
    })),
  );
  await insertRows(
    db,
    'manufacturing_records',
    Array.from({ length: sizes.records }, (_, n) => ({
      workspace_id: workspaceId,
      product_id: productIds[n % productIds.length]!,
      product_name: productName(n % productIds.length),
      quantity: (n % 4) + 1,
      manufacturing_date: addDays(today, -(n % 365)),
      notes: null,
      created_by: owner.userId,
      created_at: now,
    })),
  );

  // Sales over the last 2 years; multiplying by primes spreads products and days evenly.
  await insertRows(
    db,
    'sales',
    Array.from({ length: sizes.sales }, (_, n) => {
      const product = (n * 7919) % productIds.length;
      const quantity = (n % 5) + 1;
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
        sale_date: addDays(today, -((n * 104_729) % 730)),
        url: null,
        notes: null,
        created_by: owner.userId,
        created_at: now,
        updated_at: now,
      };
    }),
  );

  return { partIds, partNames: partIds.map((_, n) => seededPartName(n)), productIds };
}
