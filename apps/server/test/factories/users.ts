import { randomUUID } from 'node:crypto';
import type { AuthResponse, RegisterBody } from '@inventory/contracts/auth';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { generateInviteCode, INVITE_CODE_LIFETIME_MS } from '../../src/domains/workspaces/invitations-service.ts';
import { call } from '../helpers/test-app.ts';

export const uniqueEmail = (prefix = 'user') => `${prefix}-${randomUUID().slice(0, 12)}@example.test`;

export interface RegisteredUser extends AuthResponse {
  email: string;
  password: string;
  /** The workspace of the session: the personal one, or the one of the invitation code signed up with. */
  workspaceId: number;
}

/** The one way tests make a user: signs up through the API (with their personal workspace) and returns the session. */
export async function registerUser(app: FastifyInstance, overrides: Partial<RegisterBody> = {}): Promise<RegisteredUser> {
  const body = { name: '山田太郎', email: uniqueEmail(), password: 'password123', ...overrides };
  const response = await call(app, 'POST', '/api/auth/register', { body });
  expect(response.statusCode, response.body).toBe(201);
  const auth = response.json() as AuthResponse;
  return { ...auth, email: body.email.toLowerCase(), password: body.password, workspaceId: auth.user.current_workspace.id };
}

/** A new user's session in the shape most tests need: token, ids and name. */
export async function signedInWorkspace(app: FastifyInstance) {
  const registered = await registerUser(app);
  return { token: registered.token, userId: registered.user.id, userName: registered.user.name, workspaceId: registered.workspaceId };
}

/** Marks the address of the token's user as verified, as a clicked verification link would: unverified accounts may not invite or change roles. */
export async function markEmailVerified(app: FastifyInstance, token: string): Promise<void> {
  await app.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', Number(decodeToken(token).sub)).execute();
}

/** Stores an invitation code for a workspace straight in the database (expired or revoked ones too). */
export async function storeInviteCode(
  app: FastifyInstance,
  workspaceId: number,
  { expiresInMs = INVITE_CODE_LIFETIME_MS, revoked = false }: { expiresInMs?: number; revoked?: boolean } = {},
) {
  const code = generateInviteCode();
  const now = new Date();
  await app.db
    .insertInto('invitation_codes')
    .values({
      workspace_id: workspaceId,
      code,
      created_by: null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + expiresInMs).toISOString(),
      revoked_at: revoked ? now.toISOString() : null,
    })
    .execute();
  return code;
}

export function decodeToken(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
}
