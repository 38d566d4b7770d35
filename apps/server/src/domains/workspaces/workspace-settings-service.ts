import type { updateWorkspaceSettingsBody, WorkspaceSettings } from '@inventory/contracts/workspace';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { findLiveInviteCode } from './invitations-service.ts';
import { findWorkspace, updateWorkspace } from './workspaces-repository.ts';

// ワークスペース設定: the name, the member limit and the live invitation code.

export async function loadWorkspaceSettings(db: DbOrTx, workspaceId: number): Promise<WorkspaceSettings> {
  const workspace = await findWorkspace(db, workspaceId);
  if (!workspace) throw notFound(notFoundMessages.workspace);
  const code = await findLiveInviteCode(db, workspaceId);
  return { id: workspace.id, workspace_name: workspace.name, max_members: workspace.max_members, ...code };
}

/**
 * Renames the workspace and sets its member limit (1–5, checked by the contract). A limit below
 * the current number of active members is accepted: nobody is removed, and joins and
 * re-activations are refused until the count is under the limit again.
 */
export function updateWorkspaceSettings(
  db: Db,
  workspaceId: number,
  input: z.output<typeof updateWorkspaceSettingsBody>,
): Promise<WorkspaceSettings> {
  return db.transaction().execute(async (trx) => {
    await updateWorkspace(trx, workspaceId, { name: input.workspace_name, maxMembers: input.max_members });
    return loadWorkspaceSettings(trx, workspaceId);
  });
}
