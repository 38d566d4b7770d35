import type { Product } from '@inventory/contracts/products';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { DbOrTx } from '../../db/create-database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import type { ProductsTable } from '../../db/schema.ts';
import { optionalSenToYen, senToYen } from '../../lib/money.ts';
import { nowIso } from '../../lib/time.ts';

// SQL of the products table. Every function takes the workspace id: a product of another
// workspace is simply not there. A product answers with its recipe cost and line count, read in
// the same query (one grouped join over recipe_lines and parts; for one product, its stored
// recipe totals).

interface ProductRow {
  id: number;
  name: string;
  selling_price_sen: number | null;
  current_stock: number;
  url: string | null;
  part_number: string | null;
  cost_sen: number;
  recipe_line_count: number;
  created_at: string;
  updated_at: string;
}

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    name: row.name,
    selling_price: optionalSenToYen(row.selling_price_sen),
    current_stock: row.current_stock,
    url: row.url,
    part_number: row.part_number,
    cost: senToYen(Number(row.cost_sen)),
    recipe_line_count: Number(row.recipe_line_count),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Σ unit_price_sen × quantity_required over the joined recipe lines. The leading 1.0 makes each
 * line's cost numeric on PostgreSQL and real on SQLite: a price of ¥10,000,000,000 times a
 * quantity of 1,000,000,000 (both allowed) overflows a bigint, and SQLite's sum() throws on
 * integer overflow. Sums of whole sen stay exact up to 2^53 sen (about ¥90 trillion).
 */
const recipeCostSen = sql<number>`coalesce(sum(1.0 * coalesce(parts.unit_price_sen, 0) * recipe_lines.quantity_required), 0)`;

/** The product's own columns of a ProductRow; the recipe's cost and line count come beside them. */
const PRODUCT_COLUMNS = [
  'products.id as id',
  'products.name as name',
  'products.selling_price_sen as selling_price_sen',
  'products.current_stock as current_stock',
  'products.url as url',
  'products.part_number as part_number',
  'products.created_at as created_at',
  'products.updated_at as updated_at',
] as const;

function selectProducts(db: DbOrTx) {
  return db
    .selectFrom('products')
    .leftJoin('recipe_lines', 'recipe_lines.product_id', 'products.id')
    .leftJoin('parts', 'parts.id', 'recipe_lines.part_id')
    .select([
      ...PRODUCT_COLUMNS,
      recipeCostSen.as('cost_sen'),
      sql<number>`cast(count(recipe_lines.id) as integer)`.as('recipe_line_count'),
    ])
    .groupBy('products.id');
}

/** The workspace's products in id order (the screens sort by name themselves). */
export async function listProducts(db: DbOrTx, workspaceId: number): Promise<Product[]> {
  const rows = await selectProducts(db).where('products.workspace_id', '=', workspaceId).orderBy('products.id').execute();
  return rows.map(toProduct);
}

// One product: the same row as the list's, with its recipe totals as stored
// (product_recipe_totals, see recipe-totals/stored-recipe-totals.ts): one row by primary key. The
// columns are null when the product has none stored; findComputedProductRow sums its recipe then.
const findStoredProductRow = preparedQuery((db: DbOrTx, workspaceId: number, productId: number) =>
  db
    .selectFrom('products')
    .leftJoin('product_recipe_totals as recipe', 'recipe.product_id', 'products.id')
    .select([
      ...PRODUCT_COLUMNS,
      'recipe.cost_sen as cost_sen',
      'recipe.recipe_line_count as recipe_line_count',
    ])
    .where('products.id', '=', productId)
    .where('products.workspace_id', '=', workspaceId),
);

// One product with the recipe summed in a subquery of its own instead of grouping the joined
// lines by product (SQLite, 20-line recipe: 72,600 instead of 80,800 instructions per lookup,
// callgrind).
const findComputedProductRow = preparedQuery((db: DbOrTx, workspaceId: number, productId: number) =>
  db
    .selectFrom('products')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('recipe_lines')
          .leftJoin('parts', 'parts.id', 'recipe_lines.part_id')
          .select([recipeCostSen.as('cost_sen'), sql<number>`cast(count(recipe_lines.id) as integer)`.as('recipe_line_count')])
          .where('recipe_lines.product_id', '=', productId)
          .as('recipe'),
      (join) => join.onTrue(),
    )
    .select([
      ...PRODUCT_COLUMNS,
      'recipe.cost_sen as cost_sen',
      'recipe.recipe_line_count as recipe_line_count',
    ])
    .where('products.id', '=', productId)
    .where('products.workspace_id', '=', workspaceId),
);

type StoredProductRow = Awaited<ReturnType<typeof findStoredProductRow>>[number];
const hasTotals = (row: StoredProductRow): row is ProductRow => row.cost_sen !== null && row.recipe_line_count !== null;

export async function findProduct(db: DbOrTx, workspaceId: number, productId: number): Promise<Product | undefined> {
  const [stored] = await findStoredProductRow(db, workspaceId, productId);
  if (!stored) return undefined;
  if (hasTotals(stored)) return toProduct(stored);
  const [row] = await findComputedProductRow(db, workspaceId, productId);
  return row ? toProduct(row) : undefined;
}

/**
 * findProduct at once when the database answers synchronously (SQLite, connection free): null
 * when the product is not in the workspace, undefined when it cannot answer now.
 */
export function findProductNow(db: DbOrTx, workspaceId: number, productId: number): Product | null | undefined {
  const storedRows = findStoredProductRow.now(db, workspaceId, productId);
  if (!storedRows) return undefined;
  const [stored] = storedRows;
  if (!stored) return null;
  if (hasTotals(stored)) return toProduct(stored);
  const rows = findComputedProductRow.now(db, workspaceId, productId);
  return rows && (rows[0] ? toProduct(rows[0]) : null);
}

/** The product's cost summary row: price, recipe cost and how many recipe parts have no price. */
export interface ProductCostRow {
  product_id: number;
  product_name: string;
  selling_price_sen: number | null;
  cost_sen: number;
  unpriced_parts: number;
}

/** Cost rows of every product of the workspace in id order: one grouped query, however many products. */
export async function listProductCostRows(db: DbOrTx, workspaceId: number): Promise<ProductCostRow[]> {
  const rows = await db
    .selectFrom('products')
    .leftJoin('recipe_lines', 'recipe_lines.product_id', 'products.id')
    .leftJoin('parts', 'parts.id', 'recipe_lines.part_id')
    .select([
      'products.id as product_id',
      'products.name as product_name',
      'products.selling_price_sen as selling_price_sen',
      recipeCostSen.as('cost_sen'),
      sql<number>`cast(count(recipe_lines.id) - count(parts.unit_price_sen) as integer)`.as('unpriced_parts'),
    ])
    .where('products.workspace_id', '=', workspaceId)
    .groupBy('products.id')
    .orderBy('products.id')
    .execute();
  return rows.map((row) => ({ ...row, cost_sen: Number(row.cost_sen), unpriced_parts: Number(row.unpriced_parts) }));
}

/** Columns a person edits (name, price, URL, part number); never the stock. */
export type ProductColumns = Omit<Updateable<ProductsTable>, 'id' | 'workspace_id' | 'current_stock' | 'created_at' | 'updated_at'>;

/** Stores a new product at stock 0 (opening stock is booked through the stock module); answers its id. */
export async function insertProduct(db: DbOrTx, values: Omit<Insertable<ProductsTable>, 'id' | 'current_stock'>): Promise<number> {
  const { id } = await db.insertInto('products').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** How many products the workspace holds (its limit: WORKSPACE_LIMITS.products). */
export async function countProducts(db: DbOrTx, workspaceId: number): Promise<number> {
  const row = await db.selectFrom('products').select((eb) => eb.fn.countAll<number | string>().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Changes columns of one product and its updated_at (no columns: only updated_at, which still
 * takes the row's write lock); answers whether the product is in the workspace.
 */
export async function updateProductColumns(db: DbOrTx, workspaceId: number, productId: number, columns: ProductColumns): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ ...columns, updated_at: nowIso() })
    .where('id', '=', productId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Takes the product's row lock without changing the row: until the transaction ends nobody can
 * delete the product or replace its recipe (that save writes the row first). Answers whether the
 * product is in the workspace.
 */
export async function lockProduct(trx: DbOrTx, workspaceId: number, productId: number): Promise<boolean> {
  const result = await trx
    .updateTable('products')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', productId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Deletes the product. Its recipe lines, plans and ledger rows go with it (foreign keys cascade);
 * its sales and manufacturing records keep their product_name and lose the link. Answers whether
 * it existed.
 */
export async function deleteProductRow(db: DbOrTx, workspaceId: number, productId: number): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', productId).where('workspace_id', '=', workspaceId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
