import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/create-database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { watchTableChanges } from '../../src/db/table-changes.ts';
import { rememberingSessionCallers } from '../../src/domains/auth/session-callers.ts';
import { createSession, findSessionCallerNow, findSessionCallerUntilNow } from '../../src/domains/auth/sessions-repository.ts';
import { createPrivateDatabase } from '../helpers/private-database-app.ts';
import { call, createTestApp } from '../helpers/test-app.ts';
import { decodeToken, registerUser } from '../factories/users.ts';
import { setMembership, updateMember, workspaceWithMembers } from '../factories/workspaces.ts';

// The per-request session lookup is remembered on SQLite while neither sessions nor memberships
// can have changed (domains/auth/session-callers.ts, db/table-changes.ts). What matters: every
// change is seen by the very next request, whoever makes it and however.
const sqlite = process.env.TEST_DATABASE !== 'postgres';

function claimsOf(token: string) {
  const payload = decodeToken(token);
  return { userId: Number(payload.sub), workspaceId: payload.wid as number, sessionId: payload.sid as string };
}

describe.skipIf(!sqlite)('remembered session callers (SQLite)', async () => {
  // A file, so that another process can write to it.
  const url = await createPrivateDatabase();
  const { db } = createDatabase(url);
  await migrateToLatest(db);
  const now = () => new Date().toISOString();
  const userId = Number((await db.insertInto('users').values({ name: 'u', email: `u-${Date.now()}@example.test`, password_hash: null, google_sub: null, last_login_at: null, created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow()).id);
  const workspaceId = Number((await db.insertInto('workspaces').values({ name: 'w', created_at: now(), updated_at: now() }).returning('id').executeTakeFirstOrThrow()).id);
  await db.insertInto('memberships').values({ user_id: userId, workspace_id: workspaceId, role: 'admin', is_active: 1, created_at: now(), updated_at: now() }).execute();
  const sessionId = await createSession(db, userId, new Date(Date.now() + 3_600_000));
  const claims = { userId, workspaceId, sessionId };

  let lookUps = 0;
  const remembered = rememberingSessionCallers(db, (...args) => {
    lookUps++;
    return findSessionCallerUntilNow(...args);
  });
  /** The answer, and whether the database was asked for it. */
  const ask = (asked = claims) => {
    const before = lookUps;
    const answer = remembered(db, asked);
    return { answer, asked: lookUps > before };
  };
  const admin = { userId, workspaceId, sessionId, role: 'admin' };

  it('answers from memory while nothing changes, and asks again after a write to sessions or memberships', async () => {
    expect(ask()).toEqual({ answer: admin, asked: true });
    expect(ask()).toEqual({ answer: admin, asked: false });
    // A write elsewhere is no reason to ask again; one to memberships or sessions is.
    await db.insertInto('tags').values({ workspace_id: workspaceId, name: 't', color: '#EF4444', created_at: now(), updated_at: now() }).execute();
    expect(ask()).toEqual({ answer: admin, asked: false });
    await db.updateTable('memberships').set({ role: 'member' }).where('user_id', '=', userId).execute();
    expect(ask()).toEqual({ answer: { ...admin, role: 'member' }, asked: true });
    await db.updateTable('memberships').set({ is_active: 0 }).where('user_id', '=', userId).execute();
    expect(ask()).toEqual({ answer: 'not-member', asked: true });
    await db.updateTable('memberships').set({ is_active: 1, role: 'admin' }).where('user_id', '=', userId).execute();
    expect(ask()).toEqual({ answer: admin, asked: true });
    // Another session's birth is a write to sessions too: asked again, same answer.
    await createSession(db, userId, new Date(Date.now() + 3_600_000));
    expect(ask()).toEqual({ answer: admin, asked: true });
  });

  it('never answers for another workspace or user than the one remembered', () => {
    expect(ask().answer).toEqual(admin);
    expect(ask({ ...claims, workspaceId: workspaceId + 1000 })).toEqual({ answer: 'not-member', asked: true });
    expect(ask({ ...claims, userId: userId + 1000 })).toEqual({ answer: 'no-session', asked: true });
  });

  it('sees a commit of another process on the file at the next lookup', () => {
    expect(ask().answer).toEqual(admin);
    const file = url.slice('sqlite:'.length);
    const script = `const S = require('better-sqlite3'); const d = new S(${JSON.stringify(file)}); d.pragma('busy_timeout = 5000');
      d.prepare('update sessions set revoked_at = ? where id = ?').run(new Date().toISOString(), ${JSON.stringify(sessionId)}); d.close();`;
    execFileSync(process.execPath, ['-e', script], { cwd: fileURLToPath(new URL('.', import.meta.url)) });
    expect(ask()).toEqual({ answer: 'no-session', asked: true });
    expect(ask()).toEqual({ answer: 'no-session', asked: false });
  });

  it('lets a session end at its time without any write', async () => {
    const ending = await createSession(db, userId, new Date(Date.now() + 1000));
    const endingClaims = { ...claims, sessionId: ending };
    expect(ask(endingClaims).answer).toEqual({ ...admin, sessionId: ending });
    expect(ask(endingClaims).asked).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 1050));
    expect(ask(endingClaims)).toEqual({ answer: 'no-session', asked: true });
  });

  it('counts rows removed by a cascade', async () => {
    expect(ask().answer).toEqual('no-session');
    const other = await createSession(db, userId, new Date(Date.now() + 3_600_000));
    const otherClaims = { ...claims, sessionId: other };
    expect(ask(otherClaims).answer).toEqual({ ...admin, sessionId: other });
    await db.deleteFrom('users').where('id', '=', userId).execute();
    expect(ask(otherClaims)).toEqual({ answer: 'no-session', asked: true });
  });

  it('goes the asynchronous way while a transaction holds the connection, and refuses to watch then', async () => {
    await db.transaction().execute(async () => {
      expect(remembered(db, claims)).toBeUndefined();
      expect(() => watchTableChanges(db, ['tags'])).toThrow(/held/);
    });
    await db.destroy();
  });
});

describe('signed-in requests after a change, on either database', () => {
  it('see a logout, a deactivation and a role change at once', async () => {
    const app = await createTestApp();
    const shared = await workspaceWithMembers(app, 2);
    const [member] = shared.members;
    // Changing roles needs a verified address.
    await app.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', shared.admin.user.id).execute();
    // A call of the token's workspace (the workspace list needs only the session).
    const stats = (token: string) => call(app, 'GET', '/api/workspace/stats', { token });
    const adminOnly = (token: string) => call(app, 'GET', '/api/auth/users', { token });
    expect((await stats(member!.token)).statusCode).toBe(200);
    expect((await adminOnly(member!.token)).statusCode).toBe(403);

    expect((await updateMember(app, shared.admin.token, member!.user.id, { role: 'admin' })).statusCode).toBe(200);
    expect((await adminOnly(member!.token)).statusCode).toBe(200);
    await setMembership(app, shared.workspaceId, member!.user.id, { is_active: 0 });
    expect((await stats(member!.token)).statusCode).toBe(403);
    await setMembership(app, shared.workspaceId, member!.user.id, { is_active: 1 });
    expect((await stats(member!.token)).statusCode).toBe(200);

    const solo = await registerUser(app);
    expect((await stats(solo.token)).statusCode).toBe(200);
    expect((await call(app, 'POST', '/api/auth/logout', { token: solo.token })).statusCode).toBe(200);
    expect((await stats(solo.token)).statusCode).toBe(401);
  });

  it.skipIf(sqlite)('are never answered from memory on PostgreSQL, where other instances write', async () => {
    const app = await createTestApp();
    expect(watchTableChanges(app.db, ['sessions'])).toBeUndefined();
    expect(rememberingSessionCallers(app.db)).toBe(findSessionCallerNow);
    expect(claimsOf((await registerUser(app)).token).sessionId).toBeTruthy();
  });
});
