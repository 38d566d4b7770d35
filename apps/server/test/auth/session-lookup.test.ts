import { describe, expect, it } from 'vitest';
import { findSessionCaller, findSessionMember } from '../../src/domains/auth/sessions-repository.ts';
import { storeInviteCode, decodeToken, registerUser } from '../factories/users.ts';
import { call, createTestApp } from '../helpers/test-app.ts';
import { setMembership } from '../factories/workspaces.ts';

// Every signed-in request checks its session with the short lookup (session and membership);
// /auth/me and the account calls use the long one (user and workspace too). Both must decide
// the same way in every state a session and a membership can be in.
const app = await createTestApp();

function claimsOf(token: string) {
  const payload = decodeToken(token);
  return { userId: Number(payload.sub), workspaceId: payload.wid as number, sessionId: payload.sid as string };
}

async function bothLookups(claims: ReturnType<typeof claimsOf>) {
  return { caller: await findSessionCaller(app.db, claims), member: await findSessionMember(app.db, claims) };
}

/** The short lookup's answer that the long one implies. */
function expectedCaller(member: Awaited<ReturnType<typeof findSessionMember>>) {
  if (typeof member === 'string') return member;
  return { userId: member.userId, workspaceId: member.workspaceId, sessionId: member.sessionId, role: member.role };
}

describe('the short session lookup and the long one', () => {
  it('agree for a live member, a member, a deactivated member, another workspace, and ended or unknown sessions', async () => {
    const admin = await registerUser(app, { name: '管理者' });
    const code = await storeInviteCode(app, admin.user.current_workspace.id);
    const member = await registerUser(app, { name: 'メンバー', invitation_code: code });
    const stranger = await registerUser(app);

    const cases: Array<{ title: string; claims: ReturnType<typeof claimsOf>; expected: string | object }> = [];
    const adminClaims = claimsOf(admin.token);
    cases.push({ title: 'admin', claims: adminClaims, expected: { ...adminClaims, role: 'admin' } });
    const memberClaims = claimsOf(member.token);
    cases.push({ title: 'member', claims: memberClaims, expected: { ...memberClaims, role: 'member' } });
    cases.push({ title: 'other workspace', claims: { ...adminClaims, workspaceId: stranger.user.current_workspace.id }, expected: 'not-member' });
    cases.push({ title: 'unknown workspace', claims: { ...adminClaims, workspaceId: 987654321 }, expected: 'not-member' });
    cases.push({ title: 'unknown session', claims: { ...adminClaims, sessionId: 'no-such-session' }, expected: 'no-session' });
    cases.push({ title: 'session of another user', claims: { ...claimsOf(stranger.token), userId: adminClaims.userId }, expected: 'no-session' });
    for (const { title, claims, expected } of cases) {
      const { caller, member: found } = await bothLookups(claims);
      expect(caller, title).toEqual(expected);
      expect(caller, title).toEqual(expectedCaller(found));
    }

    await setMembership(app, admin.user.current_workspace.id, member.user.id, { is_active: 0 });
    expect(await bothLookups(memberClaims)).toEqual({ caller: 'not-member', member: 'not-member' });

    const now = new Date().toISOString();
    await app.db.updateTable('sessions').set({ expires_at: now }).where('id', '=', memberClaims.sessionId).execute();
    expect(await bothLookups(memberClaims)).toEqual({ caller: 'no-session', member: 'no-session' });

    await app.db.updateTable('sessions').set({ revoked_at: now }).where('id', '=', adminClaims.sessionId).execute();
    expect(await bothLookups(adminClaims)).toEqual({ caller: 'no-session', member: 'no-session' });
  });
});

describe('the signed-in hook', () => {
  it('passes a request made while a transaction holds the connection once it ends, first use of a token or not', async () => {
    const owner = await registerUser(app);
    const me = () => call(app, 'GET', '/api/workspace/list', { token: owner.token });
    for (const round of ['first use of the token', 'token known']) {
      const trx = await app.db.startTransaction().execute();
      const pending = me();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await trx.commit().execute();
      const response = await pending;
      expect(response.statusCode, round).toBe(200);
    }
    expect((await call(app, 'GET', '/api/workspace/list', { token: `${owner.token}x` })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/workspace/list')).statusCode).toBe(401);
  });
});
