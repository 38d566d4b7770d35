import type { Product } from '@inventory/contracts/products';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/create-database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { optionalSenToYen, senToYen } from '../../lib/money.ts';

// SQL of the products table. Every function takes the workspace id: a product of another
// workspace is simply not there. A product answers with its recipe cost and line count, read in
// the same query (one grouped join over recipe_lines and parts).

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

function selectProducts(db: DbOrTx) {
  return db
    .selectFrom('products')
    .leftJoin('recipe_lines', 'recipe_lines.product_id', 'products.id')
    .leftJoin('parts', 'parts.id', 'recipe_lines.part_id')
    .select([
      'products.id as id',
      'products.name as name',
      'products.selling_price_sen as selling_price_sen',
      'products.current_stock as current_stock',
      'products.url as url',
      'products.part_number as part_number',
      'products.created_at as created_at',
      'products.updated_at as updated_at',
      // Casts keep PostgreSQL's sum (numeric) and count (bigint) plain numbers on both databases.
      sql<number>`cast(coalesce(sum(coalesce(parts.unit_price_sen, 0) * recipe_lines.quantity_required), 0) as bigint)`.as('cost_sen'),
      sql<number>`cast(count(recipe_lines.id) as integer)`.as('recipe_line_count'),
    ])
    .groupBy('products.id');
}

/** The workspace's products in id order (the screens sort by name themselves). */
export async function listProducts(db: DbOrTx, workspaceId: number): Promise<Product[]> {
  const rows = await selectProducts(db).where('products.workspace_id', '=', workspaceId).orderBy('products.id').execute();
  return rows.map(toProduct);
}

const findProductRow = preparedQuery((db: DbOrTx, workspaceId: number, productId: number) =>
  selectProducts(db).where('products.id', '=', productId).where('products.workspace_id', '=', workspaceId),
);

export async function findProduct(db: DbOrTx, workspaceId: number, productId: number): Promise<Product | undefined> {
  const [row] = await findProductRow(db, workspaceId, productId);
  return row ? toProduct(row) : undefined;
}
