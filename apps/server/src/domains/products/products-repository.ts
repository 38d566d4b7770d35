import type { Product } from '@inventory/contracts/products';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { chunks } from '../../db/sql-helpers.ts';
import type { ProductsTable } from '../../db/database.ts';
import { optionalSenToYen, senToYen } from '../../lib/money.ts';
import { nowIso } from '../../lib/time.ts';

// SQL of the products table. Every function takes the workspace id: a product of another
// workspace is simply not there. A product answers with its recipe's cost and line count as
// stored in product_recipe_totals (recipe-totals/stored-recipe-totals.ts), read in the same query.

interface ProductRow {
  id: number;
  name: string;
  selling_price_sen: number | null;
  current_stock: number;
  url: string | null;
  part_number: string | null;
  barcode: string | null;
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
    barcode: row.barcode,
    cost: senToYen(Number(row.cost_sen)),
    recipe_line_count: Number(row.recipe_line_count),
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The products with their stored recipe totals; a product without a stored row reads as one without a recipe. */
function selectProducts(db: DbOrTx) {
  return db
    .selectFrom('products')
    .leftJoin('product_recipe_totals as recipe', 'recipe.product_id', 'products.id')
    .select((eb) => [
      'products.id as id',
      'products.name as name',
      'products.selling_price_sen as selling_price_sen',
      'products.current_stock as current_stock',
      'products.url as url',
      'products.part_number as part_number',
      'products.barcode as barcode',
      'products.created_at as created_at',
      'products.updated_at as updated_at',
      eb.fn.coalesce('recipe.cost_sen', eb.lit(0)).as('cost_sen'),
      eb.fn.coalesce('recipe.recipe_line_count', eb.lit(0)).as('recipe_line_count'),
    ]);
}

/** The workspace's products in id order (the screens sort by name themselves). */
export async function listProducts(db: DbOrTx, workspaceId: number): Promise<Product[]> {
  const rows = await selectProducts(db).where('products.workspace_id', '=', workspaceId).orderBy('products.id').execute();
  return rows.map(toProduct);
}

/** The given products of the workspace in id order (ids of other workspaces are left out). */
export async function listProductsByIds(db: DbOrTx, workspaceId: number, productIds: number[]): Promise<Product[]> {
  const products: Product[] = [];
  for (const ids of chunks(productIds)) {
    const rows = await selectProducts(db).where('products.workspace_id', '=', workspaceId).where('products.id', 'in', ids).execute();
    products.push(...rows.map(toProduct));
  }
  return products.sort((a, b) => a.id - b.id);
}

/** One product: one row by primary key with its stored recipe totals. */
const findProductRow = preparedQuery((db: DbOrTx, workspaceId: number, productId: number) =>
  selectProducts(db).where('products.id', '=', productId).where('products.workspace_id', '=', workspaceId),
);

export async function findProduct(db: DbOrTx, workspaceId: number, productId: number): Promise<Product | undefined> {
  const [row] = await findProductRow(db, workspaceId, productId);
  return row && toProduct(row);
}

/** The product's cost summary row: price, recipe cost and how many recipe parts have no price. */
export interface ProductCostRow {
  product_id: number;
  product_name: string;
  selling_price_sen: number | null;
  cost_sen: number;
  unpriced_parts: number;
}

/** Cost rows of every product of the workspace in id order: the stored cost, and its recipe lines without a price counted in one grouped query. */
export async function listProductCostRows(db: DbOrTx, workspaceId: number): Promise<ProductCostRow[]> {
  const rows = await db
    .selectFrom('products')
    .leftJoin('product_recipe_totals as recipe', 'recipe.product_id', 'products.id')
    .leftJoin('recipe_lines', 'recipe_lines.product_id', 'products.id')
    .leftJoin('parts', 'parts.id', 'recipe_lines.part_id')
    .select((eb) => [
      'products.id as product_id',
      'products.name as product_name',
      'products.selling_price_sen as selling_price_sen',
      eb.fn.coalesce('recipe.cost_sen', eb.lit(0)).as('cost_sen'),
      sql<number>`cast(count(recipe_lines.id) - count(parts.unit_price_sen) as integer)`.as('unpriced_parts'),
    ])
    .where('products.workspace_id', '=', workspaceId)
    .groupBy(['products.id', 'recipe.cost_sen'])
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

/** The workspace's products among `ids` (ids of other workspaces are simply absent), by id. */
export async function findProducts(db: DbOrTx, workspaceId: number, ids: number[]): Promise<Map<number, Product>> {
  const products = new Map<number, Product>();
  for (let start = 0; start < ids.length; start += 500) {
    const rows = await selectProducts(db)
      .where('products.id', 'in', ids.slice(start, start + 500))
      .where('products.workspace_id', '=', workspaceId)
      .execute();
    for (const row of rows) products.set(row.id, toProduct(row));
  }
  return products;
}
