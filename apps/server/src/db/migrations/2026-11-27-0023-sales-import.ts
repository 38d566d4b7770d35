import { type Kysely, sql } from 'kysely';
import { columnTypesOf } from './column-types.ts';

// Importing a shop's orders as sales (販売管理 → 注文を取り込む):
// - sales remember where an imported sale came from (the source's name and the order id);
// - sales_import_formats: the column mappings a workspace saved for its shops (JSON text);
// - sales_import_aliases: what a line of a source with this SKU and name is (a product, or
//   nothing: 取り込まない), chosen once for every later import;
// - sales_import_lines: one key per order line ever seen (workspace, source, order id, line key):
//   the unique constraint is what keeps a line from being imported twice, even by two imports at
//   the same moment; it points at the sale made from it until the sale is deleted;
// - sales_import_history: one row per import, for the 取り込み履歴 list.

export async function up(db: Kysely<any>): Promise<void> {
  const { timestamp, id } = columnTypesOf(db);

  await db.schema.alterTable('sales').addColumn('import_source_name', 'text').execute();
  await db.schema.alterTable('sales').addColumn('import_order_id', 'text').execute();

  await db.schema
    .createTable('sales_import_formats')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON: {order_id, order_date, sku, product_name, variation, quantity, unit_price, status} header names.
    .addColumn('columns', 'text', (c) => c.notNull())
    // JSON array of the status values that mean cancelled.
    .addColumn('cancelled_values', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('sales_import_formats_workspace_name_unique', ['workspace_id', 'name'])
    .execute();

  await db.schema
    .createTable('sales_import_aliases')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('external_sku', 'text', (c) => c.notNull())
    .addColumn('external_name', 'text', (c) => c.notNull())
    // Null: 取り込まない. A deleted product takes its aliases with it (its lines are unmatched again).
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('sales_import_aliases_unique', ['workspace_id', 'source', 'external_sku', 'external_name'])
    .execute();
  await db.schema.createIndex('sales_import_aliases_product_idx').on('sales_import_aliases').column('product_id').execute();

  await db.schema
    .createTable('sales_import_lines')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text', (c) => c.notNull())
    .addColumn('line_key', 'text', (c) => c.notNull())
    .addColumn('sale_id', 'integer', (c) => c.references('sales.id').onDelete('set null'))
    // imported: a sale was made; returned: its order was cancelled later and the sale deleted;
    // cancelled: the order was cancelled when first seen, nothing was imported.
    .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('imported', 'returned', 'cancelled')`))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('sales_import_lines_key_unique', ['workspace_id', 'source', 'order_id', 'line_key'])
    .execute();
  // Deleting a sale sets its key's sale_id to null: found by this index, not by reading every key.
  await db.schema.createIndex('sales_import_lines_sale_idx').on('sales_import_lines').column('sale_id').execute();

  await db.schema
    .createTable('sales_import_history')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_name', 'text', (c) => c.notNull())
    .addColumn('lines', 'integer', (c) => c.notNull())
    .addColumn('imported', 'integer', (c) => c.notNull())
    .addColumn('duplicates', 'integer', (c) => c.notNull())
    .addColumn('returned', 'integer', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sales_import_history_workspace_idx').on('sales_import_history').columns(['workspace_id', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['sales_import_history', 'sales_import_lines', 'sales_import_aliases', 'sales_import_formats']) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable('sales').dropColumn('import_order_id').execute();
  await db.schema.alterTable('sales').dropColumn('import_source_name').execute();
}
