import { type Kysely, sql } from 'kysely';
import { columnTypesOf } from './column-types.ts';

// 棚卸し (stocktakes) and 在庫評価 (valuation):
// - every ledger row carries the business date of its event (`effective_date`) and, for stock set
//   by hand or by a count, its reason; existing rows get the date from their records: a receipt's
//   entry date, a delivery's stock entry date, a manufacture's manufacturing date, a sale's sale
//   date (its edits too; a deleted sale's cancel row and every other row the day it was written,
//   in Asia/Tokyo). Nothing is dropped: the columns are added and filled;
// - parts and products keep when they were last counted;
// - stocktakes with their lines (the expected stock at the snapshot, the last count of each line).
// Frozen in time: it imports nothing from the app.

export async function up(db: Kysely<any>): Promise<void> {
  const { isPostgres, timestamp, date, id } = columnTypesOf(db);

  await db.schema.alterTable('stock_movements').addColumn('effective_date', date).execute();
  await db.schema.alterTable('stock_movements').addColumn('reason', 'text').execute();

  const fill = (kinds: string[], value: ReturnType<typeof sql>) =>
    sql`update stock_movements set effective_date = ${value} where effective_date is null and kind in (${sql.join(kinds)})`.execute(db);
  await fill(['receipt'], sql`(select stock_entries.entry_date from stock_entries where stock_entries.id = stock_movements.reference_id)`);
  await fill(
    ['order_delivery'],
    sql`(select min(stock_entries.entry_date) from stock_entries where stock_entries.order_id = stock_movements.reference_id)`,
  );
  await fill(
    ['manufacture', 'manufacture_consume'],
    sql`(select manufacturing_records.manufacturing_date from manufacturing_records where manufacturing_records.id = stock_movements.reference_id)`,
  );
  await fill(['sale', 'sale_edit'], sql`(select sales.sale_date from sales where sales.id = stock_movements.reference_id)`);
  // Japan keeps no summer time: its day is the UTC instant nine hours on.
  const tokyoDay = isPostgres ? sql`(created_at at time zone 'Asia/Tokyo')::date` : sql`date(created_at, '+9 hours')`;
  await sql`update stock_movements set effective_date = ${tokyoDay} where effective_date is null`.execute(db);
  if (isPostgres) await sql`alter table stock_movements alter column effective_date set not null`.execute(db);
  // The valuation reads each item's ledger up to a day in (date, id) order: covering indexes in
  // that order, one per kind of item, so it never sorts or visits the table.
  await db.schema
    .createIndex('stock_movements_part_valuation_idx')
    .on('stock_movements')
    .columns(['workspace_id', 'part_id', 'effective_date', 'id', 'quantity_delta', 'kind', 'reference_id'])
    .execute();
  await db.schema
    .createIndex('stock_movements_product_valuation_idx')
    .on('stock_movements')
    .columns(['workspace_id', 'product_id', 'effective_date', 'quantity_delta'])
    .execute();

  await db.schema.alterTable('parts').addColumn('last_counted_at', timestamp).execute();
  await db.schema.alterTable('products').addColumn('last_counted_at', timestamp).execute();

  await db.schema
    .createTable('stocktakes')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    /** JSON: the scope as asked ({kind, tag_ids?, not_counted_since?}). */
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('counting').check(sql`status in ('counting', 'committed', 'cancelled')`))
    .addColumn('reason', 'text')
    .addColumn('reason_note', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('committed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('committed_at', timestamp)
    .addColumn('cancelled_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('cancelled_at', timestamp)
    .execute();
  await db.schema.createIndex('stocktakes_workspace_idx').on('stocktakes').columns(['workspace_id', 'id']).execute();

  // One line per item of the scope; a deleted part or product takes its line with it. Its
  // workspace_id scopes every query but has no foreign key: the line goes with its stocktake, which
  // goes with its workspace, and a check per line made the snapshot of 20,000 parts a third slower
  // on PostgreSQL.
  await db.schema
    .createTable('stocktake_lines')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull())
    .addColumn('stocktake_id', 'integer', (c) => c.notNull().references('stocktakes.id').onDelete('cascade'))
    .addColumn('part_id', 'integer', (c) => c.references('parts.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('cascade'))
    .addColumn('expected', 'integer', (c) => c.notNull().check(sql`expected >= 0`))
    .addColumn('counted', 'integer', (c) => c.check(sql`counted >= 0`))
    .addColumn('counted_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('counted_at', timestamp)
    .addCheckConstraint('stocktake_lines_one_item', sql`(part_id is null) <> (product_id is null)`)
    .addUniqueConstraint('stocktake_lines_part_unique', ['stocktake_id', 'part_id'])
    .addUniqueConstraint('stocktake_lines_product_unique', ['stocktake_id', 'product_id'])
    .execute();
  await db.schema.createIndex('stocktake_lines_part_idx').on('stocktake_lines').column('part_id').execute();
  await db.schema.createIndex('stocktake_lines_product_idx').on('stocktake_lines').column('product_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('stocktake_lines').execute();
  await db.schema.dropTable('stocktakes').execute();
  await db.schema.alterTable('products').dropColumn('last_counted_at').execute();
  await db.schema.alterTable('parts').dropColumn('last_counted_at').execute();
  await db.schema.dropIndex('stock_movements_product_valuation_idx').execute();
  await db.schema.dropIndex('stock_movements_part_valuation_idx').execute();
  await db.schema.alterTable('stock_movements').dropColumn('reason').execute();
  await db.schema.alterTable('stock_movements').dropColumn('effective_date').execute();
}
