import type { Capacity } from '@inventory/contracts/manufacturing';
import type { DbOrTx } from '../../db/database.ts';
import {
  limitingPartsOf,
  listStockedRecipeLines,
  lockProducts,
  lockRecipeTotalsUsingParts,
  shareLockRecipeParts,
  storedCapacityQuery,
  upsertRecipeTotals,
} from './recipe-totals-repository.ts';
import { recipeTotalsOf } from './recipe-totals.ts';

// product_recipe_totals keeps each product's recipe totals (recipe-totals.ts), so that a capacity,
// a product or a list reads rows instead of every recipe line with its part. Every product has
// its row from its creation on. A row must equal what the recipe and the parts give at every
// commit, under concurrent requests, so it is written in the same transaction as whatever
// changes its inputs, through one of the two calls below:
// - storeRecipeTotals, when a product is created or its recipe saved or copied;
// - refreshRecipeTotalsUsingParts, after parts' stock, names or prices changed: the stock module
//   after every change of parts' stock (a CSV import's new prices go through it too), the parts
//   service after a rename or a new price alone.
// A part used by a recipe cannot be deleted; a deleted product takes its row with it.
//
// Locks on PostgreSQL (SQLite runs the app's transactions one at a time). Every transaction that
// writes these rows takes its locks in one order, so no two of them wait on each other in a
// circle: (1) the products' rows, (2) the parts, in id order, (3) the rows of
// product_recipe_totals, in product id order. storeRecipeTotals takes all three; a change of
// parts has written them (2) before it refreshes (3), and a manufacture locks its product (1)
// before it changes its parts. Each computation reads the recipe in a statement that starts
// after its locks are held, so under READ COMMITTED it sees every transaction that changed the
// same parts before it.

/** Computes the products' totals from their recipes as this transaction sees them, and writes their rows. */
async function writeTotals(trx: DbOrTx, workspaceId: number, productIds: number[]): Promise<void> {
  if (productIds.length === 0) return;
  const linesOf = new Map<number, Awaited<ReturnType<typeof listStockedRecipeLines>>>();
  for (const line of await listStockedRecipeLines(trx, workspaceId, productIds)) {
    const lines = linesOf.get(line.product_id);
    if (lines) lines.push(line);
    else linesOf.set(line.product_id, [line]);
  }
  await upsertRecipeTotals(
    trx,
    workspaceId,
    productIds.map((productId) => {
      const totals = recipeTotalsOf(linesOf.get(productId) ?? []);
      return { ...totals, product_id: productId, limiting_parts: JSON.stringify(totals.limiting_parts) };
    }),
  );
}

/**
 * Stores the totals of the workspace's products (rows created or replaced) from their recipes:
 * when a product is created, its recipe saved or copied, and for recipes loaded straight into
 * the tables. Products not in the workspace are left out.
 */
export async function storeRecipeTotals(trx: DbOrTx, workspaceId: number, productIds: number[]): Promise<void> {
  const products = await lockProducts(trx, workspaceId, productIds);
  await shareLockRecipeParts(trx, workspaceId, products);
  await writeTotals(trx, workspaceId, products);
}

/**
 * Recomputes the stored totals of the products whose recipe uses these parts, after the caller
 * changed their stock, name or price: call it once per transaction, after every part of the
 * change is written (a second call could lock rows out of product id order).
 */
export async function refreshRecipeTotalsUsingParts(trx: DbOrTx, workspaceId: number, partIds: number[]): Promise<void> {
  if (partIds.length === 0) return;
  await writeTotals(trx, workspaceId, await lockRecipeTotalsUsingParts(trx, workspaceId, partIds));
}

/** The stored capacity of the product; undefined when the product is not in the workspace. */
export async function findStoredCapacity(db: DbOrTx, workspaceId: number, productId: number): Promise<Capacity | undefined> {
  const [row] = await storedCapacityQuery(db, productId, workspaceId);
  return row && { product_id: productId, max_manufacturable: row.max_manufacturable, limiting_parts: limitingPartsOf(row.limiting_parts) };
}
