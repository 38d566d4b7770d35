import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { storeInviteCode, decodeToken, registerUser, uniqueEmail } from '../factories/users.ts';
import { holdLock } from '../helpers/held-lock.ts';
import { call, createTestApp } from '../helpers/test-app.ts';
import {
  generateInviteCode,
  joinWorkspace,
  membershipRows,
  setMembership,
  updateMember,
  workspaceWithMembers,
} from '../factories/workspaces.ts';

const app = await createTestApp();

const INVALID_CODE = { error: '招待コードが無効です。期限切れか取り消された可能性があります' };
const WORKSPACE_FULL = { error: '参加先のワークスペースはメンバー数の上限に達しています' };
const ALREADY_MEMBER = { error: '既にこのワークスペースのメンバーです' };
const DEACTIVATED = { error: 'このワークスペースでのアカウントは管理者により無効化されています。再開するには管理者に連絡してください' };

async function memberships(userId: number) {
  return app.db.selectFrom('memberships').select(['workspace_id', 'role', 'is_active']).where('user_id', '=', userId).orderBy('id').execute();
}

describe('POST /api/workspace/join', () => {
  it('joins with a code as a member; the workspace is listed, switchable and the admin sees the newcomer', async () => {
    const admin = await registerUser(app, { name: '工房' });
    const workspaceId = admin.user.current_workspace.id;
    const code = await generateInviteCode(app, admin.token);
    const newcomer = await registerUser(app, { name: '新人' });

    const response = await joinWorkspace(app, newcomer.token, code);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'ワークスペースに参加しました',
      workspace: { id: workspaceId, workspace_name: '工房のワークスペース', role: 'member' },
    });

    // The caller's token still points at their own workspace until they switch.
    expect(decodeToken(newcomer.token).wid).toBe(newcomer.user.current_workspace.id);
    const list = (await call(app, 'GET', '/api/workspace/list', { token: newcomer.token })).json();
    expect(list).toEqual([
      { id: newcomer.user.current_workspace.id, workspace_name: '新人のワークスペース', role: 'admin' },
      { id: workspaceId, workspace_name: '工房のワークスペース', role: 'member' },
    ]);
    const switched = await call(app, 'POST', `/api/workspace/switch/${workspaceId}`, { token: newcomer.token });
    expect(switched.statusCode).toBe(200);
    const me = (await call(app, 'GET', '/api/auth/me', { token: switched.json().token })).json();
    expect(me.user).toMatchObject({ role: 'member', current_workspace: { id: workspaceId } });

    const users = (await call(app, 'GET', '/api/auth/users', { token: admin.token })).json();
    expect(users.map((u: { id: number; role: string; is_active: boolean }) => [u.id, u.role, u.is_active])).toEqual([
      [admin.user.id, 'admin', true],
      [newcomer.user.id, 'member', true],
    ]);
  });

  it('takes the code trimmed and in any letter case', async () => {
    const admin = await registerUser(app);
    const code = await generateInviteCode(app, admin.token);
    const newcomer = await registerUser(app);
    const response = await joinWorkspace(app, newcomer.token, `  ${code.toLowerCase()}\t`);
    expect(response.statusCode).toBe(200);
    expect(response.json().workspace.id).toBe(admin.user.current_workspace.id);
  });

  it('refuses unknown, expired and revoked codes and joins nothing', async () => {
    const admin = await registerUser(app);
    const workspaceId = admin.user.current_workspace.id;
    const newcomer = await registerUser(app);

    const expiring = await generateInviteCode(app, admin.token);
    await app.db
      .updateTable('invitation_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('code', '=', expiring)
      .execute();
    const revoked = await generateInviteCode(app, admin.token);
    expect((await call(app, 'DELETE', '/api/workspace/invite-code', { token: admin.token })).statusCode).toBe(200);
    const replaced = await generateInviteCode(app, admin.token);
    await generateInviteCode(app, admin.token);

    for (const code of ['NOSUCHCODE23', expiring, revoked, replaced, `${revoked}X`]) {
      const response = await joinWorkspace(app, newcomer.token, code);
      expect(response.statusCode, code).toBe(400);
      expect(response.json()).toEqual(INVALID_CODE);
    }
    expect(await memberships(newcomer.user.id)).toEqual([{ workspace_id: newcomer.user.current_workspace.id, role: 'admin', is_active: 1 }]);
    expect((await membershipRows(app, workspaceId)).map((r) => r.user_id)).toEqual([admin.user.id]);
  });

  it('refuses a full workspace', async () => {
    const { admin, workspaceId } = await workspaceWithMembers(app, 1);
    await call(app, 'PUT', '/api/workspace/settings', { token: admin.token, body: { workspace_name: '満員', max_members: 2 } });
    const code = await generateInviteCode(app, admin.token);
    const newcomer = await registerUser(app);
    const response = await joinWorkspace(app, newcomer.token, code);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual(WORKSPACE_FULL);
    expect(await membershipRows(app, workspaceId)).toHaveLength(2);
  });

  it('a deactivated member does not count: their place can be taken', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 1);
    await call(app, 'PUT', '/api/workspace/settings', { token: admin.token, body: { workspace_name: '工房', max_members: 2 } });
    await updateMember(app, admin.token, members[0]!.user.id, { is_active: false });
    const newcomer = await registerUser(app);
    expect((await joinWorkspace(app, newcomer.token, await generateInviteCode(app, admin.token))).statusCode).toBe(200);
    expect((await membershipRows(app, workspaceId)).filter((r) => r.is_active === 1)).toHaveLength(2);
  });

  it('refuses an active member, and a member an admin deactivated (a code does not undo that)', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 2);
    const code = await generateInviteCode(app, admin.token);
    const [active, removed] = [members[0]!, members[1]!];
    await setMembership(app, workspaceId, removed.user.id, { is_active: 0 });
    const before = await membershipRows(app, workspaceId);

    const again = await joinWorkspace(app, active.token, code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(ALREADY_MEMBER);
    // The admin themselves, too.
    expect((await joinWorkspace(app, admin.token, code)).json()).toEqual(ALREADY_MEMBER);

    // The removed member signs in (into their own workspace) and tries the code.
    const login = await call(app, 'POST', '/api/auth/login', { body: { email: removed.email, password: removed.password } });
    const refused = await joinWorkspace(app, login.json().token, code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(DEACTIVATED);
    expect(await membershipRows(app, workspaceId)).toEqual(before);
  });

  it('refuses a blank, missing, too long or non-text code with a Japanese message', async () => {
    const newcomer = await registerUser(app);
    const cases: Array<[unknown, string]> = [
      ['', '招待コードを入力してください'],
      ['   ', '招待コードを入力してください'],
      [undefined, '招待コードを入力してください'],
      [null, '招待コードを入力してください'],
      [12345, '招待コードを入力してください'],
      [['ABC'], '招待コードを入力してください'],
      ['A'.repeat(65), '招待コードが正しくありません'],
      ['A'.repeat(100_000), '招待コードが正しくありません'],
    ];
    for (const [code, message] of cases) {
      const response = await joinWorkspace(app, newcomer.token, code);
      expect(response.statusCode, String(code).slice(0, 20)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const broken = await call(app, 'POST', '/api/workspace/join', {
      token: newcomer.token,
      body: '{"invitation_code":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('リクエストの形式が正しくありません（JSONを読み取れません）');
    expect(await memberships(newcomer.user.id)).toHaveLength(1);
  });

  it('needs a session', async () => {
    expect((await call(app, 'POST', '/api/workspace/join', { body: { invitation_code: 'ABCDEFGHJKLM' } })).statusCode).toBe(401);
  });

  it('N simultaneous joins with room for k: exactly k join', async () => {
    const admin = await registerUser(app);
    const workspaceId = admin.user.current_workspace.id;
    await call(app, 'PUT', '/api/workspace/settings', { token: admin.token, body: { workspace_name: '工房', max_members: 3 } });
    const code = await generateInviteCode(app, admin.token);
    const joiners = [];
    for (let i = 0; i < 5; i++) joiners.push(await registerUser(app));

    const held = await holdLock(app, sql`select id from workspaces where id = ${workspaceId} for update`);
    const pending = Promise.all(joiners.map((joiner) => joinWorkspace(app, joiner.token, code)));
    await held.waitForWaiters(joiners.length, pending);
    await held.release();
    const responses = await pending;

    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409, 409]);
    for (const response of responses.filter((r) => r.statusCode === 409)) expect(response.json()).toEqual(WORKSPACE_FULL);
    expect((await membershipRows(app, workspaceId)).filter((r) => r.is_active === 1)).toHaveLength(3);
  });

  it('one user joining twice at the same moment becomes a member once', async () => {
    const admin = await registerUser(app);
    const code = await generateInviteCode(app, admin.token);
    const newcomer = await registerUser(app);
    const responses = await Promise.all([joinWorkspace(app, newcomer.token, code), joinWorkspace(app, newcomer.token, code)]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual(ALREADY_MEMBER);
    expect(await memberships(newcomer.user.id)).toHaveLength(2);
  });
});

describe('the per-IP limit on joining', () => {
  it('answers 429 with Retry-After once the limit is used up, as for sign-in', async () => {
    const limited = await createTestApp({ authRateLimitPerMinute: 3 });
    const remoteAddress = '10.9.0.1';
    const user = await registerUser(limited);
    for (let i = 0; i < 3; i++) {
      const guess = await joinWorkspace(limited, user.token, `GUESS${i}ABCDEF`, remoteAddress);
      expect(guess.statusCode).toBe(400);
    }
    const refused = await joinWorkspace(limited, user.token, 'GUESS9ABCDEF', remoteAddress);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ error: 'リクエストが多すぎます。しばらくしてから再度お試しください' });
    expect((await joinWorkspace(limited, user.token, 'GUESS9ABCDEF', '10.9.0.2')).statusCode).toBe(400);
  });
});

describe('sign-up with an invitation code (the same join)', () => {
  it('joins the workspace of a code generated by its admin, typed in small letters', async () => {
    const admin = await registerUser(app, { name: '招待元' });
    const workspaceId = admin.user.current_workspace.id;
    const code = await generateInviteCode(app, admin.token);
    const { user, token } = await registerUser(app, { name: '新規', invitation_code: code.toLowerCase() });
    expect(user).toMatchObject({ role: 'member', current_workspace: { id: workspaceId, workspace_name: '招待元のワークスペース' } });
    expect(decodeToken(token).wid).toBe(workspaceId);
    expect(await memberships(user.id)).toEqual([
      { workspace_id: expect.any(Number), role: 'admin', is_active: 1 },
      { workspace_id: workspaceId, role: 'member', is_active: 1 },
    ]);
  });

  it('is refused for a full workspace and a revoked code without creating the user', async () => {
    const { admin } = await workspaceWithMembers(app, 1);
    await call(app, 'PUT', '/api/workspace/settings', { token: admin.token, body: { workspace_name: '満員', max_members: 2 } });
    const full = await generateInviteCode(app, admin.token);
    const other = await registerUser(app);
    const revoked = await storeInviteCode(app, other.user.current_workspace.id, { revoked: true });
    for (const [code, status, error] of [
      [full, 409, WORKSPACE_FULL.error],
      [revoked, 400, INVALID_CODE.error],
    ] as const) {
      const email = uniqueEmail();
      const response = await call(app, 'POST', '/api/auth/register', {
        body: { name: '新規', email, password: 'password123', invitation_code: code },
      });
      expect(response.statusCode).toBe(status);
      expect(response.json()).toEqual({ error });
      expect(await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined();
    }
  });
});
