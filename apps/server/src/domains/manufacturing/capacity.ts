import type { Capacity, CapacitySummary } from '@inventory/contracts/manufacturing';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/create-database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { inWorkspaceSkippingIndex } from '../../db/sql-helpers.ts';
import { notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';

// How many of a product the parts in stock allow: the minimum over its recipe lines of
// floor(stock / quantity_required); a product without a recipe allows 0 (DESIGN.md section 5).

export interface StockedRecipeLine {
  part_id: number;
  current_stock: number;
  quantity_required: number;
}

export function maxManufacturable(lines: StockedRecipeLine[]): number {
  return lines.length === 0 ? 0 : Math.min(...lines.map((line) => Math.floor(line.current_stock / line.quantity_required)));
}

// The product and its whole recipe with each part's stock in one lookup (one row with null line
// columns when there is no recipe, no row when the product is not in the workspace): what a
// manufacture consumes.
const productRecipeStockQuery = preparedQuery((db: DbOrTx, workspaceId: number, productId: number) =>
  db
    .selectFrom('products')
    .leftJoin('recipe_lines', 'recipe_lines.product_id', 'products.id')
    .leftJoin('parts', 'parts.id', 'recipe_lines.part_id')
    .select([
      'products.name as product_name',
      'recipe_lines.part_id as part_id',
      'recipe_lines.quantity_required as quantity_required',
      'parts.current_stock as current_stock',
    ])
    .where('products.id', '=', productId)
    .where(inWorkspaceSkippingIndex(workspaceId, 'products.workspace_id'))
    .orderBy('recipe_lines.part_id'),
);

/** The product's name and recipe lines (in part id order) with stock; undefined when not in the workspace. */
export async function loadStockedRecipe(db: DbOrTx, workspaceId: number, productId: number) {
  const rows = await productRecipeStockQuery(db, workspaceId, productId);
  const [first] = rows;
  if (!first) return undefined;
  const lines: StockedRecipeLine[] = rows.flatMap((row) =>
    row.part_id === null || row.quantity_required === null || row.current_stock === null
      ? []
      : [{ part_id: row.part_id, current_stock: row.current_stock, quantity_required: row.quantity_required }],
  );
  return { productName: first.product_name, lines };
}

// The capacity call answers from one lookup that returns only the limiting lines: the minimum is
// computed over the recipe in a subquery, then the lines that reach it are joined (one row of
// nulls without a recipe, no row when the product is not in the workspace). Measured on SQLite
// with 20-line recipes: 19 µs, against 59 µs for the same answer from a window function
// (min() over ()), which materialises and rescans the lines, and 16–22 µs for reading every line.
const capacityQuery = preparedQuery((db: DbOrTx, productId: number, workspaceId: number) =>
  db
    .selectFrom('products')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('recipe_lines')
          .innerJoin('parts', 'parts.id', 'recipe_lines.part_id')
          .select(sql<number>`min(parts.current_stock / recipe_lines.quantity_required)`.as('max_allows'))
          .where('recipe_lines.product_id', '=', productId)
          .as('minimum'),
      (join) => join.onTrue(),
    )
    .leftJoin('recipe_lines', 'recipe_lines.product_id', 'products.id')
    .leftJoin('parts', 'parts.id', 'recipe_lines.part_id')
    .select([
      'recipe_lines.part_id as part_id',
      'recipe_lines.quantity_required as quantity_required',
      'parts.name as part_name',
      'parts.current_stock as current_stock',
      'minimum.max_allows as max_allows',
    ])
    .where('products.id', '=', productId)
    .where(inWorkspaceSkippingIndex(workspaceId, 'products.workspace_id'))
    .where((eb) =>
      eb.or([eb('recipe_lines.part_id', 'is', null), eb(sql`parts.current_stock / recipe_lines.quantity_required`, '=', eb.ref('minimum.max_allows'))]),
    )
    .orderBy('recipe_lines.part_id'),
);

export async function getCapacity(db: DbOrTx, workspaceId: number, productId: number): Promise<Capacity> {
  const rows = await capacityQuery(db, productId, workspaceId);
  const [first] = rows;
  if (!first) throw notFound(notFoundMessages.product);
  return {
    product_id: productId,
    max_manufacturable: first.max_allows ?? 0,
    limiting_parts: rows.flatMap((row) =>
      row.part_id === null || row.part_name === null || row.current_stock === null || row.quantity_required === null
        ? []
        : [{ part_id: row.part_id, part_name: row.part_name, current_stock: row.current_stock, required_per_product: row.quantity_required }],
    ),
  };
}

// Every product of the workspace in one grouped query; integer division is floor on both
// databases for these non-negative integers, and a product without lines gets min() = null → 0.
const allCapacitiesQuery = preparedQuery((db: DbOrTx, workspaceId: number) =>
  db
    .selectFrom('products')
    .leftJoin('recipe_lines', 'recipe_lines.product_id', 'products.id')
    .leftJoin('parts', 'parts.id', 'recipe_lines.part_id')
    .select([
      'products.id as product_id',
      sql<number>`coalesce(min(parts.current_stock / recipe_lines.quantity_required), 0)`.as('max_manufacturable'),
    ])
    .where('products.workspace_id', '=', workspaceId)
    .groupBy('products.id')
    .orderBy('products.id'),
);

export function listCapacities(db: DbOrTx, workspaceId: number): Promise<CapacitySummary[]> {
  return allCapacitiesQuery(db, workspaceId);
}
