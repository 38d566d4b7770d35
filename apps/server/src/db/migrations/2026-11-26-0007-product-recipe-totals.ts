import type { Kysely } from 'kysely';

// What each product's recipe gives with its parts as they are: its capacity (how many the parts
// in stock allow) with the limiting parts, its cost and its number of lines, as the app last
// computed them, so GET /manufacturing/capacity/{id} and GET /products/{id} read one row instead
// of the whole recipe with every part. Kept in step by domains/recipe-totals (see there). A
// product without a row is computed from its recipe on every read. This migration computes the
// rows of the products that have a recipe; it is frozen in time, so the few lines of the
// computation are repeated here rather than imported.

interface LineRow {
  workspace_id: number;
  product_id: number;
  part_id: number;
  part_name: string;
  current_stock: number;
  unit_price_sen: number | string | null;
  quantity_required: number;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_recipe_totals')
    .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('max_manufacturable', 'integer', (c) => c.notNull())
    // JSON array of {part_id, part_name, current_stock, required_per_product}, in part id order.
    .addColumn('limiting_parts', 'text', (c) => c.notNull())
    // A double, as the cost summed in SQL: price × quantity may pass a bigint.
    .addColumn('cost_sen', 'double precision', (c) => c.notNull())
    .addColumn('recipe_line_count', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_recipe_totals_workspace_idx').on('product_recipe_totals').column('workspace_id').execute();

  const lines: LineRow[] = await db
    .selectFrom('recipe_lines')
    .innerJoin('parts', 'parts.id', 'recipe_lines.part_id')
    .select([
      'recipe_lines.workspace_id as workspace_id',
      'recipe_lines.product_id as product_id',
      'recipe_lines.part_id as part_id',
      'parts.name as part_name',
      'parts.current_stock as current_stock',
      'parts.unit_price_sen as unit_price_sen',
      'recipe_lines.quantity_required as quantity_required',
    ])
    .orderBy('recipe_lines.product_id')
    .orderBy('recipe_lines.part_id')
    .execute();
  const byProduct = new Map<number, LineRow[]>();
  for (const line of lines) byProduct.set(line.product_id, [...(byProduct.get(line.product_id) ?? []), line]);
  const rows = [...byProduct.values()].map((productLines) => {
    const allows = (line: LineRow) => Math.floor(line.current_stock / line.quantity_required);
    const max = Math.min(...productLines.map(allows));
    const limiting = productLines
      .filter((line) => allows(line) === max)
      .map((line) => ({ part_id: line.part_id, part_name: line.part_name, current_stock: line.current_stock, required_per_product: line.quantity_required }));
    return {
      product_id: productLines[0]!.product_id,
      workspace_id: productLines[0]!.workspace_id,
      max_manufacturable: max,
      limiting_parts: JSON.stringify(limiting),
      cost_sen: productLines.reduce((sum, line) => sum + Number(line.unit_price_sen ?? 0) * line.quantity_required, 0),
      recipe_line_count: productLines.length,
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await db.insertInto('product_recipe_totals').values(rows.slice(start, start + 500)).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_recipe_totals').execute();
}
