import type { DbOrTx } from '../../db/create-database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { nowIso } from '../../lib/time.ts';

export function findUserByEmail(db: DbOrTx, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

/**
 * The user with their active membership in one workspace (undefined when they have none there):
 * what /auth/me answers, asked on every page load, so compiled once.
 */
export async function findUserInWorkspace(db: DbOrTx, userId: number, workspaceId: number) {
  const [row] = await userInWorkspaceQuery(db, userId, workspaceId);
  return row;
}

const userInWorkspaceQuery = preparedQuery((db, userId: number, workspaceId: number) =>
  db
    .selectFrom('users')
    .innerJoin('memberships', 'memberships.user_id', 'users.id')
    .innerJoin('workspaces', 'workspaces.id', 'memberships.workspace_id')
    .select([
      'users.id as id',
      'users.name as name',
      'users.email as email',
      'users.email_verified as email_verified',
      'users.last_login_at as last_login_at',
      'memberships.role as role',
      'workspaces.id as workspace_id',
      'workspaces.name as workspace_name',
    ])
    .where('users.id', '=', userId)
    .where('memberships.workspace_id', '=', workspaceId)
    .where('memberships.is_active', '=', 1),
);

export async function insertUser(db: DbOrTx, user: { name: string; email: string; passwordHash: string }) {
  const now = nowIso();
  const { id } = await db
    .insertInto('users')
    .values({ name: user.name, email: user.email, password_hash: user.passwordHash, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function recordLogin(db: DbOrTx, userId: number) {
  await db.updateTable('users').set({ last_login_at: nowIso() }).where('id', '=', userId).execute();
}
