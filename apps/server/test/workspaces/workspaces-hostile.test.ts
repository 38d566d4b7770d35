import { describe, expect, it } from 'vitest';
import { storeInviteCode, registerUser, uniqueEmail } from '../factories/users.ts';
import { call, createTestApp } from '../helpers/test-app.ts';
import { generateInviteCode, joinWorkspace, membershipRows, updateMember, workspaceWithMembers } from '../factories/workspaces.ts';

// Hostile review of workspaces, members and invitations: bad input of every shape, the walls
// between workspaces, and the rules under simultaneous requests. Each test names what it guards.

const app = await createTestApp();

const NO_ACCESS = { error: 'このワークスペースへのアクセス権がありません' };
const SESSION_ENDED = { error: 'セッションが無効です。再度ログインしてください' };
const INVALID_INVITATION = { error: '招待コードが無効です。期限切れか取り消された可能性があります' };

/** The code as a Japanese keyboard in full-width mode types it: ＡＢＣ２３… */
const fullWidth = (code: string) => code.replace(/[A-Za-z0-9]/g, (char) => String.fromCharCode(char.charCodeAt(0) + 0xfee0));

describe('invitation codes typed in full-width characters', () => {
  it('join like the code itself, on the join call and at sign-up, with full-width spaces around', async () => {
    const { admin, workspaceId } = await workspaceWithMembers(app, 0);
    const code = await generateInviteCode(app, admin.token);
    const joiner = await registerUser(app);
    const joined = await joinWorkspace(app, joiner.token, `\u3000${fullWidth(code.toLowerCase())}\u3000`);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json().workspace.id).toBe(workspaceId);

    const signUp = await call(app, 'POST', '/api/auth/register', {
      body: { name: '全角', email: `fw-${Date.now()}@example.test`, password: 'password123', invitation_code: fullWidth(code) },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    expect(signUp.json().user.current_workspace.id).toBe(workspaceId);
  });
});

describe('invitation codes that cannot be codes', () => {
  it('a code with a NUL or other control character is refused like any unknown code, never a 500', async () => {
    const { admin, workspaceId } = await workspaceWithMembers(app, 0);
    const code = await generateInviteCode(app, admin.token);
    const joiner = await registerUser(app);
    const before = await membershipRows(app, workspaceId);
    for (const attempt of [`${code}\u0000`, '\u0000', `${code.slice(0, 6)}\u0007${code.slice(6)}`, `\u001b[31m${code}`]) {
      const response = await joinWorkspace(app, joiner.token, attempt);
      expect(response.statusCode, JSON.stringify(attempt)).toBe(400);
      expect(response.json()).toEqual(INVALID_INVITATION);
    }
    expect(await membershipRows(app, workspaceId)).toEqual(before);
  });
});

describe('a deactivated member’s token', () => {
  it('is refused on every call of that workspace, but logging out still ends the session (re-activation does not revive it)', async () => {
    const { admin, members } = await workspaceWithMembers(app, 1);
    const member = members[0]!;
    expect((await updateMember(app, admin.token, member.user.id, { is_active: false })).statusCode).toBe(200);

    const refused: Array<[string, string, unknown?]> = [
      ['GET', '/api/auth/me'],
      ['GET', '/api/parts'],
      ['GET', '/api/management-console/announcements/active'],
      ['POST', '/api/workspace/join', { invitation_code: 'ABCDEFGHJKLM' }],
      ['POST', '/api/auth/change-password', { current_password: member.password, new_password: 'another-password' }],
    ];
    for (const [method, url, body] of refused) {
      const response = await call(app, method as 'GET', url, { token: member.token, body });
      expect(response.statusCode, url).toBe(403);
      expect(response.json()).toEqual(NO_ACCESS);
    }

    // Logging out from that workspace must really end the session.
    const logout = await call(app, 'POST', '/api/auth/logout', { token: member.token });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ message: 'ログアウトしました' });
    expect((await updateMember(app, admin.token, member.user.id, { is_active: true })).statusCode).toBe(200);
    const revived = await call(app, 'GET', '/api/auth/me', { token: member.token });
    expect(revived.statusCode).toBe(401);
    expect(revived.json()).toEqual(SESSION_ENDED);
  });

  it('can still log out everywhere: every session of the user ends, those of their other workspaces too', async () => {
    const { admin, members } = await workspaceWithMembers(app, 1);
    const member = members[0]!;
    const elsewhere = (await call(app, 'POST', '/api/auth/login', { body: { email: member.email, password: member.password } })).json();
    expect((await call(app, 'GET', '/api/parts', { token: elsewhere.token })).statusCode).toBe(200);
    await updateMember(app, admin.token, member.user.id, { is_active: false });

    const response = await call(app, 'POST', '/api/auth/logout-all', { token: member.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'すべての端末からログアウトしました' });
    expect((await call(app, 'GET', '/api/parts', { token: elsewhere.token })).json()).toEqual(SESSION_ENDED);
  });

  it('an ended or forged session still answers 401 on logout', async () => {
    const user = await registerUser(app);
    expect((await call(app, 'POST', '/api/auth/logout', { token: user.token })).statusCode).toBe(200);
    for (const url of ['/api/auth/logout', '/api/auth/logout-all']) {
      expect((await call(app, 'POST', url, { token: user.token })).json(), url).toEqual(SESSION_ENDED);
      expect((await call(app, 'POST', url, { token: `${user.token}x` })).statusCode, url).toBe(401);
      expect((await call(app, 'POST', url)).statusCode, url).toBe(401);
    }
  });
});

describe('the personal workspace of a long name', () => {
  it('is named within the 100 characters its settings accept, so the settings can be saved as loaded', async () => {
    for (const name of ['あ'.repeat(100), 'x'.repeat(93), '𠮷'.repeat(50), `${'a'.repeat(91)}𠮷b`]) {
      const user = await registerUser(app, { name });
      const settings = (await call(app, 'GET', '/api/workspace/settings', { token: user.token })).json();
      expect(settings.workspace_name.length, name).toBeLessThanOrEqual(100);
      expect(settings.workspace_name).toMatch(/のワークスペース$/);
      // No half of a surrogate pair is left behind.
      expect(settings.workspace_name).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
      const saved = await call(app, 'PUT', '/api/workspace/settings', {
        token: user.token,
        body: { workspace_name: settings.workspace_name, max_members: 3 },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    // A name that fits is kept whole.
    const short = await registerUser(app, { name: 'x'.repeat(92) });
    expect(short.user.current_workspace.workspace_name).toBe(`${'x'.repeat(92)}のワークスペース`);
  });
});

describe('workspace names', () => {
  it('a name with line breaks or tabs is refused and nothing changes', async () => {
    const { admin, workspaceId } = await workspaceWithMembers(app, 0);
    const before = await app.db.selectFrom('workspaces').selectAll().where('id', '=', workspaceId).executeTakeFirstOrThrow();
    for (const name of ['工房\nA', '工房\r\nA', '工房\tA', '工房\u2028A', '工房\u0085A']) {
      const response = await call(app, 'PUT', '/api/workspace/settings', { token: admin.token, body: { workspace_name: name, max_members: 3 } });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(response.json().error).toBe('ワークスペース名に改行やタブは使用できません');
    }
    expect(await app.db.selectFrom('workspaces').selectAll().where('id', '=', workspaceId).executeTakeFirstOrThrow()).toEqual(before);
  });
});

describe('ids in the path', () => {
  it('only the plain decimal spelling names a member or a workspace: 1e0, 0x…, +n, 0n, n.0, spaces and line feeds answer 400', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 1);
    const member = members[0]!;
    const other = await registerUser(app);
    const otherWorkspace = other.user.current_workspace.id;
    const before = await membershipRows(app, workspaceId);
    const aliases = (id: number) => [`${id}e0`, `0x${id.toString(16)}`, `+${id}`, `0${id}`, `${id}.0`, `%20${id}`, `${id}%20`, `${id}%0A`];

    for (const alias of aliases(member.user.id)) {
      const response = await updateMember(app, admin.token, alias, { role: 'admin' });
      expect(response.statusCode, alias).toBe(400);
      expect(response.json().error).toBe('IDが正しくありません');
    }
    for (const alias of aliases(otherWorkspace)) {
      const response = await call(app, 'POST', `/api/workspace/switch/${alias}`, { token: other.token });
      expect(response.statusCode, alias).toBe(400);
      expect(response.json().error).toBe('IDが正しくありません');
    }
    expect(await membershipRows(app, workspaceId)).toEqual(before);
    // The plain spelling still works.
    expect((await updateMember(app, admin.token, String(member.user.id), { role: 'admin' })).statusCode).toBe(200);
    expect((await call(app, 'POST', `/api/workspace/switch/${otherWorkspace}`, { token: other.token })).statusCode).toBe(200);
  });
});

describe('the member limit under mixed simultaneous requests', () => {
  it('joins, re-activations and sign-ups with the code at one moment: exactly the room is taken', async () => {
    // 1 admin + 2 active + 2 deactivated members; max 5 leaves room for 2 among 2 re-activations,
    // 2 joins of existing users and 2 sign-ups with the code.
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 4);
    for (const member of members.slice(2)) await updateMember(app, admin.token, member.user.id, { is_active: false });
    const code = await storeInviteCode(app, workspaceId);
    const joiners = [await registerUser(app), await registerUser(app)];

    const responses = await Promise.all([
      ...members.slice(2).map((member) => updateMember(app, admin.token, member.user.id, { is_active: true })),
      ...joiners.map((joiner) => joinWorkspace(app, joiner.token, code)),
      ...[1, 2].map(() =>
        call(app, 'POST', '/api/auth/register', { body: { name: '新規', email: uniqueEmail('race'), password: 'password123', invitation_code: code } }),
      ),
    ]);
    const ok = responses.filter((r) => r.statusCode === 200 || r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode === 409);
    expect(ok.length + refused.length, responses.map((r) => r.statusCode).join()).toBe(responses.length);
    expect(ok).toHaveLength(2);
    for (const response of refused) expect(response.json()).toEqual({ error: '参加先のワークスペースはメンバー数の上限に達しています' });
    expect((await membershipRows(app, workspaceId)).filter((row) => row.is_active === 1)).toHaveLength(5);
  });

  it('max_members lowered while joins run: no error, never beyond 5, and once the new limit is in force nobody joins', async () => {
    const { admin, workspaceId } = await workspaceWithMembers(app, 0);
    const code = await generateInviteCode(app, admin.token);
    const joiners = await Promise.all([1, 2, 3, 4].map(() => registerUser(app)));
    const lowered = call(app, 'PUT', '/api/workspace/settings', { token: admin.token, body: { workspace_name: '工房', max_members: 2 } });
    const responses = await Promise.all([...joiners.map((joiner) => joinWorkspace(app, joiner.token, code)), lowered]);
    expect(responses.every((r) => [200, 409].includes(r.statusCode)), responses.map((r) => r.statusCode).join()).toBe(true);
    const active = (await membershipRows(app, workspaceId)).filter((row) => row.is_active === 1).length;
    expect(active).toBeLessThanOrEqual(5);
    // Now the limit of 2 is in force (or exceeded by joins that came first): nobody else gets in.
    const late = await registerUser(app);
    const refused = await joinWorkspace(app, late.token, code);
    expect(refused.statusCode).toBe(409);
    expect((await membershipRows(app, workspaceId)).filter((row) => row.is_active === 1)).toHaveLength(active);
  });
});

describe('the last active admin under simultaneous changes', () => {
  it('an admin deactivating the other admin while stepping down at the same moment: one admin remains', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 1);
    const other = members[0]!;
    await updateMember(app, admin.token, other.user.id, { role: 'admin' });

    for (let round = 0; round < 3; round++) {
      const responses = await Promise.all([
        updateMember(app, admin.token, other.user.id, { is_active: false }),
        updateMember(app, admin.token, admin.user.id, { role: 'member' }),
        updateMember(app, other.token, admin.user.id, { is_active: false }),
        updateMember(app, other.token, other.user.id, { role: 'member' }),
      ]);
      for (const response of responses) expect([200, 403, 409], response.body).toContain(response.statusCode);
      const admins = (await membershipRows(app, workspaceId)).filter((r) => r.role === 'admin' && r.is_active === 1);
      expect(admins).toHaveLength(1);
      // Restore two active admins for the next round, through whoever is left.
      const left = admins[0]!.user_id === admin.user.id ? admin : other;
      for (const user of [admin, other]) await updateMember(app, left.token, user.user.id, { role: 'admin', is_active: true });
    }
  });

  it('generating a code while another admin revokes: at most one live code, and the settings show it', async () => {
    const { admin, members, workspaceId } = await workspaceWithMembers(app, 1);
    const other = members[0]!;
    await updateMember(app, admin.token, other.user.id, { role: 'admin' });
    for (let round = 0; round < 5; round++) {
      const [generated, revoked] = await Promise.all([
        call(app, 'POST', '/api/workspace/invite-code', { token: admin.token }),
        call(app, 'DELETE', '/api/workspace/invite-code', { token: other.token }),
      ]);
      expect([generated.statusCode, revoked.statusCode]).toEqual([201, 200]);
      const live = await app.db
        .selectFrom('invitation_codes')
        .select('code')
        .where('workspace_id', '=', workspaceId)
        .where('revoked_at', 'is', null)
        .execute();
      expect(live.length).toBeLessThanOrEqual(1);
      const settings = (await call(app, 'GET', '/api/workspace/settings', { token: admin.token })).json();
      expect(settings.invite_code).toBe(live[0]?.code ?? null);
    }
  });
});
