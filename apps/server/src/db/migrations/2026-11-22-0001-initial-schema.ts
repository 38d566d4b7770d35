import { type Kysely, sql } from 'kysely';
import { columnTypesOf } from './column-types.ts';

// The whole domain of the app at its start. Frozen: later changes go into new migrations.
//
// Cross-dialect conventions (PostgreSQL / SQLite):
// - ids: integer identity / integer autoincrement
// - timestamps: timestamptz / ISO-8601 text, dates: date / yyyy-MM-dd text
// - money: bigint count of sen (1/100 yen), so yen with 2 decimals is stored exactly
// - flags: integer 0/1 on both (better-sqlite3 cannot bind booleans)
// Every workspace row carries workspace_id; its lookups are indexed with workspace_id first.

export async function up(db: Kysely<any>): Promise<void> {
  const { timestamp, date, id } = columnTypesOf(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0).check(sql`email_verified in (0, 1)`))
    .addColumn('google_sub', 'text', (c) => c.unique())
    .addColumn('last_login_at', timestamp)
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('max_members', 'integer', (c) => c.notNull().defaultTo(5).check(sql`max_members >= 1`))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull().check(sql`role in ('admin', 'member')`))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('memberships_workspace_user_unique', ['workspace_id', 'user_id'])
    .execute();
  await db.schema.createIndex('memberships_user_idx').on('memberships').column('user_id').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('revoked_at', timestamp)
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('invitation_codes')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('revoked_at', timestamp)
    .execute();
  await db.schema
    .createIndex('invitation_codes_workspace_idx')
    .on('invitation_codes')
    .columns(['workspace_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('verification_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .execute();
  await db.schema.createIndex('verification_tokens_user_idx').on('verification_tokens').column('user_id').execute();

  // Identity-provider sign-in in flight: kept in the database so any instance can finish it.
  await db.schema
    .createTable('oauth_states')
    .addColumn('state', 'text', (c) => c.primaryKey())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();

  // Failed logins per e-mail (10 per 15 minutes), shared by all instances.
  await db.schema
    .createTable('login_failures')
    .addColumn('id', 'integer', id)
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_failures_email_idx').on('login_failures').columns(['email', 'created_at']).execute();

  await db.schema
    .createTable('parts')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('unit', 'text')
    .addColumn('unit_price_sen', 'bigint', (c) => c.check(sql`unit_price_sen >= 0`))
    .addColumn('current_stock', 'integer', (c) => c.notNull().defaultTo(0).check(sql`current_stock >= 0`))
    .addColumn('min_stock_alert', 'integer', (c) => c.notNull().defaultTo(0).check(sql`min_stock_alert >= 0`))
    .addColumn('url', 'text')
    .addColumn('part_number', 'text')
    .addColumn('category', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('parts_workspace_name_unique', ['workspace_id', 'name'])
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .addUniqueConstraint('tags_workspace_name_unique', ['workspace_id', 'name'])
    .execute();

  await db.schema
    .createTable('part_tags')
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('part_id', 'integer', (c) => c.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('part_tags_pk', ['part_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('part_tags_tag_idx').on('part_tags').column('tag_id').execute();
  await db.schema.createIndex('part_tags_workspace_idx').on('part_tags').column('workspace_id').execute();

  await db.schema
    .createTable('products')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('selling_price_sen', 'bigint', (c) => c.check(sql`selling_price_sen >= 0`))
    .addColumn('current_stock', 'integer', (c) => c.notNull().defaultTo(0).check(sql`current_stock >= 0`))
    .addColumn('url', 'text')
    .addColumn('part_number', 'text')
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('products_workspace_name_idx').on('products').columns(['workspace_id', 'name']).execute();

  // Parts keep the default NO ACTION reference: a part used by a recipe cannot be deleted.
  await db.schema
    .createTable('recipe_lines')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('part_id', 'integer', (c) => c.notNull().references('parts.id'))
    .addColumn('quantity_required', 'integer', (c) => c.notNull().check(sql`quantity_required >= 1`))
    .addUniqueConstraint('recipe_lines_product_part_unique', ['product_id', 'part_id'])
    .execute();
  await db.schema.createIndex('recipe_lines_part_idx').on('recipe_lines').column('part_id').execute();
  await db.schema.createIndex('recipe_lines_workspace_idx').on('recipe_lines').column('workspace_id').execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('part_id', 'integer', (c) => c.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('unit_price_sen', 'bigint', (c) => c.check(sql`unit_price_sen >= 0`))
    .addColumn('order_date', date, (c) => c.notNull())
    .addColumn('expected_delivery_date', date)
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('ordered').check(sql`status in ('ordered', 'shipped', 'delivered', 'cancelled')`),
    )
    .addColumn('delivered_at', timestamp)
    .addColumn('notes', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('orders_workspace_order_date_idx').on('orders').columns(['workspace_id', 'order_date']).execute();
  await db.schema
    .createIndex('orders_workspace_delivery_idx')
    .on('orders')
    .columns(['workspace_id', 'expected_delivery_date'])
    .execute();
  await db.schema.createIndex('orders_workspace_status_idx').on('orders').columns(['workspace_id', 'status']).execute();
  await db.schema.createIndex('orders_part_idx').on('orders').column('part_id').execute();

  await db.schema
    .createTable('stock_entries')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('part_id', 'integer', (c) => c.notNull().references('parts.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('unit_price_sen', 'bigint', (c) => c.check(sql`unit_price_sen >= 0`))
    .addColumn('entry_date', date, (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('order_id', 'integer', (c) => c.references('orders.id').onDelete('set null'))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('stock_entries_workspace_date_idx')
    .on('stock_entries')
    .columns(['workspace_id', 'entry_date'])
    .execute();
  await db.schema.createIndex('stock_entries_part_idx').on('stock_entries').columns(['part_id', 'entry_date']).execute();
  await db.schema.createIndex('stock_entries_order_idx').on('stock_entries').column('order_id').execute();

  // Records keep the product name, so deleting a product keeps its history.
  await db.schema
    .createTable('manufacturing_records')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('manufacturing_date', date, (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('manufacturing_records_workspace_date_idx')
    .on('manufacturing_records')
    .columns(['workspace_id', 'manufacturing_date'])
    .execute();
  await db.schema
    .createIndex('manufacturing_records_product_idx')
    .on('manufacturing_records')
    .column('product_id')
    .execute();

  await db.schema
    .createTable('manufacturing_plans')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('remaining_quantity', 'integer', (c) => c.notNull().check(sql`remaining_quantity >= 0`))
    .addColumn('start_date', date, (c) => c.notNull())
    .addColumn('end_date', date, (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('active').check(sql`status in ('active', 'completed', 'cancelled')`),
    )
    .addColumn('notes', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('manufacturing_plans_workspace_dates_idx')
    .on('manufacturing_plans')
    .columns(['workspace_id', 'start_date', 'end_date'])
    .execute();
  await db.schema
    .createIndex('manufacturing_plans_product_status_idx')
    .on('manufacturing_plans')
    .columns(['product_id', 'status', 'start_date'])
    .execute();

  await db.schema
    .createTable('sales')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('set null'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('unit_price_sen', 'bigint', (c) => c.notNull().check(sql`unit_price_sen >= 0`))
    .addColumn('total_amount_sen', 'bigint', (c) => c.notNull())
    .addColumn('total_cost_sen', 'bigint', (c) => c.notNull())
    .addColumn('profit_sen', 'bigint', (c) => c.notNull())
    .addColumn('sale_date', date, (c) => c.notNull())
    .addColumn('url', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sales_workspace_date_idx').on('sales').columns(['workspace_id', 'sale_date']).execute();
  await db.schema
    .createIndex('sales_workspace_product_date_idx')
    .on('sales')
    .columns(['workspace_id', 'product_id', 'sale_date'])
    .execute();

  // The stock movement ledger: one row per change of a part's or a product's stock.
  // reference_id points at the receipt, order, manufacturing record or sale named by kind.
  await db.schema
    .createTable('stock_movements')
    .addColumn('id', 'integer', id)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspaces.id').onDelete('cascade'))
    .addColumn('part_id', 'integer', (c) => c.references('parts.id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.references('products.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('quantity_delta', 'integer', (c) => c.notNull())
    .addColumn('balance_after', 'integer', (c) => c.notNull().check(sql`balance_after >= 0`))
    .addColumn('reference_id', 'integer')
    .addColumn('note', 'text')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addCheckConstraint('stock_movements_one_item', sql`(part_id is null) <> (product_id is null)`)
    .execute();
  await db.schema.createIndex('stock_movements_part_idx').on('stock_movements').columns(['part_id', 'id']).execute();
  await db.schema.createIndex('stock_movements_product_idx').on('stock_movements').columns(['product_id', 'id']).execute();
  await db.schema
    .createIndex('stock_movements_workspace_idx')
    .on('stock_movements')
    .columns(['workspace_id', 'created_at'])
    .execute();

  // System-wide announcements of the management console (not workspace data).
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'integer', id)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('info', 'warning', 'error', 'success')`))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`is_active in (0, 1)`))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('updated_at', timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('announcements_active_idx')
    .on('announcements')
    .columns(['is_active', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'announcements',
    'stock_movements',
    'sales',
    'manufacturing_plans',
    'manufacturing_records',
    'stock_entries',
    'orders',
    'recipe_lines',
    'products',
    'part_tags',
    'tags',
    'parts',
    'login_failures',
    'oauth_states',
    'verification_tokens',
    'invitation_codes',
    'sessions',
    'memberships',
    'workspaces',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
