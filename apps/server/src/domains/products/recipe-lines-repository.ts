import type { RecipeLine } from '@inventory/contracts/products';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { chunks, inWorkspaceSkippingIndex } from '../../db/sql-helpers.ts';
import { optionalSenToYen } from '../../lib/money.ts';

// SQL of the recipe_lines table (a product's bill of materials). Lines are read with their part
// (name, unit, price, stock, status), which every caller shows or computes with. Lookups by
// product use inWorkspaceSkippingIndex: SQLite would otherwise read every recipe line of the
// workspace through the workspace index instead of the product's few through (product_id, part_id).

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
    .where('recipe_lines.product_id', '=', productId)
    .where(inWorkspaceSkippingIndex(workspaceId, 'recipe_lines.workspace_id'))
    .orderBy('parts.name')
    .orderBy('recipe_lines.part_id')
    .execute();
  return rows.map(({ unit_price_sen, ...row }) => ({ ...row, unit_price: optionalSenToYen(unit_price_sen) }));
}

/**
 * Replaces the product's recipe: deletes its lines, then inserts the new ones joined with the
 * workspace's parts (`INSERT … SELECT … FROM (VALUES …) JOIN parts`), so a part of another
 * workspace or an unknown id is simply not inserted: the check and the insert are one statement.
 * Answers false when some line was left out; the caller then rolls the transaction back.
 */
export async function replaceRecipeLines(
  trx: DbOrTx,
  workspaceId: number,
  productId: number,
  lines: Array<{ part_id: number; quantity_required: number }>,
): Promise<boolean> {
  await trx.deleteFrom('recipe_lines').where('product_id', '=', productId).where(inWorkspaceSkippingIndex(workspaceId)).execute();
  let inserted = 0;
  for (const chunk of chunks(lines)) {
    // The VALUES columns are column1/column2 on both databases; the casts give PostgreSQL their types.
    const values = sql.join(chunk.map((line) => sql`(cast(${line.part_id} as integer), cast(${line.quantity_required} as integer))`));
    const result = await sql`insert into recipe_lines (workspace_id, product_id, part_id, quantity_required)
      select parts.workspace_id, cast(${productId} as integer), parts.id, v.column2
      from (values ${values}) as v inner join parts on parts.id = v.column1
      where ${inWorkspaceSkippingIndex(workspaceId, 'parts.workspace_id')}`.execute(trx);
    inserted += Number(result.numAffectedRows ?? 0n);
  }
  return inserted === lines.length;
}

/** Gives the target product the same recipe lines as the source (one INSERT … SELECT). */
export async function copyRecipeLines(trx: DbOrTx, workspaceId: number, sourceProductId: number, targetProductId: number): Promise<void> {
  await trx
    .insertInto('recipe_lines')
    .columns(['workspace_id', 'product_id', 'part_id', 'quantity_required'])
    .expression((eb) =>
      eb
        .selectFrom('recipe_lines')
        .select([
          'workspace_id',
          sql<number>`cast(${targetProductId} as integer)`.as('product_id'),
          'part_id',
          'quantity_required',
        ])
        .where('product_id', '=', sourceProductId)
        .where(inWorkspaceSkippingIndex(workspaceId)),
    )
    .execute();
}
