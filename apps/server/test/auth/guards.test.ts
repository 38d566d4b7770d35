import { describe, expect, it } from 'vitest';
import { storeInviteCode, registerUser, uniqueEmail } from '../factories/users.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

// The route guards on the real app: a small route with each guard, declared as a future admin
// or console route would declare it.
const superAdminEmail = uniqueEmail('root');
const app = await createTestApp({ superAdminEmails: [superAdminEmail] });
await app.register(
  async (scope) => {
    scope.addHook('onRequest', scope.authenticate);
    scope.get('/admin-only', { preHandler: scope.requireWorkspaceAdmin }, async () => ({ ok: true }));
    scope.get('/console-only', { preHandler: scope.requireSuperAdmin }, async () => ({ ok: true }));
  },
  { prefix: '/api/test-guards' },
);

/** Verified, and for a listed address proven (as a reset or Google sign-in records it) before any session of the test. */
async function markVerified(userId: number) {
  await app.db.updateTable('users').set({ email_verified: 1, super_admin_proven_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', userId).execute();
}

async function workspaceWithMember() {
  const admin = await registerUser(app, { name: '管理者' });
  const code = await storeInviteCode(app, admin.user.current_workspace.id);
  const member = await registerUser(app, { name: 'メンバー', invitation_code: code });
  return { admin, member, workspaceId: admin.user.current_workspace.id };
}

describe('requireWorkspaceAdmin', () => {
  it('lets an admin of the token workspace through and refuses a member with 403 in Japanese', async () => {
    const { admin, member } = await workspaceWithMember();
    const allowed = await call(app, 'GET', '/api/test-guards/admin-only', { token: admin.token });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toEqual({ ok: true });

    const refused = await call(app, 'GET', '/api/test-guards/admin-only', { token: member.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: '管理者権限が必要です' });
  });

  it('refuses a deactivated admin and answers 401 without a token', async () => {
    const { member, workspaceId } = await workspaceWithMember();
    await app.db
      .updateTable('memberships')
      .set({ role: 'admin', is_active: 0 })
      .where('user_id', '=', member.user.id)
      .where('workspace_id', '=', workspaceId)
      .execute();
    const refused = await call(app, 'GET', '/api/test-guards/admin-only', { token: member.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'このワークスペースへのアクセス権がありません' });

    expect((await call(app, 'GET', '/api/test-guards/admin-only')).statusCode).toBe(401);
  });
});

describe('requireSuperAdmin', () => {
  it('needs the listed e-mail and a proven address; /auth/me agrees', async () => {
    const listed = await registerUser(app, { email: superAdminEmail });
    const unverified = await call(app, 'GET', '/api/test-guards/console-only', { token: listed.token });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toEqual({ error: 'アクセス権限がありません' });
    expect((await call(app, 'GET', '/api/auth/me', { token: listed.token })).json().user.is_super_admin).toBe(false);

    await markVerified(listed.user.id);
    const allowed = await call(app, 'GET', '/api/test-guards/console-only', { token: listed.token });
    expect(allowed.statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/auth/me', { token: listed.token })).json().user.is_super_admin).toBe(true);
  });

  it('refuses a verified workspace admin whose e-mail is not listed', async () => {
    const admin = await registerUser(app);
    await markVerified(admin.user.id);
    const refused = await call(app, 'GET', '/api/test-guards/console-only', { token: admin.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: 'アクセス権限がありません' });
  });
});
