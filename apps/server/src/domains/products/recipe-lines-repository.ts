import type { RecipeLine } from '@inventory/contracts/products';
import type { DbOrTx } from '../../db/create-database.ts';
import { optionalSenToYen } from '../../lib/money.ts';

// SQL of the recipe_lines table (a product's bill of materials). Lines are read with their part
// (name, unit, price, stock, status), which every caller shows or computes with.

/** The product's recipe in part-name order; empty when it has none or is not in the workspace. */
export async function listRecipeLines(db: DbOrTx, workspaceId: number, productId: number): Promise<RecipeLine[]> {
  const rows = await db
    .selectFrom('recipe_lines')
    .innerJoin('parts', 'parts.id', 'recipe_lines.part_id')
    .select([
      'recipe_lines.part_id as part_id',
      'recipe_lines.quantity_required as quantity_required',
      'parts.name as part_name',
      'parts.unit as unit',
      'parts.unit_price_sen as unit_price_sen',
      'parts.current_stock as current_stock',
      'parts.status as part_status',
    ])
    .where('recipe_lines.workspace_id', '=', workspaceId)
    .where('recipe_lines.product_id', '=', productId)
    .orderBy('parts.name')
    .orderBy('recipe_lines.part_id')
    .execute();
  return rows.map(({ unit_price_sen, ...row }) => ({ ...row, unit_price: optionalSenToYen(unit_price_sen) }));
}
