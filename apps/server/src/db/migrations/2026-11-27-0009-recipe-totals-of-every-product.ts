import type { Kysely } from 'kysely';

// Every product has its row of product_recipe_totals from now on, and reads no longer compute a
// product's totals from its recipe when the row is missing. Rows were missing for the products
// that had no recipe when the table was added, and for the products whose totals a CSV import
// had set aside until its end when that import stopped before it. This migration stores them.
// It is frozen in time, so the few lines of the computation are repeated here rather than
// imported. It has no down: the rows it adds are the ones the app keeps anyway.

interface LineRow {
  product_id: number;
  part_id: number;
  part_name: string;
  current_stock: number;
  unit_price_sen: number | string | null;
  quantity_required: number;
}

export async function up(db: Kysely<any>): Promise<void> {
  const missing: Array<{ id: number; workspace_id: number }> = await db
    .selectFrom('products')
    .leftJoin('product_recipe_totals', 'product_recipe_totals.product_id', 'products.id')
    .select(['products.id as id', 'products.workspace_id as workspace_id'])
    .where('product_recipe_totals.product_id', 'is', null)
    .orderBy('products.id')
    .execute();
  for (let start = 0; start < missing.length; start += 500) {
    const products = missing.slice(start, start + 500);
    const lines: LineRow[] = await db
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
      .where(
        'recipe_lines.product_id',
        'in',
        products.map((product) => product.id),
      )
      .orderBy('recipe_lines.product_id')
      .orderBy('recipe_lines.part_id')
      .execute();
    const byProduct = new Map<number, LineRow[]>();
    for (const line of lines) byProduct.set(line.product_id, [...(byProduct.get(line.product_id) ?? []), line]);
    const rows = products.map((product) => {
      const productLines = byProduct.get(product.id) ?? [];
      const allows = (line: LineRow) => Math.floor(line.current_stock / line.quantity_required);
      const max = productLines.length === 0 ? 0 : Math.min(...productLines.map(allows));
      const limiting = productLines
        .filter((line) => allows(line) === max)
        .map((line) => ({ part_id: line.part_id, part_name: line.part_name, current_stock: line.current_stock, required_per_product: line.quantity_required }));
      return {
        product_id: product.id,
        workspace_id: product.workspace_id,
        max_manufacturable: max,
        limiting_parts: JSON.stringify(limiting),
        cost_sen: productLines.reduce((sum, line) => sum + Number(line.unit_price_sen ?? 0) * line.quantity_required, 0),
        recipe_line_count: productLines.length,
      };
    });
    await db.insertInto('product_recipe_totals').values(rows).execute();
  }
}
