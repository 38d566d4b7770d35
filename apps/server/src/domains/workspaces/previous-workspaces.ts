import type { PreviousWorkspace } from '@inventory/contracts/account';
import type { Db, DbOrTx } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { listWorkspaceMembers } from './memberships-repository.ts';
import { lockWorkspace } from './workspaces-repository.ts';

// The workspaces an account belonged to when it was taken over by proof of its address
// (memberships.needs_review): shown to the owner with their members, to keep or leave, since
// whoever used the account before may have been a stranger with accomplices there.

export const previousWorkspaceMessages = {
  notFound: '確認が必要なワークスペースが見つかりません',
  kept: 'ワークスペースを引き続き利用します',
  left: 'ワークスペースから退出しました',
} as const;

export async function listPreviousWorkspaces(db: DbOrTx, userId: number): Promise<PreviousWorkspace[]> {
  const workspaces = await db
    .selectFrom('memberships')
    .innerJoin('workspaces', 'workspaces.id', 'memberships.workspace_id')
    .select(['workspaces.id as id', 'workspaces.name as workspace_name', 'memberships.role as role'])
    .where('memberships.user_id', '=', userId)
    .where('memberships.needs_review', '=', 1)
    .where('memberships.is_active', '=', 1)
    .orderBy('memberships.created_at')
    .orderBy('memberships.id')
    .execute();
  return Promise.all(
    workspaces.map(async (workspace) => ({
      ...workspace,
      members: (await listWorkspaceMembers(db, workspace.id))
        .filter((member) => member.id !== userId)
        .map(({ name, email, role, is_active, email_verified }) => ({ name, email, role, is_active, email_verified: email_verified === true })),
    })),
  );
}

/** The owner keeps the workspace: it is an ordinary membership again. */
export async function keepPreviousWorkspace(db: DbOrTx, userId: number, workspaceId: number) {
  const result = await db
    .updateTable('memberships')
    .set({ needs_review: 0, updated_at: nowIso() })
    .where('user_id', '=', userId)
    .where('workspace_id', '=', workspaceId)
    .where('needs_review', '=', 1)
    .where('is_active', '=', 1)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw notFound(previousWorkspaceMessages.notFound);
}

/**
 * The owner leaves the workspace: the membership is deactivated (the data stays with the
 * workspace). When they were its last active admin, the active member who joined first becomes
 * admin, so the workspace is never left without one while it has members.
 */
export function leavePreviousWorkspace(db: Db, userId: number, workspaceId: number) {
  return db.transaction().execute(async (trx) => {
    await lockWorkspace(trx, workspaceId);
    const result = await trx
      .updateTable('memberships')
      .set({ needs_review: 0, is_active: 0, updated_at: nowIso() })
      .where('user_id', '=', userId)
      .where('workspace_id', '=', workspaceId)
      .where('needs_review', '=', 1)
      .where('is_active', '=', 1)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw notFound(previousWorkspaceMessages.notFound);

    const active = await trx
      .selectFrom('memberships')
      .select(['user_id', 'role'])
      .where('workspace_id', '=', workspaceId)
      .where('is_active', '=', 1)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const [first] = active;
    if (first && !active.some((member) => member.role === 'admin')) {
      await trx
        .updateTable('memberships')
        .set({ role: 'admin', updated_at: nowIso() })
        .where('workspace_id', '=', workspaceId)
        .where('user_id', '=', first.user_id)
        .execute();
    }
    await trx.updateTable('users').set({ last_workspace_id: null }).where('id', '=', userId).where('last_workspace_id', '=', workspaceId).execute();
  });
}
