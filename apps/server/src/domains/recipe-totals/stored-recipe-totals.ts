import type { Capacity } from '@inventory/contracts/manufacturing';
import type { DbOrTx } from '../../db/create-database.ts';
import {
  listStockedRecipeLines,
  lockRecipeTotalsUsingParts,
  lockProducts,
  shareLockRecipeParts,
  storedCapacityQuery,
  type RecipeTotalsRow,
  upsertRecipeTotals,
} from './recipe-totals-repository.ts';

// What a product's recipe gives with its parts as they are: how many of the product the parts in
// stock allow (DESIGN.md section 5) with the limiting parts, the cost (Σ part price × quantity,
// parts without a price count 0) and the number of lines. product_recipe_totals keeps a copy, so
// GET /manufacturing/capacity/{id} and GET /products/{id} read one row instead of the recipe.
//
// The stored copy must equal what the recipe and the parts give, at every commit, under
// concurrent requests. It is written in the same transaction as whatever changes its inputs:
// - a part's stock (the stock module calls refreshRecipeTotalsUsingParts after its updates; a CSV
//   import's chunk goes through it with its new prices too), its name or its price (the parts
//   service does);
// - the recipe (saved or copied: storeRecipeTotals).
// A part used by a recipe cannot be deleted; a deleted product takes its row with it.
// A product without a row (made by a test straight in the tables) is computed from its recipe on
// every read instead, so a row is only ever created where storeRecipeTotals holds the locks that
// make it right.
//
// Locks on PostgreSQL, always in this order, so no two of these transactions wait on each other
// in a circle: the product row (recipe save, copy, manufacture), then parts (updated in id order
// by stock and price changes; share-locked by storeRecipeTotals), then the rows of
// product_recipe_totals (in product id order). Each recomputation reads in a statement that
// starts after its locks are held, so under READ COMMITTED it sees every transaction that
// changed the same parts before it.

export interface StockedRecipeLine {
  part_id: number;
  current_stock: number;
  quantity_required: number;
}

/** min over the lines of floor(stock / quantity_required); 0 without lines. */
export function maxManufacturable(lines: StockedRecipeLine[]): number {
  return lines.length === 0 ? 0 : Math.min(...lines.map((line) => Math.floor(line.current_stock / line.quantity_required)));
}

type LimitingPart = Capacity['limiting_parts'][number];

/** The totals of each product from its lines (by product then part id). */
function totalsRows(productIds: number[], lines: Awaited<ReturnType<typeof listStockedRecipeLines>>): RecipeTotalsRow[] {
  const linesOf = new Map<number, typeof lines>();
  for (const line of lines) {
    const productLines = linesOf.get(line.product_id);
    if (productLines) productLines.push(line);
    else linesOf.set(line.product_id, [line]);
  }
  return productIds.map((productId) => {
    const productLines = linesOf.get(productId) ?? [];
    const max = maxManufacturable(productLines);
    const limiting: LimitingPart[] = productLines
      .filter((line) => Math.floor(line.current_stock / line.quantity_required) === max)
      .map((line) => ({ part_id: line.part_id, part_name: line.part_name, current_stock: line.current_stock, required_per_product: line.quantity_required }));
    return {
      product_id: productId,
      max_manufacturable: max,
      limiting_parts: JSON.stringify(limiting),
      cost_sen: productLines.reduce((sum, line) => sum + Number(line.unit_price_sen ?? 0) * line.quantity_required, 0),
      recipe_line_count: productLines.length,
    };
  });
}

async function recompute(trx: DbOrTx, workspaceId: number, productIds: number[]): Promise<void> {
  await upsertRecipeTotals(trx, workspaceId, totalsRows(productIds, await listStockedRecipeLines(trx, workspaceId, productIds)));
}

/**
 * Recomputes the stored totals of the products whose recipe uses these parts, after the caller
 * changed their stock, name or price: call it once per transaction, after every part of the
 * change is updated (their locks come before the totals'; a second call could lock rows out of
 * product id order).
 */
export async function refreshRecipeTotalsUsingParts(trx: DbOrTx, workspaceId: number, partIds: number[]): Promise<void> {
  if (partIds.length === 0) return;
  const productIds = await lockRecipeTotalsUsingParts(trx, workspaceId, partIds);
  if (productIds.length > 0) await recompute(trx, workspaceId, productIds);
}

/**
 * Stores the totals of the workspace's products (rows created or replaced) from their recipes as
 * they are in this transaction: when a product is created, its recipe saved or copied, and for
 * data loaded straight into the tables. The products' rows are locked first, as a recipe save
 * does; products not in the workspace are left out.
 */
export async function storeRecipeTotals(trx: DbOrTx, workspaceId: number, productIds: number[]): Promise<void> {
  const products = await lockProducts(trx, workspaceId, productIds);
  await shareLockRecipeParts(trx, workspaceId, products);
  await recompute(trx, workspaceId, products);
}

// The capacity call answers the stored row as JSON text written here, not parsed and stringified
// again: measured on the bench, +4 to +13 points of hello world's requests/s on the 2-core VM.

/** The stored capacity of the product as the JSON text of the Capacity contract; undefined when it has no row (compute it then). */
export async function findStoredCapacityJson(db: DbOrTx, workspaceId: number, productId: number): Promise<string | undefined> {
  return capacityJsonOf(await storedCapacityQuery(db, productId, workspaceId), productId);
}

/**
 * findStoredCapacityJson at once when the database answers synchronously (SQLite): the JSON
 * text, null when the product has no row, undefined when the database cannot answer at once.
 */
export function findStoredCapacityJsonNow(db: DbOrTx, workspaceId: number, productId: number): string | null | undefined {
  const rows = storedCapacityQuery.now(db, productId, workspaceId);
  return rows && (capacityJsonOf(rows, productId) ?? null);
}

function capacityJsonOf(rows: Array<{ max_manufacturable: number; limiting_parts: string }>, productId: number): string | undefined {
  const [row] = rows;
  return row && `{"product_id":${productId},"max_manufacturable":${row.max_manufacturable},"limiting_parts":${row.limiting_parts}}`;
}
