import type { Kysely } from 'kysely';

// Deleting a product sets product_id to null on its sales (the sale keeps the name). Without an
// index led by product_id both databases read every sale of every workspace to find them.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('sales_product_idx').on('sales').column('product_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sales_product_idx').execute();
}
