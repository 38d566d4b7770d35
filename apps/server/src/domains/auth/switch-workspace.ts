import type { Db } from '../../db/create-database.ts';
import { notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { findActiveMembership } from '../workspaces/memberships-repository.ts';
import type { SessionClaims, TokenSigner } from './session-token.ts';
import { findSessionExpiry } from './sessions-repository.ts';

// Switching is a session matter (a new token for the same session), so it lives with auth;
// auth depends on workspaces, never the other way round.

export const WORKSPACE_NOT_FOUND = notFoundMessages.workspace;

/**
 * A new token for the same session, pointing at a workspace where the user is an active member.
 * The token's own workspace plays no part, so a member deactivated there can still leave it.
 */
export async function switchWorkspace(db: Db, signer: TokenSigner, session: Omit<SessionClaims, 'workspaceId'>, workspaceId: number) {
  const membership = await findActiveMembership(db, session.userId, workspaceId);
  if (!membership) throw notFound(WORKSPACE_NOT_FOUND);
  const expiresAt = await findSessionExpiry(db, session.sessionId);
  if (!expiresAt) throw notFound(WORKSPACE_NOT_FOUND);
  return signer.sign({ ...session, workspaceId }, expiresAt);
}
