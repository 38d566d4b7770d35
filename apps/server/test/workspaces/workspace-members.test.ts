import { type KyselyPlugin, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { listWorkspaceMembers } from '../../src/domains/workspaces/memberships-repository.ts';
import { decodeToken, registerUser } from '../factories/users.ts';
import { holdLock } from '../helpers/held-lock.ts';
import { call, createTestApp } from '../helpers/test-app.ts';
import { membershipRows, setMembership, updateMember, workspaceWithMembers as unverifiedWorkspaceWithMembers } from '../factories/workspaces.ts';

const app = await createTestApp();

/** A workspace whose people have verified their addresses: only they may change roles. */
async function workspaceWithMembers(...args: Parameters<typeof unverifiedWorkspaceWithMembers>) {
  const workspace = await unverifiedWorkspaceWithMembers(...args);
  const ids = [workspace.admin, ...workspace.members].map((user) => user.user.id);
  await app.db.updateTable('users').set({ email_verified: 1 }).where('id', 'in', ids).execute();
  return workspace;
}

const ADMIN_REQUIRED = { error: '管理者権限が必要です' };
const NO_ACCESS = { error: 'このワークスペースへのアクセス権がありません' };
const LAST_ADMIN = 'ワークスペースには有効な管理者が1人以上必要です。先に別のメンバーを管理者にしてください';
const WORKSPACE_FULL = '参加先のワークスペースはメンバー数の上限に達しています';
const MEMBER_NOT_FOUND = { error: 'メンバーが見つかりません' };
const INACTIVE_ADMIN = '無効なメンバーは管理者にできません。先に有効化してください';

describe('GET /api/auth/users', () => {
  it('lists the members of the current workspace, active and deactivated, in the order they joined', async () => {
    const { admin, members, workspaceId } = await unverifiedWorkspaceWithMembers(app, 2);
    const [first, second] = members as [(typeof members)[0], (typeof members)[0]];
    await setMembership(app, workspaceId, first.user.id, { is_active: 0 });
    await app.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', second.user.id).execute();
    // Someone of another workspace is never listed.
    await registerUser(app, { name: '部外者' });

    const response = await call(app, 'GET', '/api/auth/users', { token: admin.token });
    expect(response.statusCode).toBe(200);
    const signedIn = expect.any(String);
    expect(response.json()).toEqual([
      {
        id: admin.user.id,
        name: '管理者',
        email: admin.email,
        email_verified: true,
        role: 'admin',
        is_active: true,
        last_login: admin.user.last_login,
      },
      { id: first.user.id, name: 'メンバー1', email: first.email, email_verified: false, role: 'member', is_active: false, last_login: signedIn },
      { id: second.user.id, name: 'メンバー2', email: second.email, email_verified: true, role: 'member', is_active: true, last_login: signedIn },
    ]);
  });

  it('keeps a member in their place when they are promoted', async () => {
    const { admin, members } = await workspaceWithMembers(app, 2);
    await updateMember(app, admin.token, members[1]!.user.id, { role: 'admin' });
    const list = (await call(app, 'GET', '/api/auth/users', { token: admin.token })).json();
    expect(list.map((m: { id: number; role: string }) => [m.id, m.role])).toEqual([
      [admin.user.id, 'admin'],
      [members[0]!.user.id, 'member'],
      [members[1]!.user.id, 'admin'],
    ]);
  });

  it('reads the members in one statement however many there are', async () => {
    for (const count of [1, 4]) {
      const { workspaceId } = await workspaceWithMembers(app, count);
      let executed = 0;
      const counter: KyselyPlugin = {
        transformQuery: ({ node }) => node,
        transformResult: async ({ result }) => {
          executed += 1;
          return result;
        },
      };
      expect(await listWorkspaceMembers(app.db.withPlugin(counter), workspaceId)).toHaveLength(count + 1);
      expect(executed).toBe(1);
    }
  });

  it('answers 403 to a member and 401 without a session', async () => {
    const { members } = await workspaceWithMembers(app, 1);
    const refused = await call(app, 'GET', '/api/auth/users', { token: members[0]!.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(ADMIN_REQUIRED);
    expect((await call(app, 'GET', '/api/auth/users')).statusCode).toBe(401);
  });

  it('lists the workspace of the token: an admin elsewhere who is a member here gets 403 here', async () => {
    const { members } = await workspaceWithMembers(app, 1);
    const member = members[0]!;
    const list = (await call(app, 'GET', '/api/workspace/list', { token: member.token })).json();
    const personal = list.find((w: { role: string }) => w.role === 'admin');
    const { token } = (await call(app, 'POST', `/api/workspace/switch/${personal.id}`, { token: member.token })).json();
    const own = await call(app, 'GET', '/api/auth/users', { token });
    expect(own.statusCode).toBe(200);
    expect(own.json().map((m: { id: number }) => m.id)).toEqual([member.user.id]);
  });
});

describe('PUT /api/auth/users/{id}', () => {
  it('promotes a member to admin and demotes them again, answering the member', async () => {
    const { admin, members } = await workspaceWithMembers(app, 1);
    const member = members[0]!;

    const promoted = await updateMember(app, admin.token, member.user.id, { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toEqual({
      id: member.user.id,
      name: 'メンバー1',
      email: member.email,
      email_verified: true,
      role: 'admin',
      is_active: true,
      last_login: expect.any(String),
    });
    // The member's own token sees the new role at once, and the admin calls open up.
    expect((await call(app, 'GET', '/api/auth/me', { token: member.token })).json().user.role).toBe('admin');
    expect((await call(app, 'GET', '/api/auth/users', { token: member.token })).statusCode).toBe(200);

    const demoted = await updateMember(app, admin.token, member.user.id, { role: 'member' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ id: member.user.id, role: 'member', is_active: true });
    expect((await call(app, 'GET', '/api/auth/users', { token: member.token })).json()).toEqual(ADMIN_REQUIRED);
  });

  it('changes role and state together', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 1);
    const id = members[0]!.user.id;
    await setMembership(app, workspaceId, id, { is_active: 0 });
    const promoted = await updateMember(app, admin.token, id, { role: 'admin', is_active: true });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'admin', is_active: true });
    const removed = await updateMember(app, admin.token, id, { role: 'member', is_active: false });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ role: 'member', is_active: false });
    const rows = await membershipRows(app, workspaceId);
    expect(rows.find((r) => r.user_id === id)).toMatchObject({ role: 'member', is_active: 0 });
  });

  it('refuses to promote a removed member (409) and changes nothing; an admin who was removed keeps the role', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 2);
    const [removed, active] = [members[0]!.user.id, members[1]!.user.id];
    await setMembership(app, workspaceId, removed, { is_active: 0 });
    const before = await membershipRows(app, workspaceId);
    const attempts: Array<[number, object]> = [
      [removed, { role: 'admin' }],
      [removed, { role: 'admin', is_active: false }],
      // Promoting while removing in one change makes an admin nobody can use either.
      [active, { role: 'admin', is_active: false }],
    ];
    for (const [id, body] of attempts) {
      const response = await updateMember(app, admin.token, id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(409);
      expect(response.json()).toEqual({ error: INACTIVE_ADMIN });
    }
    expect(await membershipRows(app, workspaceId)).toEqual(before);

    // An admin removed earlier stays an admin while removed, and may be demoted.
    await setMembership(app, workspaceId, active, { role: 'admin', is_active: 0 });
    const demoted = await updateMember(app, admin.token, active, { role: 'member' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ role: 'member', is_active: false });
  });

  it('a deactivated member loses the workspace at once, existing token too, and keeps their others', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 1);
    const member = members[0]!;
    expect((await call(app, 'GET', '/api/parts', { token: member.token })).statusCode).toBe(200);

    const response = await updateMember(app, admin.token, member.user.id, { is_active: false });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: member.user.id, is_active: false });

    // The token issued before the change is refused on every call of that workspace; only the
    // member's own workspace list stays open to it (where else they can go).
    for (const url of ['/api/parts', '/api/auth/me', '/api/workspace/stats']) {
      const denied = await call(app, 'GET', url, { token: member.token });
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json()).toEqual(NO_ACCESS);
    }
    const others = (await call(app, 'GET', '/api/workspace/list', { token: member.token })).json();
    expect(others.map((w: { id: number }) => w.id)).not.toContain(workspaceId);

    // Signing in again lands in the personal workspace, which works; the shared one is gone.
    const login = await call(app, 'POST', '/api/auth/login', { body: { email: member.email, password: member.password } });
    const { token } = login.json();
    const personalId = decodeToken(token).wid as number;
    expect(personalId).not.toBe(workspaceId);
    expect((await call(app, 'GET', '/api/parts', { token })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/workspace/list', { token })).json()).toEqual([
      { id: personalId, workspace_name: 'メンバー1のワークスペース', role: 'admin' },
    ]);
    const switched = await call(app, 'POST', `/api/workspace/switch/${workspaceId}`, { token });
    expect(switched.statusCode).toBe(404);

    // Re-activated, the same old token works again (the session never ended).
    expect((await updateMember(app, admin.token, member.user.id, { is_active: true })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/parts', { token: member.token })).statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/auth/users', { token: admin.token })).json()[1]).toMatchObject({ is_active: true });
  });

  it('a member gets 403 for every change and nothing changes', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 2);
    const before = await membershipRows(app, workspaceId);
    const attempts: Array<[number, object]> = [
      [admin.user.id, { role: 'member' }],
      [admin.user.id, { is_active: false }],
      [members[1]!.user.id, { role: 'admin' }],
      [members[1]!.user.id, { is_active: false }],
      [members[0]!.user.id, { role: 'admin' }],
    ];
    for (const [id, body] of attempts) {
      const response = await updateMember(app, members[0]!.token, id, body);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(ADMIN_REQUIRED);
    }
    expect(await membershipRows(app, workspaceId)).toEqual(before);
  });

  it('answers 404 for a user of another workspace and for an unknown id, and changes nothing', async () => {
    const { admin, workspaceId } = await workspaceWithMembers(app, 1);
    const stranger = await registerUser(app, { name: '部外者' });
    const strangerWorkspace = stranger.user.current_workspace.id;
    const before = [await membershipRows(app, workspaceId), await membershipRows(app, strangerWorkspace)];

    for (const id of [stranger.user.id, 987654321]) {
      for (const body of [{ role: 'member' }, { is_active: false }, { role: 'admin', is_active: true }]) {
        const response = await updateMember(app, admin.token, id, body);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual(MEMBER_NOT_FOUND);
      }
    }
    expect([await membershipRows(app, workspaceId), await membershipRows(app, strangerWorkspace)]).toEqual(before);
    expect((await call(app, 'GET', '/api/auth/me', { token: stranger.token })).json().user.role).toBe('admin');
  });

  it('a member of two workspaces is changed only in the caller’s', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 1);
    const member = members[0]!;
    await updateMember(app, admin.token, member.user.id, { is_active: false });
    const rows = await app.db.selectFrom('memberships').select(['workspace_id', 'is_active']).where('user_id', '=', member.user.id).execute();
    expect(rows.find((r) => r.workspace_id === workspaceId)?.is_active).toBe(0);
    expect(rows.find((r) => r.workspace_id !== workspaceId)?.is_active).toBe(1);
  });

  it('refuses bad input with a Japanese message and changes nothing', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 1);
    const id = members[0]!.user.id;
    const before = await membershipRows(app, workspaceId);
    const cases: Array<[unknown, string]> = [
      [{}, '変更する項目を指定してください'],
      [{ is_active: 'yes' }, '有効状態の値が正しくありません'],
      [{ is_active: 1 }, '有効状態の値が正しくありません'],
      [{ is_active: null }, '有効状態の値が正しくありません'],
      [{ role: 'owner' }, '役割は管理者またはメンバーを指定してください'],
      [{ role: 'ADMIN' }, '役割は管理者またはメンバーを指定してください'],
      [{ role: 7, is_active: true }, '役割は管理者またはメンバーを指定してください'],
      [{ role: 'x'.repeat(100_000) }, '役割は管理者またはメンバーを指定してください'],
    ];
    for (const [body, message] of cases) {
      const response = await updateMember(app, admin.token, id, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 50)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const japanese = /[ぁ-んァ-ン一-龥]/;
    for (const body of ['[1,2]', '"text"', 'null', '']) {
      const response = await call(app, 'PUT', `/api/auth/users/${id}`, {
        token: admin.token,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, body).toBe(400);
      expect(response.json().error).toMatch(japanese);
    }
    const broken = await call(app, 'PUT', `/api/auth/users/${id}`, {
      token: admin.token,
      body: '{"role":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('リクエストの形式が正しくありません（JSONを読み取れません）');
    for (const badId of ['abc', '-1', '0', '1.5', '99999999999']) {
      const response = await updateMember(app, admin.token, badId, { role: 'admin' });
      expect(response.statusCode, badId).toBe(400);
      expect(response.json().error).toBe('IDが正しくありません');
    }
    expect(await membershipRows(app, workspaceId)).toEqual(before);
  });
});

describe('the last active admin', () => {
  it('cannot demote or deactivate themselves while alone, and nothing changes', async () => {
    const { admin, workspaceId } = await workspaceWithMembers(app, 1);
    const before = await membershipRows(app, workspaceId);
    for (const body of [{ role: 'member' }, { is_active: false }, { role: 'member', is_active: false }]) {
      const response = await updateMember(app, admin.token, admin.user.id, body);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ error: LAST_ADMIN });
    }
    expect(await membershipRows(app, workspaceId)).toEqual(before);
    // A change that keeps them an active admin is allowed (nothing to refuse).
    expect((await updateMember(app, admin.token, admin.user.id, { role: 'admin', is_active: true })).statusCode).toBe(200);
  });

  it('a deactivated admin does not count; with another active admin, an admin may step down', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 2);
    const [first, second] = [members[0]!, members[1]!];
    await setMembership(app, workspaceId, first.user.id, { role: 'admin', is_active: 0 });
    expect((await updateMember(app, admin.token, admin.user.id, { role: 'member' })).json()).toEqual({ error: LAST_ADMIN });

    expect((await updateMember(app, admin.token, second.user.id, { role: 'admin' })).statusCode).toBe(200);
    const stepDown = await updateMember(app, admin.token, admin.user.id, { role: 'member' });
    expect(stepDown.statusCode).toBe(200);
    expect(stepDown.json()).toMatchObject({ id: admin.user.id, role: 'member', is_active: true });
    // The new sole admin is now the last one.
    expect((await updateMember(app, second.token, second.user.id, { is_active: false })).json()).toEqual({ error: LAST_ADMIN });
  });

  it('two admins demoting each other at the same moment: exactly one succeeds, one admin remains', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 1);
    const other = members[0]!;
    await updateMember(app, admin.token, other.user.id, { role: 'admin' });

    // On PostgreSQL both requests are held at the workspace lock until both wait there, so both
    // passed the guard as admins; SQLite runs one transaction at a time.
    const held = await holdLock(app, sql`select id from workspaces where id = ${workspaceId} for update`);
    const pending = Promise.all([
      updateMember(app, admin.token, other.user.id, { role: 'member' }),
      updateMember(app, other.token, admin.user.id, { role: 'member' }),
    ]);
    await held.waitForWaiters(2, pending);
    await held.release();
    const responses = await pending;

    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    // The loser had just stopped being an admin.
    expect(responses.find((r) => r.statusCode === 403)!.json()).toEqual(ADMIN_REQUIRED);
    const admins = (await membershipRows(app, workspaceId)).filter((r) => r.role === 'admin' && r.is_active === 1);
    expect(admins).toHaveLength(1);
  });

  it('two admins stepping down at the same moment: exactly one succeeds', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 1);
    const other = members[0]!;
    await updateMember(app, admin.token, other.user.id, { role: 'admin' });

    const held = await holdLock(app, sql`select id from workspaces where id = ${workspaceId} for update`);
    const pending = Promise.all([
      updateMember(app, admin.token, admin.user.id, { is_active: false }),
      updateMember(app, other.token, other.user.id, { role: 'member' }),
    ]);
    await held.waitForWaiters(2, pending);
    await held.release();
    const responses = await pending;

    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(responses.find((r) => r.statusCode === 409)!.json()).toEqual({ error: LAST_ADMIN });
    const admins = (await membershipRows(app, workspaceId)).filter((r) => r.role === 'admin' && r.is_active === 1);
    expect(admins).toHaveLength(1);
  });
});

describe('re-activating counts against max_members', () => {
  it('is refused while the workspace is full, with the join message, and allowed once there is room', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 2);
    const [first, second] = [members[0]!, members[1]!];
    await updateMember(app, admin.token, second.user.id, { role: 'admin' });
    await updateMember(app, admin.token, second.user.id, { is_active: false });
    await app.db.updateTable('workspaces').set({ max_members: 2 }).where('id', '=', workspaceId).execute();
    const before = await membershipRows(app, workspaceId);

    const refused = await updateMember(app, admin.token, second.user.id, { is_active: true });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: WORKSPACE_FULL });
    expect((await updateMember(app, admin.token, second.user.id, { role: 'member', is_active: true })).statusCode).toBe(409);
    expect(await membershipRows(app, workspaceId)).toEqual(before);
    // A role change that leaves them deactivated needs no room.
    const demoted = await updateMember(app, admin.token, second.user.id, { role: 'member' });
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json()).toMatchObject({ role: 'member', is_active: false });

    await updateMember(app, admin.token, first.user.id, { is_active: false });
    const allowed = await updateMember(app, admin.token, second.user.id, { is_active: true });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ id: second.user.id, is_active: true });
  });

  it('simultaneous re-activations with room for k: exactly k succeed', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 4);
    for (const member of members) await updateMember(app, admin.token, member.user.id, { is_active: false });
    await app.db.updateTable('workspaces').set({ max_members: 3 }).where('id', '=', workspaceId).execute();

    const held = await holdLock(app, sql`select id from workspaces where id = ${workspaceId} for update`);
    const pending = Promise.all(members.map((member) => updateMember(app, admin.token, member.user.id, { is_active: true })));
    await held.waitForWaiters(members.length, pending);
    await held.release();
    const responses = await pending;

    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 200, 409, 409]);
    const active = (await membershipRows(app, workspaceId)).filter((r) => r.is_active === 1);
    expect(active).toHaveLength(3);
  });
});
