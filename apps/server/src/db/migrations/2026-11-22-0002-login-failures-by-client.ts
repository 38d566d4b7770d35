import type { Kysely } from 'kysely';

// Failed logins count per e-mail and client address, so a stranger cannot lock the owner out.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('login_failures').addColumn('client_address', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.dropIndex('login_failures_email_idx').execute();
  await db.schema
    .createIndex('login_failures_email_client_idx')
    .on('login_failures')
    .columns(['email', 'client_address', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('login_failures_email_client_idx').execute();
  await db.schema.alterTable('login_failures').dropColumn('client_address').execute();
  await db.schema.createIndex('login_failures_email_idx').on('login_failures').columns(['email', 'created_at']).execute();
}
