import type { Capacity, CapacitySummary } from '@inventory/contracts/manufacturing';
import type { DbOrTx } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { inWorkspaceSkippingIndex } from '../../db/sql-helpers.ts';
import { notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { listStoredCapacities } from '../recipe-totals/recipe-totals-repository.ts';
import type { StockedRecipeLine } from '../recipe-totals/recipe-totals.ts';
import { findStoredCapacity } from '../recipe-totals/stored-recipe-totals.ts';

// How many of a product the parts in stock allow (recipe-totals/recipe-totals.ts): the capacity
// calls answer the stored rows (recipe-totals/stored-recipe-totals.ts); a manufacture reads the
// recipe with its parts' stock, which it consumes.

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

/** GET /manufacturing/capacity/{id}: the product's stored capacity (404 when the product is not in the workspace). */
export async function getCapacity(db: DbOrTx, workspaceId: number, productId: number): Promise<Capacity> {
  const stored = await findStoredCapacity(db, workspaceId, productId);
  if (!stored) throw notFound(notFoundMessages.product);
  return stored;
}

/** GET /manufacturing/capacity/all: every product's stored capacity, in product id order. */
export function listCapacities(db: DbOrTx, workspaceId: number): Promise<CapacitySummary[]> {
  return listStoredCapacities(db, workspaceId);
}
