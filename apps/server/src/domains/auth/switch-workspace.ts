import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { findActiveMembership } from '../workspaces/memberships-repository.ts';
import type { SessionClaims, TokenSigner } from './session-token.ts';
import { findSessionExpiry } from './sessions-repository.ts';
import { recordLastWorkspace } from './users-repository.ts';

// Switching is a session matter (a new token for the same session), so it lives with auth;
// auth depends on workspaces, never the other way round.

export const WORKSPACE_NOT_FOUND = notFoundMessages.workspace;

/**
 * A new token for the same session, pointing at another workspace where the user is an active
 * member; the next sign-in opens that workspace too. Only the session counts, not the workspace
 * of the current token: a member removed from it moves on to one of their other workspaces.
 */
export async function switchWorkspace(db: Db, signer: TokenSigner, current: Omit<SessionClaims, 'workspaceId'>, workspaceId: number) {
  const membership = await findActiveMembership(db, current.userId, workspaceId);
  if (!membership) throw notFound(WORKSPACE_NOT_FOUND);
  const expiresAt = await findSessionExpiry(db, current.sessionId);
  if (!expiresAt) throw notFound(WORKSPACE_NOT_FOUND);
  await recordLastWorkspace(db, current.userId, workspaceId);
  return signer.sign({ ...current, workspaceId }, expiresAt);
}
