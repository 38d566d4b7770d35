import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { MembershipRole } from '../../src/db/database.ts';
import { storeInviteCode, markEmailVerified, type RegisteredUser, registerUser } from './users.ts';
import { call } from '../helpers/test-app.ts';

export interface SharedWorkspace {
  admin: RegisteredUser;
  /** Joined with an invitation code at sign-up: their tokens point at the shared workspace. */
  members: RegisteredUser[];
  workspaceId: number;
}

/**
 * An admin's workspace with `memberCount` members who signed up with its invitation code. The
 * admin's address is verified (they may invite and change roles); the members' are not.
 */
export async function workspaceWithMembers(app: FastifyInstance, memberCount: number): Promise<SharedWorkspace> {
  const admin = await registerUser(app, { name: '管理者' });
  await markEmailVerified(app, admin.token);
  const workspaceId = admin.user.current_workspace.id;
  const code = await storeInviteCode(app, workspaceId);
  const members: RegisteredUser[] = [];
  for (let i = 1; i <= memberCount; i++) members.push(await registerUser(app, { name: `メンバー${i}`, invitation_code: code }));
  return { admin, members, workspaceId };
}

/** PUT /auth/users/{id} as `token`. */
export const updateMember = (app: FastifyInstance, token: string, userId: number | string, body: unknown) =>
  call(app, 'PUT', `/api/auth/users/${userId}`, { token, body });

/** Sets a membership straight in the database (to arrange a state, not to test the call). */
export async function setMembership(
  app: FastifyInstance,
  workspaceId: number,
  userId: number,
  changes: { role?: MembershipRole; is_active?: 0 | 1 },
) {
  await app.db.updateTable('memberships').set(changes).where('workspace_id', '=', workspaceId).where('user_id', '=', userId).execute();
}

/** Every membership of a workspace as stored (user, role, active, updated_at): to prove nothing changed. */
export function membershipRows(app: FastifyInstance, workspaceId: number) {
  return app.db
    .selectFrom('memberships')
    .select(['user_id', 'role', 'is_active', 'updated_at'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('user_id')
    .execute();
}

/** The workspace row and its invitation codes as stored. */
export async function workspaceState(app: FastifyInstance, workspaceId: number) {
  const workspace = await app.db.selectFrom('workspaces').selectAll().where('id', '=', workspaceId).executeTakeFirstOrThrow();
  const codes = await app.db
    .selectFrom('invitation_codes')
    .select(['code', 'expires_at', 'revoked_at'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('id')
    .execute();
  return { workspace, codes };
}

/**
 * POST /workspace/invite-code as an admin; the new code. The admin's address counts as verified
 * first, since an unverified account may not invite.
 */
export async function generateInviteCode(app: FastifyInstance, token: string): Promise<string> {
  await markEmailVerified(app, token);
  const response = await call(app, 'POST', '/api/workspace/invite-code', { token });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().invite_code;
}

export const joinWorkspace = (app: FastifyInstance, token: string, invitationCode: unknown, remoteAddress?: string) =>
  call(app, 'POST', '/api/workspace/join', { token, body: { invitation_code: invitationCode }, ...(remoteAddress ? { remoteAddress } : {}) });
