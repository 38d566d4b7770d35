import type { Capacity, CapacitySummary } from '@inventory/contracts/manufacturing';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/create-database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { inWorkspaceSkippingIndex } from '../../db/sql-helpers.ts';
import { notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { findStoredCapacityJson, findStoredCapacityJsonNow, type StockedRecipeLine } from '../recipe-totals/stored-recipe-totals.ts';

// How many of a product the parts in stock allow: the minimum over its recipe lines of
// floor(stock / quantity_required); a product without a recipe allows 0.
// A single product's capacity is read from its stored row (product_recipe_totals) when it has one,
// else computed here from the recipe; every product at once is always computed.

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

// A product without a stored capacity answers from one lookup that returns only the limiting
// lines: the recipe lines with their parts' stock are read once into a materialised table, the
// minimum is taken over it and the lines that reach it are joined to their parts' names (one row
// of nulls without a recipe, no row when the product is not in the workspace). Measured on
// SQLite with 20-line recipes (callgrind, instructions per lookup): 121,000, against 131,000 for
// a minimum in a subquery joined back to the lines (both reading the recipe twice), 165,000 for
// returning every line, and 59 µs (about three times as much) for a window function,
// min() over ().
const capacityQuery = preparedQuery((db: DbOrTx, productId: number, workspaceId: number) =>
  db
    .with(
      (cte) => cte('lines').materialized(),
      (lines) =>
        lines
          .selectFrom('recipe_lines')
          .innerJoin('parts', 'parts.id', 'recipe_lines.part_id')
          .select([
            'recipe_lines.part_id as part_id',
            'recipe_lines.quantity_required as quantity_required',
            'parts.current_stock as current_stock',
            sql<number>`parts.current_stock / recipe_lines.quantity_required`.as('allows'),
          ])
          .where('recipe_lines.product_id', '=', productId),
    )
    .selectFrom('products')
    .innerJoin(
      (eb) => eb.selectFrom('lines').select((eb) => eb.fn.min<number | null>('lines.allows').as('max_allows')).as('minimum'),
      (join) => join.onTrue(),
    )
    .leftJoin('lines', 'lines.allows', 'minimum.max_allows')
    .leftJoin('parts', 'parts.id', 'lines.part_id')
    .select([
      'lines.part_id as part_id',
      'lines.quantity_required as quantity_required',
      'parts.name as part_name',
      'lines.current_stock as current_stock',
      'minimum.max_allows as max_allows',
    ])
    .where('products.id', '=', productId)
    .where(inWorkspaceSkippingIndex(workspaceId, 'products.workspace_id')),
);

/**
 * GET /manufacturing/capacity/{id}'s answer: the stored capacity as its JSON text, or, for a
 * product without a stored row, the capacity computed from the recipe (404 when the product is
 * not in the workspace).
 */
export async function capacityAnswer(db: DbOrTx, workspaceId: number, productId: number): Promise<string | Capacity> {
  return (await findStoredCapacityJson(db, workspaceId, productId)) ?? capacityOfRows(await capacityQuery(db, productId, workspaceId), productId);
}

/** capacityAnswer at once when the database answers synchronously (SQLite); undefined otherwise (call capacityAnswer). */
export function capacityAnswerNow(db: DbOrTx, workspaceId: number, productId: number): string | Capacity | undefined {
  const stored = findStoredCapacityJsonNow(db, workspaceId, productId);
  if (stored !== null) return stored;
  const rows = capacityQuery.now(db, productId, workspaceId);
  return rows && capacityOfRows(rows, productId);
}

export async function getCapacity(db: DbOrTx, workspaceId: number, productId: number): Promise<Capacity> {
  const answer = await capacityAnswer(db, workspaceId, productId);
  return typeof answer === 'string' ? (JSON.parse(answer) as Capacity) : answer;
}

type CapacityRow = Awaited<ReturnType<typeof capacityQuery>>[number];

function capacityOfRows(rows: CapacityRow[], productId: number): Capacity {
  const [first] = rows;
  if (!first) throw notFound(notFoundMessages.product);
  const limiting = rows.flatMap((row) =>
    row.part_id === null || row.part_name === null || row.current_stock === null || row.quantity_required === null
      ? []
      : [{ part_id: row.part_id, part_name: row.part_name, current_stock: row.current_stock, required_per_product: row.quantity_required }],
  );
  return {
    product_id: productId,
    max_manufacturable: first.max_allows ?? 0,
    // In part id order; the statement leaves the order to the database.
    limiting_parts: limiting.sort((a, b) => a.part_id - b.part_id),
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

// A capacity projection (the dashboard calendar) only needs, line by line, the recipe lines
// whose part has an open order arriving; the other lines of a product only bound it by a fixed
// number. So it reads one grouped row per product plus the arriving lines, instead of every
// line of the workspace (500 products × 20 lines: 14 ms on SQLite to read them all). Both come
// from one statement, so they agree on which parts are arriving.

export interface CapacityBase {
  product_id: number;
  product_name: string;
  /** What the lines whose part has nothing arriving allow; null when every line's part has. */
  fixed_max: number | null;
}

/** A recipe line with its part's stock and its product. */
export interface ProductStockedLine extends StockedRecipeLine {
  product_id: number;
}

/**
 * Every product with a recipe (name and fixed bound), and the recipe lines whose part has an
 * open order (ordered or shipped) expected before the date, with the part's stock.
 */
export async function loadCapacityProjectionInputs(
  db: DbOrTx,
  workspaceId: number,
  arrivingBefore: string,
): Promise<{ bases: CapacityBase[]; arrivingLines: ProductStockedLine[] }> {
  const arrivingParts = db
    .selectFrom('orders')
    .select('orders.part_id')
    .where('orders.workspace_id', '=', workspaceId)
    .where('orders.status', 'in', ['ordered', 'shipped'])
    .where('orders.expected_delivery_date', '<', arrivingBefore);
  const rows = await db
    .selectFrom('products')
    .innerJoin('recipe_lines', 'recipe_lines.product_id', 'products.id')
    .innerJoin('parts', 'parts.id', 'recipe_lines.part_id')
    .select((eb) => [
      'products.id as product_id',
      sql<string | null>`products.name`.as('product_name'),
      eb.fn
        .min<number | null>(
          eb
            .case()
            .when('recipe_lines.part_id', 'in', arrivingParts)
            .then(null)
            .else(sql<number>`parts.current_stock / recipe_lines.quantity_required`)
            .end(),
        )
        .as('fixed_max'),
      sql<number | null>`null`.as('part_id'),
      sql<number | null>`null`.as('quantity_required'),
      sql<number | null>`null`.as('current_stock'),
    ])
    .where('products.workspace_id', '=', workspaceId)
    .groupBy('products.id')
    .unionAll(
      db
        .selectFrom('recipe_lines')
        .innerJoin('parts', 'parts.id', 'recipe_lines.part_id')
        .select([
          'recipe_lines.product_id as product_id',
          sql<string | null>`null`.as('product_name'),
          sql<number | null>`null`.as('fixed_max'),
          'recipe_lines.part_id as part_id',
          'recipe_lines.quantity_required as quantity_required',
          'parts.current_stock as current_stock',
        ])
        .where('recipe_lines.part_id', 'in', arrivingParts)
        .where(inWorkspaceSkippingIndex(workspaceId, 'recipe_lines.workspace_id')),
    )
    .orderBy('product_id')
    .execute();
  const bases: CapacityBase[] = [];
  const arrivingLines: ProductStockedLine[] = [];
  for (const row of rows) {
    if (row.product_name !== null) bases.push({ product_id: row.product_id, product_name: row.product_name, fixed_max: row.fixed_max });
    else if (row.part_id !== null && row.quantity_required !== null && row.current_stock !== null) {
      arrivingLines.push({ product_id: row.product_id, part_id: row.part_id, quantity_required: row.quantity_required, current_stock: row.current_stock });
    }
  }
  return { bases, arrivingLines };
}
