import { describe, expect, it } from 'vitest';
import { storeInviteCode, decodeToken, registerUser } from '../factories/users.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

async function memberOfTwoWorkspaces() {
  const owner = await registerUser(app, { name: 'オーナー' });
  const code = await storeInviteCode(app, owner.user.current_workspace.id);
  const member = await registerUser(app, { name: 'メンバー', invitation_code: code });
  const list = (await call(app, 'GET', '/api/workspace/list', { token: member.token })).json();
  const personal = list.find((w: { role: string }) => w.role === 'admin');
  return { owner, member, sharedId: owner.user.current_workspace.id, personalId: personal.id as number };
}

describe('GET /api/workspace/list', () => {
  it('lists the active memberships with their role', async () => {
    const { member, sharedId, personalId } = await memberOfTwoWorkspaces();
    const response = await call(app, 'GET', '/api/workspace/list', { token: member.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { id: personalId, workspace_name: 'メンバーのワークスペース', role: 'admin' },
      { id: sharedId, workspace_name: 'オーナーのワークスペース', role: 'member' },
    ]);
  });

  it('needs a session', async () => {
    expect((await call(app, 'GET', '/api/workspace/list')).statusCode).toBe(401);
  });
});

describe('POST /api/workspace/switch/{id}', () => {
  it('issues a token for the same session pointing at the other workspace', async () => {
    const { member, personalId } = await memberOfTwoWorkspaces();
    const response = await call(app, 'POST', `/api/workspace/switch/${personalId}`, { token: member.token });
    expect(response.statusCode).toBe(200);
    const { token } = response.json();
    expect(decodeToken(token)).toMatchObject({ wid: personalId, sid: decodeToken(member.token).sid });

    const me = (await call(app, 'GET', '/api/auth/me', { token })).json();
    expect(me.user.current_workspace).toEqual({ id: personalId, workspace_name: 'メンバーのワークスペース' });
    expect(me.user.role).toBe('admin');

    // Logging out ends the session for every token issued to it.
    await call(app, 'POST', '/api/auth/logout', { token });
    expect((await call(app, 'GET', '/api/auth/me', { token: member.token })).statusCode).toBe(401);
  });

  it("answers 404 for another user's workspace and for an unknown id, and issues nothing", async () => {
    const alice = await registerUser(app);
    const bob = await registerUser(app);
    for (const id of [bob.user.current_workspace.id, 987654]) {
      const response = await call(app, 'POST', `/api/workspace/switch/${id}`, { token: alice.token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: 'ワークスペースが見つかりません' });
    }
    expect((await call(app, 'GET', '/api/auth/me', { token: alice.token })).json().user.current_workspace.id).toBe(
      alice.user.current_workspace.id,
    );
  });

  it('answers 400 for an id that is not a positive integer', async () => {
    const alice = await registerUser(app);
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      const response = await call(app, 'POST', `/api/workspace/switch/${id}`, { token: alice.token });
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({ error: 'IDが正しくありません' });
    }
  });

  it('a deactivated member gets 403 on that workspace and can still use and switch to the others', async () => {
    const { member, sharedId, personalId } = await memberOfTwoWorkspaces();
    await app.db
      .updateTable('memberships')
      .set({ is_active: 0 })
      .where('workspace_id', '=', sharedId)
      .where('user_id', '=', member.user.id)
      .execute();

    const denied = await call(app, 'GET', '/api/workspace/stats', { token: member.token });
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toEqual({ error: 'このワークスペースへのアクセス権がありません' });

    // The token of the lost workspace still switches to another (same session), not back to it.
    expect((await call(app, 'POST', `/api/workspace/switch/${sharedId}`, { token: member.token })).statusCode).toBe(404);
    const switched = await call(app, 'POST', `/api/workspace/switch/${personalId}`, { token: member.token });
    expect(switched.statusCode).toBe(200);
    expect(decodeToken(switched.json().token)).toMatchObject({ wid: personalId, sid: decodeToken(member.token).sid });
    expect((await call(app, 'GET', '/api/parts', { token: switched.json().token })).statusCode).toBe(200);

    const login = await call(app, 'POST', '/api/auth/login', { body: { email: member.email, password: member.password } });
    const { token } = login.json();
    expect(decodeToken(token).wid).toBe(personalId);
    const list = await call(app, 'GET', '/api/workspace/list', { token });
    expect(list.json()).toEqual([{ id: personalId, workspace_name: 'メンバーのワークスペース', role: 'admin' }]);
    expect((await call(app, 'POST', `/api/workspace/switch/${sharedId}`, { token })).statusCode).toBe(404);
  });

  it('lets a member removed from the workspace of their token list their other workspaces and switch there in the same session', async () => {
    const { owner, member, sharedId, personalId } = await memberOfTwoWorkspaces();
    const removed = await call(app, 'PUT', `/api/auth/users/${member.user.id}`, { token: owner.token, body: { is_active: false } });
    expect(removed.statusCode).toBe(200);

    // What tells the web app apart from an ended session: the session is live, the membership is not.
    const me = await call(app, 'GET', '/api/auth/me', { token: member.token });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toEqual({ error: 'このワークスペースへのアクセス権がありません' });

    const list = await call(app, 'GET', '/api/workspace/list', { token: member.token });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ id: personalId, workspace_name: 'メンバーのワークスペース', role: 'admin' }]);
    expect((await call(app, 'POST', `/api/workspace/switch/${sharedId}`, { token: member.token })).statusCode).toBe(404);
    const switched = await call(app, 'POST', `/api/workspace/switch/${personalId}`, { token: member.token });
    expect(switched.statusCode).toBe(200);
    const { token } = switched.json();
    expect(decodeToken(token)).toMatchObject({ wid: personalId, sid: decodeToken(member.token).sid });
    expect((await call(app, 'GET', '/api/auth/me', { token })).json().user.current_workspace.id).toBe(personalId);

    // The data of the workspace stays closed to the old token.
    expect((await call(app, 'GET', '/api/workspace/stats', { token: member.token })).statusCode).toBe(403);
  });

  it('answers 401 to the list and the switch once the session has ended, also for a removed member', async () => {
    const { owner, member, personalId } = await memberOfTwoWorkspaces();
    await call(app, 'PUT', `/api/auth/users/${member.user.id}`, { token: owner.token, body: { is_active: false } });
    expect((await call(app, 'POST', '/api/auth/logout', { token: member.token })).statusCode).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/workspace/list'],
      ['POST', `/api/workspace/switch/${personalId}`],
    ] as const) {
      const response = await call(app, method, url, { token: member.token });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toEqual({ error: 'セッションが無効です。再度ログインしてください' });
    }
  });
});
