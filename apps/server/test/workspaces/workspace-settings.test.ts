import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { markEmailVerified, registerUser } from '../factories/users.ts';
import { holdLock } from '../helpers/held-lock.ts';
import { call, createTestApp } from '../helpers/test-app.ts';
import { generateInviteCode, joinWorkspace, workspaceState, workspaceWithMembers } from '../factories/workspaces.ts';

const app = await createTestApp();

const ADMIN_REQUIRED = { error: '管理者権限が必要です' };
const INVALID_CODE = { error: '招待コードが無効です。期限切れか取り消された可能性があります' };
const WEEK_MS = 7 * 24 * 3600_000;

const putSettings = (token: string, body: unknown) => call(app, 'PUT', '/api/workspace/settings', { token, body });

describe('GET /api/workspace/settings', () => {
  it('answers the workspace, its limit and no code before one is generated', async () => {
    const admin = await registerUser(app, { name: '佐藤' });
    const response = await call(app, 'GET', '/api/workspace/settings', { token: admin.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: admin.user.current_workspace.id,
      workspace_name: '佐藤のワークスペース',
      max_members: 5,
      invite_code: null,
      invite_code_expires: null,
    });
  });

  it('shows the live code, and nothing once it has expired', async () => {
    const admin = await registerUser(app);
    const workspaceId = admin.user.current_workspace.id;
    const code = await generateInviteCode(app, admin.token);
    const live = (await call(app, 'GET', '/api/workspace/settings', { token: admin.token })).json();
    expect(live.invite_code).toBe(code);
    expect(Date.parse(live.invite_code_expires) - Date.now()).toBeGreaterThan(WEEK_MS - 60_000);

    await app.db
      .updateTable('invitation_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('workspace_id', '=', workspaceId)
      .execute();
    const expired = (await call(app, 'GET', '/api/workspace/settings', { token: admin.token })).json();
    expect(expired).toMatchObject({ invite_code: null, invite_code_expires: null });
  });
});

describe('PUT /api/workspace/settings', () => {
  it('renames the workspace and sets the limit; /auth/me and /workspace/list show the new name', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 1);
    const code = await generateInviteCode(app, admin.token);
    const response = await putSettings(admin.token, { workspace_name: '  山田工房  ', max_members: 3 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: workspaceId,
      workspace_name: '山田工房',
      max_members: 3,
      invite_code: code,
      invite_code_expires: expect.any(String),
    });
    expect((await call(app, 'GET', '/api/auth/me', { token: admin.token })).json().user.current_workspace).toEqual({
      id: workspaceId,
      workspace_name: '山田工房',
    });
    const list = (await call(app, 'GET', '/api/workspace/list', { token: members[0]!.token })).json();
    expect(list.find((w: { id: number }) => w.id === workspaceId)).toEqual({ id: workspaceId, workspace_name: '山田工房', role: 'member' });
  });

  it('accepts the limits 1 and 5', async () => {
    const admin = await registerUser(app);
    for (const max of [1, 5]) {
      const response = await putSettings(admin.token, { workspace_name: '工房', max_members: max });
      expect(response.statusCode).toBe(200);
      expect(response.json().max_members).toBe(max);
    }
  });

  it('allows a limit below the current members: nobody is removed, joins are refused until there is room', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 2);
    const code = await generateInviteCode(app, admin.token);
    const response = await putSettings(admin.token, { workspace_name: '工房', max_members: 2 });
    expect(response.statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/workspace/stats', { token: admin.token })).json().members).toBe(3);
    for (const member of members) expect((await call(app, 'GET', '/api/parts', { token: member.token })).statusCode).toBe(200);

    const newcomer = await registerUser(app);
    const refused = await joinWorkspace(app, newcomer.token, code);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: '参加先のワークスペースはメンバー数の上限に達しています' });
    expect((await workspaceState(app, workspaceId)).workspace.max_members).toBe(2);
  });

  it('refuses bad input with the exact message and changes nothing', async () => {
    const admin = await registerUser(app, { name: '検証' });
    const workspaceId = admin.user.current_workspace.id;
    const before = await workspaceState(app, workspaceId);
    const cases: Array<[unknown, string]> = [
      [{ workspace_name: '工房', max_members: 6 }, '最大メンバー数は5人以下で設定してください'],
      [{ workspace_name: '工房', max_members: 1_000_000_000_000 }, '最大メンバー数は5人以下で設定してください'],
      [{ workspace_name: '工房', max_members: 0 }, '最大メンバー数は1人以上で設定してください'],
      [{ workspace_name: '工房', max_members: -3 }, '最大メンバー数は1人以上で設定してください'],
      [{ workspace_name: '工房', max_members: 2.5 }, '最大メンバー数は整数で入力してください'],
      [{ workspace_name: '工房', max_members: '3' }, '最大メンバー数は数値で入力してください'],
      [{ workspace_name: '工房', max_members: 'abc' }, '最大メンバー数は数値で入力してください'],
      [{ workspace_name: '工房', max_members: null }, '最大メンバー数は数値で入力してください'],
      [{ workspace_name: '工房' }, '最大メンバー数は数値で入力してください'],
      [{ max_members: 3 }, 'ワークスペース名は必須です'],
      [{ workspace_name: '', max_members: 3 }, 'ワークスペース名は必須です'],
      [{ workspace_name: '   ', max_members: 3 }, 'ワークスペース名は必須です'],
      [{ workspace_name: 42, max_members: 3 }, 'ワークスペース名は必須です'],
      [{ workspace_name: 'あ'.repeat(101), max_members: 3 }, 'ワークスペース名は100文字以内で入力してください'],
      [{ workspace_name: 'x'.repeat(200_000), max_members: 3 }, 'ワークスペース名は100文字以内で入力してください'],
      [{ workspace_name: '工房\u0000', max_members: 3 }, 'ワークスペース名に使用できない制御文字が含まれています'],
    ];
    for (const [body, message] of cases) {
      const response = await putSettings(admin.token, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const japanese = /[ぁ-んァ-ン一-龥]/;
    for (const raw of ['{"workspace_name":', '[1]', 'null', '']) {
      const response = await call(app, 'PUT', '/api/workspace/settings', {
        token: admin.token,
        body: raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, raw).toBe(400);
      expect(response.json().error).toMatch(japanese);
    }
    expect(await workspaceState(app, workspaceId)).toEqual(before);
    // 100 characters exactly are fine.
    expect((await putSettings(admin.token, { workspace_name: 'あ'.repeat(100), max_members: 3 })).statusCode).toBe(200);
  });
});

describe('POST /api/workspace/invite-code', () => {
  it('creates a random, easy-to-type code valid for 7 days that joins the workspace', async () => {
    const admin = await registerUser(app, { name: '招待者' });
    await markEmailVerified(app, admin.token);
    const workspaceId = admin.user.current_workspace.id;
    const response = await call(app, 'POST', '/api/workspace/invite-code', { token: admin.token });
    expect(response.statusCode).toBe(201);
    const { invite_code: code, invite_code_expires: expires } = response.json();
    expect(code).toMatch(/^[ABCDEFGHJKLMNPQRSTUVWXYZ23456789]{12}$/);
    const lifetime = Date.parse(expires) - Date.now();
    expect(lifetime).toBeGreaterThan(WEEK_MS - 60_000);
    expect(lifetime).toBeLessThanOrEqual(WEEK_MS);

    const stored = (await workspaceState(app, workspaceId)).codes;
    expect(stored).toEqual([{ code, expires_at: expires, revoked_at: null }]);
    const creator = await app.db.selectFrom('invitation_codes').select('created_by').where('code', '=', code).executeTakeFirstOrThrow();
    expect(creator.created_by).toBe(admin.user.id);

    const newcomer = await registerUser(app);
    const joined = await joinWorkspace(app, newcomer.token, code);
    expect(joined.statusCode).toBe(200);
    expect(joined.json().workspace).toEqual({ id: workspaceId, workspace_name: '招待者のワークスペース', role: 'member' });
  });

  it('gives a different code each time and keeps only the newest one live', async () => {
    const admin = await registerUser(app);
    const workspaceId = admin.user.current_workspace.id;
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) codes.add(await generateInviteCode(app, admin.token));
    expect(codes.size).toBe(5);
    const newest = [...codes].at(-1)!;

    const stored = (await workspaceState(app, workspaceId)).codes;
    expect(stored.filter((c) => c.revoked_at === null).map((c) => c.code)).toEqual([newest]);
    const newcomer = await registerUser(app);
    for (const old of [...codes].slice(0, -1)) {
      const refused = await joinWorkspace(app, newcomer.token, old);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual(INVALID_CODE);
    }
    expect((await call(app, 'GET', '/api/workspace/settings', { token: admin.token })).json().invite_code).toBe(newest);
  });

  it('two admins generating at the same moment leave exactly one live code', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 1);
    await call(app, 'PUT', `/api/auth/users/${members[0]!.user.id}`, { token: admin.token, body: { role: 'admin' } });
    await markEmailVerified(app, members[0]!.token);
    const held = await holdLock(app, sql`select id from workspaces where id = ${workspaceId} for update`);
    const pending = Promise.all(
      [admin.token, members[0]!.token, admin.token].map((token) => call(app, 'POST', '/api/workspace/invite-code', { token })),
    );
    await held.waitForWaiters(3, pending);
    await held.release();
    const responses = await pending;
    expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const live = (await workspaceState(app, workspaceId)).codes.filter((c) => c.revoked_at === null);
    expect(live).toHaveLength(1);
  });
});

describe('DELETE /api/workspace/invite-code', () => {
  it('revokes the live code; the code stops joining and the settings show none', async () => {
    const admin = await registerUser(app);
    const workspaceId = admin.user.current_workspace.id;
    const code = await generateInviteCode(app, admin.token);
    const response = await call(app, 'DELETE', '/api/workspace/invite-code', { token: admin.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: '招待コードを無効化しました' });
    expect((await workspaceState(app, workspaceId)).codes[0]!.revoked_at).toEqual(expect.any(String));
    expect((await call(app, 'GET', '/api/workspace/settings', { token: admin.token })).json()).toMatchObject({
      invite_code: null,
      invite_code_expires: null,
    });
    const newcomer = await registerUser(app);
    const refused = await joinWorkspace(app, newcomer.token, code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual(INVALID_CODE);
  });

  it('answers the same when no code is live, and never touches another workspace’s code', async () => {
    const admin = await registerUser(app);
    const other = await registerUser(app);
    const otherCode = await generateInviteCode(app, other.token);
    for (let i = 0; i < 2; i++) {
      const response = await call(app, 'DELETE', '/api/workspace/invite-code', { token: admin.token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: '招待コードを無効化しました' });
    }
    expect((await call(app, 'GET', '/api/workspace/settings', { token: other.token })).json().invite_code).toBe(otherCode);
  });
});

describe('admin calls as a member', () => {
  it('answer 403 for each call and change nothing', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 1);
    const code = await generateInviteCode(app, admin.token);
    const before = await workspaceState(app, workspaceId);
    const token = members[0]!.token;
    const attempts = [
      call(app, 'GET', '/api/workspace/settings', { token }),
      putSettings(token, { workspace_name: '乗っ取り', max_members: 1 }),
      call(app, 'POST', '/api/workspace/invite-code', { token }),
      call(app, 'DELETE', '/api/workspace/invite-code', { token }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual(ADMIN_REQUIRED);
    }
    expect(await workspaceState(app, workspaceId)).toEqual(before);
    expect((await call(app, 'GET', '/api/workspace/settings', { token: admin.token })).json().invite_code).toBe(code);
  });

  it('answer 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/workspace/settings'],
      ['PUT', '/api/workspace/settings'],
      ['POST', '/api/workspace/invite-code'],
      ['DELETE', '/api/workspace/invite-code'],
    ] as const) {
      expect((await call(app, method, url)).statusCode).toBe(401);
    }
  });

  it('an admin changes only the workspace of their token', async () => {
    const { members, workspaceId } = await workspaceWithMembers(app, 1);
    const member = members[0]!;
    const list = (await call(app, 'GET', '/api/workspace/list', { token: member.token })).json();
    const personal = list.find((w: { role: string }) => w.role === 'admin');
    const { token } = (await call(app, 'POST', `/api/workspace/switch/${personal.id}`, { token: member.token })).json();
    const before = await workspaceState(app, workspaceId);

    expect((await putSettings(token, { workspace_name: '自分の工房', max_members: 2 })).json().id).toBe(personal.id);
    await generateInviteCode(app, token);
    expect(await workspaceState(app, workspaceId)).toEqual(before);
    expect((await workspaceState(app, personal.id)).workspace).toMatchObject({ name: '自分の工房', max_members: 2 });
  });
});
