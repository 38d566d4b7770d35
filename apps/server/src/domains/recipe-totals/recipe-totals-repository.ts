import type { Capacity } from '@inventory/contracts/manufacturing';
import type { DbOrTx } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { chunks, inWorkspaceSkippingIndex, isPostgres, SQL_CHUNK } from '../../db/sql-helpers.ts';
import type { RecipeTotals } from './recipe-totals.ts';

// SQL of the product_recipe_totals table: one row per product, its recipe totals (recipe-totals.ts)
// with the limiting parts as JSON (the Capacity contract's limiting_parts). stored-recipe-totals.ts
// says when rows are written and which locks come first. Reads start from the products, so a
// product answers as one without a recipe until its row is stored.

export interface RecipeTotalsRow extends Omit<RecipeTotals, 'limiting_parts'> {
  product_id: number;
  limiting_parts: string;
}

/** The limiting parts of a stored row, as the Capacity contract has them. */
export const limitingPartsOf = (stored: string) => JSON.parse(stored) as Capacity['limiting_parts'];

/** The stored capacity of one product of the workspace (no row when the product is not in the workspace). */
export const storedCapacityQuery = preparedQuery((db: DbOrTx, productId: number, workspaceId: number) =>
  db
    .selectFrom('products')
    .leftJoin('product_recipe_totals as totals', 'totals.product_id', 'products.id')
    .select((eb) => [
      eb.fn.coalesce('totals.max_manufacturable', eb.lit(0)).as('max_manufacturable'),
      eb.fn.coalesce('totals.limiting_parts', eb.val('[]')).as('limiting_parts'),
    ])
    .where('products.id', '=', productId)
    .where(inWorkspaceSkippingIndex(workspaceId, 'products.workspace_id')),
);

/** The stored capacity of every product of the workspace, in product id order. */
export function listStoredCapacities(db: DbOrTx, workspaceId: number): Promise<Array<{ product_id: number; max_manufacturable: number }>> {
  return db
    .selectFrom('products')
    .leftJoin('product_recipe_totals as totals', 'totals.product_id', 'products.id')
    .select((eb) => ['products.id as product_id', eb.fn.coalesce('totals.max_manufacturable', eb.lit(0)).as('max_manufacturable')])
    .where('products.workspace_id', '=', workspaceId)
    .orderBy('products.id')
    .execute();
}

/** Every product of the workspace with a recipe: its name and stored capacity with the limiting parts (JSON), in product id order. */
export function listStoredCapacitiesWithLimitingParts(db: DbOrTx, workspaceId: number) {
  return db
    .selectFrom('product_recipe_totals as totals')
    .innerJoin('products', 'products.id', 'totals.product_id')
    .select(['totals.product_id as product_id', 'products.name as product_name', 'totals.max_manufacturable as max_manufacturable', 'totals.limiting_parts as limiting_parts'])
    .where('totals.workspace_id', '=', workspaceId)
    .where('totals.recipe_line_count', '>', 0)
    .orderBy('totals.product_id')
    .execute();
}

/**
 * Locks the stored recipe totals of the workspace's products whose recipe uses one of the parts, in
 * product id order, and answers those product ids. On PostgreSQL: SELECT … ORDER BY … FOR UPDATE,
 * one statement; past one chunk of parts, the products are found first and then locked in
 * product id order across all chunks.
 */
export async function lockRecipeTotalsUsingParts(trx: DbOrTx, workspaceId: number, partIds: number[]): Promise<number[]> {
  const sortedParts = [...new Set(partIds)].sort((a, b) => a - b);
  if (sortedParts.length === 0) return [];
  if (sortedParts.length <= SQL_CHUNK) {
    return lockRecipeTotals(trx, workspaceId, { usingParts: sortedParts });
  }
  const productIds = new Set<number>();
  for (const chunk of chunks(sortedParts)) {
    const rows = await trx.selectFrom('recipe_lines').select('product_id').where('part_id', 'in', chunk).where(inWorkspaceSkippingIndex(workspaceId)).execute();
    for (const row of rows) productIds.add(row.product_id);
  }
  const locked: number[] = [];
  for (const chunk of chunks([...productIds].sort((a, b) => a - b))) locked.push(...(await lockRecipeTotals(trx, workspaceId, { productIds: chunk })));
  return locked;
}

/** Locks the workspace's rows of the given products, or of those using the parts, in product id order; answers their ids. */
async function lockRecipeTotals(trx: DbOrTx, workspaceId: number, products: { productIds: number[] } | { usingParts: number[] }): Promise<number[]> {
  const base = trx.selectFrom('product_recipe_totals').select('product_id').where('workspace_id', '=', workspaceId).orderBy('product_id');
  const query =
    'productIds' in products
      ? base.where('product_id', 'in', products.productIds)
      : base.where('product_id', 'in', (eb) => eb.selectFrom('recipe_lines').select('recipe_lines.product_id').where('recipe_lines.part_id', 'in', products.usingParts));
  return (await (isPostgres(trx) ? query.forUpdate() : query).execute()).map((row) => row.product_id);
}

/**
 * Locks the rows of the workspace's products among the ids, in id order (PostgreSQL: FOR NO KEY
 * UPDATE, the lock a recipe save and a manufacture take), and answers the ids that exist.
 */
export async function lockProducts(trx: DbOrTx, workspaceId: number, productIds: number[]): Promise<number[]> {
  const locked: number[] = [];
  for (const chunk of chunks([...new Set(productIds)].sort((a, b) => a - b))) {
    const query = trx.selectFrom('products').select('id').where('id', 'in', chunk).where('workspace_id', '=', workspaceId).orderBy('id');
    for (const row of await (isPostgres(trx) ? query.forNoKeyUpdate() : query).execute()) locked.push(row.id);
  }
  return locked;
}

/**
 * Takes a share lock on the parts in the recipes of the products, in part id order (PostgreSQL
 * only: SQLite runs the app's transactions one at a time): until the transaction ends, no stock
 * change of those parts can commit, and any that already holds one has committed.
 */
export async function shareLockRecipeParts(trx: DbOrTx, workspaceId: number, productIds: number[]): Promise<void> {
  if (!isPostgres(trx)) return;
  for (const chunk of chunks(productIds)) {
    await trx
      .selectFrom('parts')
      .select('id')
      .where('id', 'in', (eb) => eb.selectFrom('recipe_lines').select('recipe_lines.part_id').where('recipe_lines.product_id', 'in', chunk))
      .where('workspace_id', '=', workspaceId)
      .orderBy('id')
      .forShare()
      .execute();
  }
}

/** The recipe lines of the products with each part's name, stock and price, by product then part id. */
export async function listStockedRecipeLines(trx: DbOrTx, workspaceId: number, productIds: number[]) {
  const lines = [];
  for (const chunk of chunks(productIds)) {
    lines.push(
      ...(await trx
        .selectFrom('recipe_lines')
        .innerJoin('parts', 'parts.id', 'recipe_lines.part_id')
        .select([
          'recipe_lines.product_id as product_id',
          'recipe_lines.part_id as part_id',
          'parts.name as part_name',
          'parts.current_stock as current_stock',
          'parts.unit_price_sen as unit_price_sen',
          'recipe_lines.quantity_required as quantity_required',
        ])
        .where('recipe_lines.product_id', 'in', chunk)
        .where(inWorkspaceSkippingIndex(workspaceId, 'parts.workspace_id'))
        .orderBy('recipe_lines.product_id')
        .orderBy('recipe_lines.part_id')
        .execute()),
    );
  }
  return lines;
}

/** Writes the rows (inserted, or replacing the product's row), in the order given. */
export async function upsertRecipeTotals(trx: DbOrTx, workspaceId: number, rows: RecipeTotalsRow[]): Promise<void> {
  for (const chunk of chunks(rows)) {
    await trx
      .insertInto('product_recipe_totals')
      .values(chunk.map((row) => ({ ...row, workspace_id: workspaceId })))
      .onConflict((conflict) =>
        conflict.column('product_id').doUpdateSet((eb) => ({
          max_manufacturable: eb.ref('excluded.max_manufacturable'),
          limiting_parts: eb.ref('excluded.limiting_parts'),
          cost_sen: eb.ref('excluded.cost_sen'),
          recipe_line_count: eb.ref('excluded.recipe_line_count'),
        })),
      )
      .execute();
  }
}
