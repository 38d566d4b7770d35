import type { Kysely } from 'kysely';

// The workspace each user signed in to or switched to last, so the next sign-in opens it again
// (a member invited to a shop does not land in their empty personal workspace every time).
// Empty until the user's next sign-in or switch; a deleted workspace empties it.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('last_workspace_id', 'integer', (c) => c.references('workspaces.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('last_workspace_id').execute();
}
