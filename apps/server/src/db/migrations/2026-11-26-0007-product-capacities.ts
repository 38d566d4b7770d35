import type { Kysely } from 'kysely';

// Each product's capacity (how many its parts in stock allow) and its limiting parts, as the
// stock module last computed them, so GET /manufacturing/capacity/{id} reads one row instead of
// the whole recipe with every part. Kept in step by domains/product-capacities (see there).
// A product without a row is computed from its recipe on every read. This migration computes
// the rows of the products that have a recipe; it is frozen in time, so the few lines of the
// computation are repeated here rather than imported.

interface LineRow {
  workspace_id: number;
  product_id: number;
  part_id: number;
  part_name: string;
  current_stock: number;
  quantity_required: number;
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('product_capacities')
    .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('max_manufacturable', 'integer', (c) => c.notNull())
    // JSON array of {part_id, part_name, current_stock, required_per_product}, in part id order.
    .addColumn('limiting_parts', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('product_capacities_workspace_idx').on('product_capacities').column('workspace_id').execute();

  const lines: LineRow[] = await db
    .selectFrom('recipe_lines')
    .innerJoin('parts', 'parts.id', 'recipe_lines.part_id')
    .select([
      'recipe_lines.workspace_id as workspace_id',
      'recipe_lines.product_id as product_id',
      'recipe_lines.part_id as part_id',
      'parts.name as part_name',
      'parts.current_stock as current_stock',
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
    return { product_id: productLines[0]!.product_id, workspace_id: productLines[0]!.workspace_id, max_manufacturable: max, limiting_parts: JSON.stringify(limiting) };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await db.insertInto('product_capacities').values(rows.slice(start, start + 500)).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('product_capacities').execute();
}
