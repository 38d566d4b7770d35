import type { Kysely } from 'kysely';

// The barcode printed on a bought part or a product (JAN/EAN/UPC, Code 128, …), optional and
// unique per workspace within each table (the services also refuse a barcode that the other
// table holds, under the workspace's lock).

export async function up(db: Kysely<any>): Promise<void> {
  for (const table of ['parts', 'products']) {
    await db.schema.alterTable(table).addColumn('barcode', 'text').execute();
    await db.schema.createIndex(`${table}_workspace_barcode_unique`).on(table).columns(['workspace_id', 'barcode']).unique().execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['parts', 'products']) {
    await db.schema.dropIndex(`${table}_workspace_barcode_unique`).execute();
    await db.schema.alterTable(table).dropColumn('barcode').execute();
  }
}
