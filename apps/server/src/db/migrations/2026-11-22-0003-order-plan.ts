import type { Kysely } from 'kysely';

// Purchase orders created for a manufacturing plan's shortages remember the plan, so ordering a
// plan's shortages again counts them as on order instead of ordering twice. Deleting the plan
// keeps its orders (they are real orders at a supplier) and forgets the link.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('plan_id', 'integer', (c) => c.references('manufacturing_plans.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('orders_plan_idx').on('orders').column('plan_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('orders_plan_idx').execute();
  await db.schema.alterTable('orders').dropColumn('plan_id').execute();
}
