import type { DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';
import { insertMembership } from '../workspaces/memberships-repository.ts';
import { insertWorkspace } from '../workspaces/workspaces-repository.ts';
import { personalWorkspaceName } from './auth-service.ts';
import { revokeAllSessions } from './sessions-repository.ts';
import { clearSecondFactor } from './totp.ts';

/**
 * An account whose address nobody had proved is taken over by the one who proves it now (a
 * Google sign-in with that address, or a password set through the reset mail). Whoever used it
 * before may have been a stranger who registered the address first: their sessions, second
 * factor and passkeys end here, and the owner starts in a fresh personal workspace, since a
 * workspace of the account may be the stranger's, with the stranger's accomplices in it. Those
 * workspaces stay the owner's to keep or leave (previous-workspaces.ts); until then the next
 * sign-in opens the fresh one. Answers the fresh workspace's id.
 */
export async function takeOverAccount(trx: DbOrTx, user: { id: number; name: string }): Promise<number> {
  await revokeAllSessions(trx, user.id);
  await clearSecondFactor(trx, user.id);
  await trx.deleteFrom('passkeys').where('user_id', '=', user.id).execute();
  await trx.deleteFrom('webauthn_challenges').where('user_id', '=', user.id).execute();
  await trx.updateTable('memberships').set({ needs_review: 1, updated_at: nowIso() }).where('user_id', '=', user.id).execute();

  const workspaceId = await insertWorkspace(trx, personalWorkspaceName(user.name));
  await insertMembership(trx, workspaceId, user.id, 'admin');
  await trx.updateTable('users').set({ last_workspace_id: workspaceId }).where('id', '=', user.id).execute();
  return workspaceId;
}
