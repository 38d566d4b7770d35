import type { updateMemberBody, WorkspaceMember } from '@inventory/contracts/auth';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { conflict, forbidden, notFound } from '../../lib/http-error.ts';
import { ADMIN_REQUIRED_MESSAGE, notFoundMessages } from '../../lib/messages.ts';
import { invitationMessages } from './invitations-service.ts';
import { countActiveAdmins, findMembership, hasRoomForMember, listWorkspaceMembers, updateMembership } from './memberships-repository.ts';
import { requireVerifiedActor } from './verified-actor.ts';
import { lockWorkspace } from './workspaces-repository.ts';

// メンバー管理 (GET /auth/users, PUT /auth/users/{id}): an admin activates or removes members and
// promotes or demotes them, in the caller's current workspace only.

export const memberMessages = {
  notFound: notFoundMessages.member,
  lastAdmin: 'ワークスペースには有効な管理者が1人以上必要です。先に別のメンバーを管理者にしてください',
  inactiveAdmin: '無効なメンバーは管理者にできません。先に有効化してください',
} as const;

/**
 * Changes a member's role and/or active state. Runs under the workspace lock, so the rules hold
 * when admins act at the same moment: the acting admin must still be an active admin (another
 * admin may have just demoted them), the last active admin cannot be demoted or deactivated, and
 * re-activating a member needs room under max_members, and only an active member becomes admin
 * (promoting and activating in one change is fine; promoting someone removed is not). An admin may
 * change their own row (step down, leave) as long as another active admin remains.
 */
export function updateMember(
  db: Db,
  actor: { userId: number; workspaceId: number },
  userId: number,
  changes: z.output<typeof updateMemberBody>,
): Promise<WorkspaceMember> {
  const { workspaceId } = actor;
  return db.transaction().execute(async (trx) => {
    if (changes.role !== undefined) await requireVerifiedActor(trx, actor.userId);
    await lockWorkspace(trx, workspaceId);

    const acting = await findMembership(trx, workspaceId, actor.userId);
    if (acting?.role !== 'admin' || acting.is_active !== 1) throw forbidden(ADMIN_REQUIRED_MESSAGE);

    const current = await findMembership(trx, workspaceId, userId);
    if (!current) throw notFound(memberMessages.notFound);

    const wasActive = current.is_active === 1;
    const role = changes.role ?? current.role;
    const isActive = changes.is_active ?? wasActive;
    const losesActiveAdmin = wasActive && current.role === 'admin' && !(isActive && role === 'admin');
    if (current.role !== 'admin' && role === 'admin' && !isActive) throw conflict(memberMessages.inactiveAdmin);
    if (losesActiveAdmin && (await countActiveAdmins(trx, workspaceId)) <= 1) throw conflict(memberMessages.lastAdmin);
    if (!wasActive && isActive && !(await hasRoomForMember(trx, workspaceId))) throw conflict(invitationMessages.workspaceFull);

    await updateMembership(trx, workspaceId, userId, { role, isActive });
    const [member] = await listWorkspaceMembers(trx, workspaceId, userId);
    return member!;
  });
}
