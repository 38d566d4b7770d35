import type { Valuation, ValuationMethod, ValuedPart, ValuedProduct } from '@inventory/contracts/valuation';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';

// 在庫評価: the stock of every part and product on a day, valued by a method.
// - Quantity: the sum of the item's ledger rows whose business date (effective_date) is on or
//   before the day, so a receipt typed in January for 28 December counts in December.
// - 最終仕入原価法 (last_purchase): a part's unit value is the unit price of its last priced stock
//   entry (a receipt or a delivered order) dated on or before the day (the later id on the same
//   day), else the part's unit price.
// - 移動平均法 (moving_average): the part's ledger replayed up to the day in date order; a priced
//   stock entry moves the average to (balance × average + quantity × price) ÷ (balance + quantity),
//   kept in whole sen (rounded half up) as a hand-kept ledger would; other rows keep it. The
//   average starts at the part's unit price, the value of stock that existed before any priced
//   entry; a priced entry onto no stock starts it at its own price.
// - A product's unit value is Σ over its recipe of its parts' unit values (same method) × quantity
//   required; without a recipe it is 0 and flagged.
// Everything is integer sen until the answer, which gives yen with two decimals.

const collator = new Intl.Collator('ja');

interface Item {
  id: number;
  name: string;
  part_number: string | null;
  unit: string | null;
}

async function quantitiesOn(db: DbOrTx, workspaceId: number, date: string, column: 'part_id' | 'product_id'): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('stock_movements')
    .select([column, sql<number>`sum(quantity_delta)`.as('quantity')])
    .where('workspace_id', '=', workspaceId)
    .where('effective_date', '<=', date)
    .where(column, '>', 0)
    .groupBy(column)
    .execute();
  return new Map(rows.map((row) => [(row as Record<string, number>)[column]!, Number(row.quantity)]));
}

/** Each part's last priced stock entry on or before the day: its unit price in sen. */
async function lastPurchasePrices(db: DbOrTx, workspaceId: number, date: string): Promise<Map<number, number>> {
  const { rows } = await sql<{ part_id: number; unit_price_sen: number }>`
    select part_id, unit_price_sen from (
      select part_id, unit_price_sen, row_number() over (partition by part_id order by entry_date desc, id desc) as position
      from stock_entries
      where workspace_id = ${workspaceId} and entry_date <= ${date} and unit_price_sen is not null
    ) ranked where position = 1`.execute(db);
  return new Map(rows.map((row) => [row.part_id, Number(row.unit_price_sen)]));
}

/** The moving average of each part with movements up to the day, in sen (see above), and its quantity on the day. */
async function movingAverages(
  db: DbOrTx,
  workspaceId: number,
  date: string,
  startSen: Map<number, number>,
): Promise<{ averages: Map<number, number>; quantities: Map<number, number> }> {
  const { rows } = await sql<{ part_id: number; quantity_delta: number; price_sen: number | null }>`
    select m.part_id, m.quantity_delta, coalesce(receipt.unit_price_sen, delivery.unit_price_sen) as price_sen
    from stock_movements m
    left join stock_entries receipt on m.kind = 'receipt' and receipt.id = m.reference_id
    left join stock_entries delivery on m.kind = 'order_delivery' and delivery.order_id = m.reference_id
    where m.workspace_id = ${workspaceId} and m.part_id > 0 and m.effective_date <= ${date}
    order by m.part_id, m.effective_date, m.id`.execute(db);
  const averages = new Map<number, number>();
  const quantities = new Map<number, number>();
  let partId: number | null = null;
  let balance = 0;
  let average = 0;
  for (const row of rows) {
    if (row.part_id !== partId) {
      if (partId !== null) {
        averages.set(partId, average);
        quantities.set(partId, balance);
      }
      partId = row.part_id;
      balance = 0;
      average = startSen.get(partId) ?? 0;
    }
    const quantity = Number(row.quantity_delta);
    if (row.price_sen !== null && quantity > 0) {
      const held = Math.max(balance, 0);
      average = Math.round((held * average + quantity * Number(row.price_sen)) / (held + quantity));
    }
    balance += quantity;
  }
  if (partId !== null) {
    averages.set(partId, average);
    quantities.set(partId, balance);
  }
  return { averages, quantities };
}

const byName = (a: Item, b: Item) => collator.compare(a.name, b.name) || a.id - b.id;

export async function valueInventory(db: DbOrTx, workspaceId: number, date: string, method: ValuationMethod): Promise<Valuation> {
  const [parts, products, lines, productQuantities] = await Promise.all([
    db.selectFrom('parts').select(['id', 'name', 'part_number', 'unit', 'unit_price_sen']).where('workspace_id', '=', workspaceId).execute(),
    db.selectFrom('products').select(['id', 'name', 'part_number']).where('workspace_id', '=', workspaceId).execute(),
    db.selectFrom('recipe_lines').select(['product_id', 'part_id', 'quantity_required']).where('workspace_id', '=', workspaceId).execute(),
    quantitiesOn(db, workspaceId, date, 'product_id'),
  ]);
  const ownPriceSen = new Map(parts.map((part) => [part.id, Number(part.unit_price_sen ?? 0)]));
  // The moving average replays every part's ledger anyway, so it sums the quantities on the way.
  const { averages: methodSen, quantities: partQuantities } =
    method === 'last_purchase'
      ? { averages: await lastPurchasePrices(db, workspaceId, date), quantities: await quantitiesOn(db, workspaceId, date, 'part_id') }
      : await movingAverages(db, workspaceId, date, ownPriceSen);
  const unitSenOf = (partId: number) => methodSen.get(partId) ?? ownPriceSen.get(partId) ?? 0;

  const recipes = new Map<number, Array<{ part_id: number; quantity_required: number }>>();
  for (const line of lines) recipes.set(line.product_id, [...(recipes.get(line.product_id) ?? []), line]);

  let partsTotalSen = 0;
  const valuedParts: ValuedPart[] = [];
  for (const part of [...parts].sort(byName)) {
    const quantity = partQuantities.get(part.id) ?? 0;
    if (quantity === 0) continue;
    const unitSen = unitSenOf(part.id);
    partsTotalSen += quantity * unitSen;
    valuedParts.push({ id: part.id, name: part.name, part_number: part.part_number, unit: part.unit, quantity, unit_value: unitSen / 100, value: (quantity * unitSen) / 100 });
  }
  let productsTotalSen = 0;
  const valuedProducts: ValuedProduct[] = [];
  for (const product of [...products].map((row) => ({ ...row, unit: null })).sort(byName)) {
    const quantity = productQuantities.get(product.id) ?? 0;
    if (quantity === 0) continue;
    const recipe = recipes.get(product.id) ?? [];
    const unitSen = recipe.reduce((sum, line) => sum + unitSenOf(line.part_id) * line.quantity_required, 0);
    productsTotalSen += quantity * unitSen;
    valuedProducts.push({
      id: product.id,
      name: product.name,
      part_number: product.part_number,
      unit: null,
      quantity,
      unit_value: unitSen / 100,
      value: (quantity * unitSen) / 100,
      has_recipe: recipe.length > 0,
    });
  }
  return {
    date,
    method,
    parts: valuedParts,
    products: valuedProducts,
    parts_total: partsTotalSen / 100,
    products_total: productsTotalSen / 100,
    total: (partsTotalSen + productsTotalSen) / 100,
  };
}
