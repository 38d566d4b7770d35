import { type Kysely, sql } from 'kysely';
import { columnTypesOf } from './column-types.ts';

// Accounts a shop can trust: password reset by mail, a second factor (TOTP with recovery codes),
// passkeys, the list of signed-in devices, the proof a super admin needs, and the review of the
// workspaces an account had before it was taken over by proof of its address.
// Tokens, codes and challenges are stored as SHA-256 hashes where they are secrets; WebAuthn
// challenges are not secrets (the browser shows them to the authenticator) and are kept as sent.

export async function up(db: Kysely<any>): Promise<void> {
  const { timestamp, id } = columnTypesOf(db);

  await db.schema
    .alterTable('users')
    // When the owner of a listed SUPER_ADMIN_EMAILS address last proved it (reset mail, Google).
    .addColumn('super_admin_proven_at', timestamp)
    .execute();
  await db.schema.alterTable('users').addColumn('totp_secret', 'text').execute();
  await db.schema.alterTable('users').addColumn('totp_pending_secret', 'text').execute();
  // The RFC 6238 time step of the last accepted code: a code is accepted at most once.
  await db.schema.alterTable('users').addColumn('totp_last_step', 'bigint').execute();

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .execute();
  await db.schema.createIndex('password_reset_tokens_user_idx').on('password_reset_tokens').column('user_id').execute();

  await db.schema
    .createTable('recovery_codes')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('used_at', timestamp)
    .execute();
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').columns(['user_id', 'code_hash']).execute();

  // A password checked, the second factor still to come (5 minutes).
  await db.schema
    .createTable('mfa_challenges')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('passkeys')
    .addColumn('id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('credential_id', 'text', (c) => c.notNull().unique())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('transports', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('last_used_at', timestamp)
    .execute();
  await db.schema.createIndex('passkeys_user_idx').on('passkeys').column('user_id').execute();

  // A passkey ceremony in flight (5 minutes), so any instance can finish it.
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('register', 'login')`))
    .addColumn('created_at', timestamp, (c) => c.notNull())
    .addColumn('expires_at', timestamp, (c) => c.notNull())
    .execute();

  // The device a session was opened on, and when it was last used (to the minute). The last use
  // lives in a table of its own: the sessions table is read on every request and its answers are
  // remembered while it does not change.
  await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  await db.schema
    .createTable('session_activity')
    .addColumn('session_id', 'text', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
    .addColumn('last_seen_at', timestamp, (c) => c.notNull())
    .execute();

  // Set on the memberships an account had when it was taken over by proof of its address, until
  // the owner keeps or leaves each workspace.
  await db.schema
    .alterTable('memberships')
    .addColumn('needs_review', 'integer', (c) => c.notNull().defaultTo(0).check(sql`needs_review in (0, 1)`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('memberships').dropColumn('needs_review').execute();
  await db.schema.dropTable('session_activity').execute();
  await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  await db.schema.dropTable('webauthn_challenges').execute();
  await db.schema.dropTable('passkeys').execute();
  await db.schema.dropTable('mfa_challenges').execute();
  await db.schema.dropTable('recovery_codes').execute();
  await db.schema.dropTable('password_reset_tokens').execute();
  for (const column of ['totp_last_step', 'totp_pending_secret', 'totp_secret', 'super_admin_proven_at']) {
    await db.schema.alterTable('users').dropColumn(column).execute();
  }
}
