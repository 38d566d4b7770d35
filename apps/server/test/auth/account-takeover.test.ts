import { randomUUID } from 'node:crypto';
import type { AuthResponse } from '@inventory/contracts/auth';
import { afterAll, describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail } from '../factories/users.ts';
import { type LocalOidcAccount, startLocalOidcProvider } from '../helpers/local-oidc-provider.ts';
import { startSmtpTestServer, verificationLinkIn } from '../helpers/smtp-test-server.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

// Squatted addresses, as a hostile test found them: anyone can register someone else's address
// and use the account unverified. Neither the console nor the owner's new work may end up with
// the squatter.

const APP_URL = 'https://stock.example.test';
const provider = await startLocalOidcProvider({ redirectUris: [`${APP_URL}/auth/google/callback`] });
afterAll(() => provider.close());
const smtp = await startSmtpTestServer();
afterAll(() => smtp.close());

const SUPER_ADMIN = `boss-${randomUUID().slice(0, 8)}@example.test`;
const GOOGLE_SUPER_ADMIN = `chief-${randomUUID().slice(0, 8)}@example.test`;
const app = await createTestApp({
  smtpUrl: smtp.url,
  appUrl: APP_URL,
  google: { clientId: provider.clientId, clientSecret: provider.clientSecret },
  oidcIssuer: provider.issuer,
  superAdminEmails: [SUPER_ADMIN, GOOGLE_SUPER_ADMIN],
});

const UNVERIFIED = {
  error: 'メールアドレスの認証が完了していないため、この操作はできません。届いた認証メールのリンクを開いてから、もう一度お試しください',
};
const announcement = { title: '全員へのお知らせ', content: '乗っ取り', type: 'info', is_active: true };

async function signInWithGoogle(account: LocalOidcAccount) {
  provider.setAccount(account);
  const { url } = (await call(app, 'GET', '/api/auth/google/url')).json() as { url: string };
  const back = await provider.signIn(url, account.sub);
  const response = await call(app, 'POST', '/api/auth/google/callback', {
    body: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuthResponse;
}

async function lastLinkTo(email: string, path: 'verify-email' | 'reset-password') {
  await app.mailer.whenIdle();
  const mails = smtp.mailsTo(email).filter((mail) => mail.text.includes(`${APP_URL}/${path}?token=`));
  const text = mails[mails.length - 1]!.text;
  return path === 'verify-email' ? verificationLinkIn(text, APP_URL).token : /reset-password\?token=([A-Za-z0-9_-]+)/.exec(text)![1]!;
}

async function resetPassword(email: string, password: string, remoteAddress = '10.3.0.1') {
  expect((await call(app, 'POST', '/api/auth/forgot-password', { body: { email }, remoteAddress })).statusCode).toBe(202);
  const response = await call(app, 'POST', '/api/auth/reset-password', { body: { token: await lastLinkTo(email, 'reset-password'), password } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AuthResponse;
}

const postAnnouncement = (token: string) => call(app, 'POST', '/api/management-console/announcements', { token, body: announcement });
const me = async (token: string) => call(app, 'GET', '/api/auth/me', { token });

describe('a squatter on a listed super-admin address', { timeout: 30_000 }, () => {
  it('never gets the console when the owner clicks a resent verification link; the owner gets it by the reset mail, in new sessions only', async () => {
    // The attacker registers the listed address first and keeps their session open.
    const squatter = await registerUser(app, { name: '先回り', email: SUPER_ADMIN, password: 'squatter-password' });
    // The owner cannot register (409), asks for the mail again and clicks its link.
    expect((await call(app, 'POST', '/api/auth/register', { body: { name: '本人', email: SUPER_ADMIN, password: 'owner-password' } })).statusCode).toBe(409);
    expect((await call(app, 'POST', '/api/auth/send-verification', { body: { email: SUPER_ADMIN }, remoteAddress: '10.3.9.9' })).statusCode).toBe(200);
    expect((await call(app, 'POST', '/api/auth/verify-email', { body: { token: await lastLinkTo(SUPER_ADMIN, 'verify-email') } })).statusCode).toBe(200);

    // The attacker's session, opened before, is not a super admin and cannot post to everyone.
    expect((await me(squatter.token)).json().user).toMatchObject({ email_verified: true, is_super_admin: false });
    expect((await postAnnouncement(squatter.token)).statusCode).toBe(403);
    // Nor is a session the attacker opens after the click, with their password.
    const later = await call(app, 'POST', '/api/auth/login', { body: { email: SUPER_ADMIN, password: 'squatter-password' } });
    expect(later.json().user.is_super_admin).toBe(false);
    expect((await postAnnouncement(later.json().token)).statusCode).toBe(403);

    // The owner sets a password through the reset mail: every older session ends, the new one has the console.
    const owner = await resetPassword(SUPER_ADMIN, 'owner-password');
    expect(owner.user.is_super_admin).toBe(true);
    expect((await postAnnouncement(owner.token)).statusCode).toBe(201);
    expect((await me(squatter.token)).statusCode).toBe(401);
    expect((await me(later.json().token)).statusCode).toBe(401);
    expect((await call(app, 'POST', '/api/auth/login', { body: { email: SUPER_ADMIN, password: 'squatter-password' } })).statusCode).toBe(401);
  });

  it('a Google sign-in proves the address too; a session opened before that proof never has the console', async () => {
    const user = await registerUser(app, { email: GOOGLE_SUPER_ADMIN });
    await app.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', user.user.id).execute();
    const before = (await call(app, 'POST', '/api/auth/login', { body: { email: GOOGLE_SUPER_ADMIN, password: user.password } })).json();
    const google = await signInWithGoogle({ sub: `google-${randomUUID()}`, email: GOOGLE_SUPER_ADMIN, email_verified: true, name: '本人' });
    expect(google.user.is_super_admin).toBe(true);
    expect((await postAnnouncement(google.token)).statusCode).toBe(201);
    // Verified by the link before: the same person's sessions go on, without the console.
    expect((await me(before.token)).json().user.is_super_admin).toBe(false);
    expect((await postAnnouncement(before.token)).statusCode).toBe(403);
    const after = (await call(app, 'POST', '/api/auth/login', { body: { email: GOOGLE_SUPER_ADMIN, password: user.password } })).json();
    expect(after.user.is_super_admin).toBe(true);
  });
});

describe('an account taken over by proof of its address', { timeout: 30_000 }, () => {
  async function squattedWorkspace() {
    const victimEmail = uniqueEmail('victim');
    const squatter = await registerUser(app, { name: '先回り', email: victimEmail, password: 'squatter-password' });
    const accomplice = await registerUser(app, { name: '仲間' });
    // Straight in the database: an unverified account cannot invite (see below).
    const { id } = await app.db
      .insertInto('memberships')
      .values({
        workspace_id: squatter.user.current_workspace.id,
        user_id: accomplice.user.id,
        role: 'admin',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(id).toBeGreaterThan(0);
    return { victimEmail, squatter, accomplice, squattedWorkspaceId: squatter.user.current_workspace.id };
  }

  it('by Google: the owner starts in a fresh workspace the accomplice cannot read, and is shown the old one with its members', async () => {
    const { victimEmail, squatter, accomplice, squattedWorkspaceId } = await squattedWorkspace();
    const ownerAccount = { sub: `google-${randomUUID()}`, email: victimEmail, email_verified: true, name: '本人' };
    const owner = await signInWithGoogle(ownerAccount);
    expect(owner.user.id).toBe(squatter.user.id);
    expect(owner.user.current_workspace.id).not.toBe(squattedWorkspaceId);
    expect(owner.user).toMatchObject({ role: 'admin', current_workspace: { workspace_name: '先回りのワークスペース' } });
    expect((await me(squatter.token)).statusCode).toBe(401);

    // What the owner creates now is out of the accomplice's reach.
    const part = await call(app, 'POST', '/api/parts', { token: owner.token, body: { name: '本人の部品', current_stock: 5 } });
    expect(part.statusCode).toBe(201);
    expect((await call(app, 'GET', '/api/parts', { token: accomplice.token })).body).not.toContain('本人の部品');
    expect((await call(app, 'GET', `/api/parts/${part.json().id}`, { token: accomplice.token })).statusCode).toBe(404);

    // The old workspace is listed with its members and waits for a decision.
    const previous = await call(app, 'GET', '/api/auth/previous-workspaces', { token: owner.token });
    expect(previous.json()).toEqual([
      {
        id: squattedWorkspaceId,
        workspace_name: '先回りのワークスペース',
        role: 'admin',
        members: [{ name: '仲間', email: accomplice.email, role: 'admin', is_active: true, email_verified: false }],
      },
    ]);
    // The next sign-in opens the fresh workspace too.
    const again = await signInWithGoogle(ownerAccount);
    expect(again.user.current_workspace.id).toBe(owner.user.current_workspace.id);

    // Leaving it: the owner is out, the accomplice cannot see the owner any more.
    const left = await call(app, 'DELETE', `/api/auth/previous-workspaces/${squattedWorkspaceId}`, { token: owner.token });
    expect(left.statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/workspace/list', { token: owner.token })).json().map((w: { id: number }) => w.id)).not.toContain(squattedWorkspaceId);
    expect((await call(app, 'GET', '/api/auth/previous-workspaces', { token: owner.token })).json()).toEqual([]);
  });

  it('by a reset of an account never verified: the same fresh start; its second factor and passkeys are gone', async () => {
    const { victimEmail, squatter, squattedWorkspaceId } = await squattedWorkspace();
    await app.db.updateTable('users').set({ totp_secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' }).where('id', '=', squatter.user.id).execute();
    await app.db
      .insertInto('passkeys')
      .values({ user_id: squatter.user.id, credential_id: `cred-${randomUUID()}`, public_key: 'AA', name: '先回りの鍵', created_at: new Date().toISOString(), last_used_at: null })
      .execute();

    const owner = await resetPassword(victimEmail, 'owner-password-1');
    expect(owner.user.current_workspace.id).not.toBe(squattedWorkspaceId);
    expect((await call(app, 'GET', '/api/auth/account', { token: owner.token })).json()).toMatchObject({ totp_enabled: false, email_verified: true });
    expect((await call(app, 'GET', '/api/auth/passkeys', { token: owner.token })).json()).toEqual([]);

    // Keeping it: an ordinary membership again, no longer listed.
    const kept = await call(app, 'POST', `/api/auth/previous-workspaces/${squattedWorkspaceId}/keep`, { token: owner.token });
    expect(kept.statusCode).toBe(200);
    expect((await call(app, 'GET', '/api/auth/previous-workspaces', { token: owner.token })).json()).toEqual([]);
    expect((await call(app, 'GET', '/api/workspace/list', { token: owner.token })).json().map((w: { id: number }) => w.id)).toContain(squattedWorkspaceId);
  });

  it("keeping or leaving another user's workspace, or one not to review, answers 404 and changes nothing", async () => {
    const { victimEmail, squattedWorkspaceId } = await squattedWorkspace();
    const owner = await resetPassword(victimEmail, 'owner-password-2');
    const stranger = await registerUser(app);
    for (const [method, url] of [
      ['POST', `/api/auth/previous-workspaces/${squattedWorkspaceId}/keep`],
      ['DELETE', `/api/auth/previous-workspaces/${squattedWorkspaceId}`],
      ['POST', `/api/auth/previous-workspaces/${stranger.user.current_workspace.id}/keep`],
    ] as const) {
      const response = await call(app, method, url, { token: stranger.token });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: '確認が必要なワークスペースが見つかりません' });
    }
    expect((await call(app, 'DELETE', `/api/auth/previous-workspaces/${owner.user.current_workspace.id}`, { token: owner.token })).statusCode).toBe(404);
    expect((await call(app, 'GET', '/api/auth/previous-workspaces', { token: owner.token })).json()).toHaveLength(1);
  });
});

describe('an unverified account', { timeout: 30_000 }, () => {
  it('cannot generate invitation codes or change roles (403), and can once verified', async () => {
    const admin = await registerUser(app);
    const member = await registerUser(app);
    await app.db
      .insertInto('memberships')
      .values({ workspace_id: admin.user.current_workspace.id, user_id: member.user.id, role: 'member', created_at: new Date().toISOString(), updated_at: new Date().toISOString() })
      .execute();

    const invite = await call(app, 'POST', '/api/workspace/invite-code', { token: admin.token });
    expect(invite.statusCode).toBe(403);
    expect(invite.json()).toEqual(UNVERIFIED);
    const promote = await call(app, 'PUT', `/api/auth/users/${member.user.id}`, { token: admin.token, body: { role: 'admin' } });
    expect(promote.statusCode).toBe(403);
    expect(promote.json()).toEqual(UNVERIFIED);
    expect(await app.db.selectFrom('invitation_codes').select('id').where('workspace_id', '=', admin.user.current_workspace.id).execute()).toEqual([]);
    expect((await call(app, 'GET', '/api/auth/users', { token: admin.token })).json().find((m: { id: number }) => m.id === member.user.id).role).toBe('member');

    await app.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', admin.user.id).execute();
    expect((await call(app, 'POST', '/api/workspace/invite-code', { token: admin.token })).statusCode).toBe(201);
    expect((await call(app, 'PUT', `/api/auth/users/${member.user.id}`, { token: admin.token, body: { role: 'admin' } })).statusCode).toBe(200);
  });
});

describe('verification resends', { timeout: 30_000 }, () => {
  it('a stranger who uses up an address’s resends from their own address leaves the owner theirs', async () => {
    const owner = await registerUser(app);
    const resend = (remoteAddress: string) => call(app, 'POST', '/api/auth/send-verification', { body: { email: owner.email }, remoteAddress });
    expect((await resend('10.4.0.66')).statusCode).toBe(200);
    expect((await resend('10.4.0.66')).statusCode).toBe(429);
    await app.mailer.whenIdle();
    const before = smtp.mailsTo(owner.email).length;
    expect((await resend('10.4.0.1')).statusCode).toBe(200);
    await app.mailer.whenIdle();
    expect(smtp.mailsTo(owner.email).length).toBe(before + 1);
  });
});
