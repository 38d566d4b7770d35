import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AppShell, LoginPage, RegisterPage } from './pages/auth-pages.ts';
import { PartsPage } from './pages/parts-page.ts';
import { SeedApi } from './pages/seed-api.ts';
import { markToastsSeen, toast, WorkspaceMenus, WorkspaceSettingsPage } from './pages/workspace-page.ts';
import { ApiSession } from './support/api-session.ts';
import { SCREENSHOT_DIR, saveScreenshot, uniqueEmail, useBrowser } from './support/browser.ts';
import { verificationLink, waitForMails } from './support/mail-and-identity.ts';

const browser = useBrowser();
const PASSWORD = 'password123';

// The server's texts (apps/server/src/domains/workspaces/invitations-service.ts).
const JOINED = 'ワークスペースに参加しました';
const INVALID_CODE = '招待コードが無効です。期限切れか取り消された可能性があります';
const WORKSPACE_FULL = '参加先のワークスペースはメンバー数の上限に達しています';
const SESSION_EXPIRED = 'セッションが期限切れです。再度ログインしてください。';

interface Person {
  page: Page;
  name: string;
  email: string;
  workspace: string;
}

/** Signs up; `verified` also opens the link of the verification mail (inviting and changing roles need it). */
async function signUp(page: Page, name: string, { verified = false }: { verified?: boolean } = {}): Promise<Person> {
  const email = uniqueEmail('ws');
  const registerPage = new RegisterPage(page);
  await registerPage.open();
  await registerPage.signUp({ name, email, password: PASSWORD });
  await page.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
  if (verified) {
    const [mail] = await waitForMails(email, 1);
    await page.goto(verificationLink(mail!));
    await page.getByRole('status').filter({ hasText: 'メール認証が完了しました' }).waitFor();
    await page.goto('/');
    await page.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
  }
  return { page, name, email, workspace: `${name}のワークスペース` };
}

/** A joins with the code through the API (the browser stays in its own workspace). */
async function joinByApi(person: Person, code: string) {
  const api = await ApiSession.of(person.page);
  return api.post<{ message: string }>('/workspace/join', { invitation_code: code });
}

async function generateCodeByApi(person: Person) {
  const api = await ApiSession.of(person.page);
  return (await api.post<{ invite_code: string }>('/workspace/invite-code', {})).invite_code;
}

/**
 * What the window shows, for open menus: a full-page capture resizes the viewport, and Headless UI
 * closes a menu on resize.
 */
async function saveViewportScreenshot(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** A full-page capture from the top (scrolled, the sticky bar would be drawn in the middle). */
async function saveTopScreenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

/** Follows the top navigation (a client-side route change). */
async function navigate(page: Page, label: '部品管理' | '発注管理' | 'ダッシュボード') {
  await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: label }).click();
  await page.getByRole('heading', { name: label, level: 1 }).waitFor();
}

async function partNames(page: Page) {
  const parts = new PartsPage(page);
  await parts.waitForList();
  return parts.shownNames();
}

describe('ワークスペース設定 and joining with an invitation code', () => {
  it('an admin sets the workspace up and invites a member who joins; the limit refuses a third user', { timeout: 120_000 }, async () => {
    const a = await signUp(await browser.newPage(), '山田太郎', { verified: true });
    await a.page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: browser.baseUrl });
    const seedA = await SeedApi.of(a.page);
    await seedA.createPart({ name: '山田の木材', current_stock: 2, min_stock_alert: 5 });
    await seedA.createPart({ name: '山田のネジ', current_stock: 100, min_stock_alert: 10 });
    await seedA.createProduct({ name: '山田の棚' });

    // The admin's user menu: the settings link, no note.
    const menusA = new WorkspaceMenus(a.page);
    expect(await menusA.userSummary()).toEqual({ workspace: a.workspace, role: '管理者' });
    await a.page.getByRole('menuitem', { name: 'ワークスペース設定', exact: true }).waitFor();
    expect(await a.page.getByText('管理者権限が必要です', { exact: false }).count()).toBe(0);
    await saveViewportScreenshot(a.page, 'workspace-user-menu-admin-desktop');
    await menusA.closeUserMenu();

    const settings = new WorkspaceSettingsPage(a.page);
    await settings.openFromUserMenu();
    expect(a.page.url()).toBe(`${browser.baseUrl}/workspace`);
    await expect.poll(() => settings.overviewCards()).toEqual({ メンバー数: '1 / 5', 部品数: '2 / 20,000', 商品数: '1 / 2,000', 在庫不足の部品: '1' });
    expect(await settings.overviewNote('メンバー数')).toBeNull();
    expect(await settings.nameField().inputValue()).toBe(a.workspace);
    expect(await settings.maxMembersField().inputValue()).toBe('5');
    expect(await settings.memberRows()).toEqual([[`${a.name}（あなた）`, a.email, '認証済み', '管理者', 'アクティブ']]);
    await a.page.getByText('有効な招待コードはありません。').waitFor();
    await saveTopScreenshot(a.page, 'workspace-settings-new-desktop');

    // Rename: the toast, and the user menu shows the new name.
    await settings.nameField().fill('山田工房');
    await settings.save();
    await toast(a.page, '設定を保存しました').waitFor();
    expect(await menusA.userSummary()).toEqual({ workspace: '山田工房', role: '管理者' });
    await menusA.closeUserMenu();

    // The member limit: above 5 goes back to 5, below 1 to 1, each with its message.
    await settings.maxMembersField().fill('6');
    expect(await settings.maxMembersField().inputValue()).toBe('5');
    expect(await settings.limitMessage().textContent()).toBe('最大メンバー数は5人以下で設定してください');
    await saveTopScreenshot(a.page, 'workspace-settings-limit-message-desktop');
    await settings.maxMembersField().fill('0');
    expect(await settings.maxMembersField().inputValue()).toBe('1');
    expect(await settings.limitMessage().textContent()).toBe('最大メンバー数は1人以上で設定してください');
    await settings.maxMembersField().fill('2');
    expect(await settings.limitMessage().count()).toBe(0);
    await settings.save();
    await toast(a.page, '設定を保存しました').waitFor();
    await expect.poll(() => settings.overviewCards()).toMatchObject({ メンバー数: '1 / 2' });

    // The invitation code: generated (toast), copied (toast, and it is on the clipboard), read from the screen.
    const code = await settings.generateInviteCode();
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    await a.page.getByText(/^有効期限: \d{4}年\d{1,2}月\d{1,2}日 \d{1,2}:\d{2}$/).waitFor();
    await settings.copyInviteCode();
    await toast(a.page, '招待コードをコピーしました').waitFor();
    expect(await a.page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await saveTopScreenshot(a.page, 'workspace-settings-code-desktop');

    // B: a second user in a second browser joins with the code typed with spaces around it.
    const b = await signUp(await browser.newPage(), '佐藤花子');
    const menusB = new WorkspaceMenus(b.page);
    const join = await menusB.openJoinDialog();
    await join.getByText('ワークスペースの管理者から受け取った招待コードを入力してください。').waitFor();
    await saveViewportScreenshot(b.page, 'workspace-join-empty-desktop');
    await join.getByRole('button', { name: '参加する' }).click();
    await join.getByText('招待コードを入力してください', { exact: true }).waitFor();
    await menusB.submitCode('  NOTACODE234  ');
    expect(await menusB.joinError().textContent()).toBe(INVALID_CODE);
    await saveViewportScreenshot(b.page, 'workspace-join-error-desktop');

    await menusB.submitCode(`  ${code}  `);
    await menusB.joinSuccess().waitFor();
    const joinedAt = Date.now();
    expect(await menusB.joinSuccess().textContent()).toBe(JOINED);
    expect(await menusB.joinError().count()).toBe(0);
    expect(await join.getByLabel('招待コード').isDisabled()).toBe(true);
    await saveViewportScreenshot(b.page, 'workspace-join-success-desktop');
    // It closes by itself after 2 s and B is switched to 山田工房 as a member.
    await join.waitFor({ state: 'detached' });
    const closedAfter = Date.now() - joinedAt;
    expect(closedAfter).toBeGreaterThanOrEqual(1_500);
    expect(closedAfter).toBeLessThan(4_000);
    await toast(b.page, '「山田工房」に切り替えました').waitFor();
    await expect.poll(() => menusB.userSummary().finally(() => menusB.closeUserMenu())).toEqual({ workspace: '山田工房', role: 'メンバー' });

    // As a member, B sees A's parts, the note instead of the settings link, and /workspace sends B to /.
    await navigate(b.page, '部品管理');
    expect(await partNames(b.page)).toEqual(expect.arrayContaining(['山田の木材', '山田のネジ']));
    await new AppShell(b.page).openUserMenu();
    const note = b.page.getByRole('menuitem', { name: 'ワークスペース設定（管理者権限が必要です）' });
    expect(await note.isDisabled()).toBe(true);
    expect(await b.page.getByRole('menuitem', { name: 'ワークスペース設定', exact: true }).count()).toBe(0);
    await saveViewportScreenshot(b.page, 'workspace-user-menu-member-desktop');
    await menusB.closeUserMenu();
    await b.page.goto('/workspace');
    await b.page.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
    expect(new URL(b.page.url()).pathname).toBe('/');

    // 2 / 2: A's overview says the limit is reached, and a third user is refused in the dialog.
    await settings.open();
    await expect.poll(() => settings.overviewCards()).toMatchObject({ メンバー数: '2 / 2' });
    expect(await settings.overviewNote('メンバー数')).toBe('上限に達しています');
    await a.page.getByText('メンバー数が上限に達しているため、今は招待コードで参加できません。').waitFor();
    expect(await settings.memberRows()).toEqual([
      [`${a.name}（あなた）`, a.email, '認証済み', '管理者', 'アクティブ'],
      [b.name, b.email, '未認証', 'メンバー', 'アクティブ'],
    ]);
    await saveTopScreenshot(a.page, 'workspace-settings-full-desktop');

    const c = await signUp(await browser.newPage(), '鈴木一郎');
    const menusC = new WorkspaceMenus(c.page);
    const joinC = await menusC.openJoinDialog();
    // While the request is pending (held here), 参加中... and neither Escape nor the backdrop closes the dialog.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await c.page.route('**/api/workspace/join', async (route) => {
      await held;
      await route.continue();
    });
    await menusC.submitCode(code);
    const pending = joinC.getByRole('button', { name: '参加中...' });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    expect(await joinC.getByRole('button', { name: 'キャンセル' }).isDisabled()).toBe(true);
    await c.page.keyboard.press('Escape');
    await c.page.mouse.click(10, 400);
    release();
    expect(await menusC.joinError().textContent()).toBe(WORKSPACE_FULL);
    expect(await joinC.getByRole('heading', { name: 'ワークスペースに参加' }).isVisible()).toBe(true);
    await c.page.unroute('**/api/workspace/join');
    // Not pending, a click on the backdrop closes it; C stays in their own workspace.
    await c.page.mouse.click(10, 400);
    await joinC.waitFor({ state: 'detached' });
    expect(await menusC.userSummary()).toEqual({ workspace: c.workspace, role: '管理者' });
    await menusC.closeUserMenu();

    // A revokes the code: C's next try is told the code is invalid.
    await settings.revokeInviteCode();
    await toast(a.page, '招待コードを無効化しました').waitFor();
    await a.page.getByText('有効な招待コードはありません。').waitFor();
    await menusC.openJoinDialog();
    await menusC.submitCode(code);
    expect(await menusC.joinError().textContent()).toBe(INVALID_CODE);
    // Escape closes the dialog (nothing pending).
    await c.page.keyboard.press('Escape');
    await menusC.joinDialog().waitFor({ state: 'detached' });
  });
});

describe('members of a workspace', () => {
  it('an admin promotes, demotes, removes and re-activates a member; the removed member loses that workspace at once', { timeout: 120_000 }, async () => {
    const a = await signUp(await browser.newPage(), '高橋次郎', { verified: true });
    const seedA = await SeedApi.of(a.page);
    await seedA.createPart({ name: '高橋の部品' });
    const b = await signUp(await browser.newPage(), '伊藤三郎');
    const seedB = await SeedApi.of(b.page);
    await seedB.createPart({ name: '伊藤の部品' });
    await joinByApi(b, await generateCodeByApi(a));

    // B switches to A's workspace in the switcher and sees each workspace's own data.
    const menusB = new WorkspaceMenus(b.page);
    await navigate(b.page, '部品管理');
    expect(await partNames(b.page)).toEqual(['伊藤の部品']);
    await menusB.openSwitcher();
    expect(await menusB.switcherRows()).toEqual([
      [b.workspace, '管理者', '現在'],
      [a.workspace, 'メンバー', ''],
    ]);
    await saveViewportScreenshot(b.page, 'workspace-switcher-desktop');
    await menusB.switchTo(a.workspace);
    expect(await partNames(b.page)).toEqual(['高橋の部品']);
    expect(await menusB.userSummary()).toEqual({ workspace: a.workspace, role: 'メンバー' });
    await menusB.closeUserMenu();
    await menusB.openSwitcher();
    await menusB.switchTo(b.workspace);
    expect(await partNames(b.page)).toEqual(['伊藤の部品']);
    await menusB.openSwitcher();
    await menusB.switchTo(a.workspace);
    expect(await partNames(b.page)).toEqual(['高橋の部品']);

    // A's member table: a menu on B's row, none on A's own.
    const settings = new WorkspaceSettingsPage(a.page);
    await settings.openFromUserMenu();
    await settings.memberRow(b.name).waitFor();
    await settings.actionsMenuButton(b.name).waitFor();
    expect(await settings.actionsMenuButton(a.name).count()).toBe(0);
    expect(await settings.memberRow(a.name).getByRole('button').count()).toBe(0);

    // Promote (at once), then demote (asked first).
    await settings.actionsMenuButton(b.name).click();
    expect(await a.page.getByRole('menuitem').allTextContents()).toEqual(['メンバーから削除', '管理者に昇格']);
    await saveViewportScreenshot(a.page, 'workspace-member-actions-desktop');
    await a.page.getByRole('menuitem', { name: '管理者に昇格' }).click();
    await toast(a.page, `「${b.name}」を管理者に変更しました`).waitFor();
    await expect.poll(async () => (await settings.memberRows())[1]?.[3]).toBe('管理者');
    await settings.chooseMemberAction(b.name, 'メンバーに降格');
    const demote = await settings.waitForDialog('メンバーに降格');
    await demote.getByText(`「${b.name}」を管理者からメンバーに変更しますか？`, { exact: false }).waitFor();
    await demote.getByRole('button', { name: '降格する' }).click();
    await toast(a.page, `「${b.name}」をメンバーに変更しました`).waitFor();
    await expect.poll(async () => (await settings.memberRows())[1]?.[3]).toBe('メンバー');

    // Remove B (無効). B, still on A's parts, goes to another screen: its call answers 403, and B
    // moves to their own workspace, told why, still signed in (no session-expired message).
    await settings.chooseMemberAction(b.name, 'メンバーから削除');
    const remove = await settings.waitForDialog('メンバーから削除');
    await saveViewportScreenshot(a.page, 'workspace-member-remove-desktop');
    await remove.getByRole('button', { name: '削除する' }).click();
    await toast(a.page, `「${b.name}」をメンバーから削除しました`).waitFor();
    await expect.poll(async () => (await settings.memberRows())[1]?.slice(3)).toEqual(['メンバー', '無効']);
    await expect.poll(() => settings.overviewCards()).toMatchObject({ メンバー数: '1 / 5' });
    // A removed member is not offered a promotion, only to be activated again.
    await settings.actionsMenuButton(b.name).click();
    expect(await a.page.getByRole('menuitem').allTextContents()).toEqual(['有効化']);
    await a.page.keyboard.press('Escape');

    await markToastsSeen(b.page);
    await b.page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: '発注管理' }).click();
    await toast(b.page, `「${a.workspace}」のメンバーから削除されたため、「${b.workspace}」に切り替えました`).waitFor();
    await saveViewportScreenshot(b.page, 'workspace-removed-member-moved-desktop');
    expect(new URL(b.page.url()).pathname).toBe('/orders');
    expect(await b.page.getByText(SESSION_EXPIRED).count()).toBe(0);
    expect(await menusB.userSummary()).toEqual({ workspace: b.workspace, role: '管理者' });
    await menusB.closeUserMenu();
    // A's parts are nowhere, and A's workspace is not in the switcher.
    await navigate(b.page, '部品管理');
    expect(await partNames(b.page)).toEqual(['伊藤の部品']);
    await menusB.openSwitcher();
    expect(await menusB.switcherRows()).toEqual([[b.workspace, '管理者', '現在']]);
    await b.page.keyboard.press('Escape');

    // B signs in again: their own workspace (the one used last).
    await new AppShell(b.page).logout();
    await b.page.waitForURL('**/login');
    await new LoginPage(b.page).signIn(b.email, PASSWORD);
    await b.page.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
    expect(await menusB.userSummary()).toEqual({ workspace: b.workspace, role: '管理者' });
    await menusB.closeUserMenu();

    // A re-activates B: A's workspace is back in B's switcher.
    await settings.chooseMemberAction(b.name, '有効化');
    await toast(a.page, `「${b.name}」を有効化しました`).waitFor();
    await expect.poll(async () => (await settings.memberRows())[1]?.slice(3)).toEqual(['メンバー', 'アクティブ']);
    await menusB.openSwitcher();
    expect(await menusB.switcherRows()).toEqual([
      [b.workspace, '管理者', '現在'],
      [a.workspace, 'メンバー', ''],
    ]);
  });
});

describe('a role or a membership that changes while the member works', () => {
  it('a member invited to a shop signs in to it next time; a promotion or demotion shows on focus or after a refused click, not as an expired session', { timeout: 120_000 }, async () => {
    const a = await signUp(await browser.newPage(), '松本店長', { verified: true });
    const b = await signUp(await browser.newPage(), '井上店員');
    await joinByApi(b, await generateCodeByApi(a));
    const menusB = new WorkspaceMenus(b.page);
    const settingsA = new WorkspaceSettingsPage(a.page);
    const settingsB = new WorkspaceSettingsPage(b.page);
    const signInAgain = async () => {
      await new AppShell(b.page).logout();
      await b.page.waitForURL('**/login');
      await new LoginPage(b.page).signIn(b.email, PASSWORD);
      await b.page.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
    };
    /** The window regains focus (the person comes back from another window). */
    const focusWindow = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event('focus')));

    // B switches to the shop and logs out: the next sign-in opens the shop, not B's empty workspace.
    await menusB.openSwitcher();
    await menusB.switchTo(a.workspace);
    await signInAgain();
    expect(await menusB.userSummary()).toEqual({ workspace: a.workspace, role: 'メンバー' });
    await menusB.closeUserMenu();
    await signInAgain();
    expect(await menusB.userSummary()).toEqual({ workspace: a.workspace, role: 'メンバー' });
    await menusB.closeUserMenu();

    // A promotes B. B's window regains focus: B is told, and the settings link is there.
    await settingsA.open();
    await settingsA.chooseMemberAction(b.name, '管理者に昇格');
    await toast(a.page, `「${b.name}」を管理者に変更しました`).waitFor();
    await markToastsSeen(b.page);
    await focusWindow(b.page);
    await toast(b.page, `「${a.workspace}」での役割が管理者に変更されました`).waitFor();
    await saveViewportScreenshot(b.page, 'workspace-role-changed-on-focus-desktop');
    expect(await menusB.userSummary()).toEqual({ workspace: a.workspace, role: '管理者' });
    await b.page.getByRole('menuitem', { name: 'ワークスペース設定', exact: true }).click();
    await settingsB.heading().waitFor();

    // A demotes B while B has the settings open. B's window regains focus: the admin screen goes
    // before anything on it is clicked.
    await settingsA.chooseMemberAction(b.name, 'メンバーに降格');
    const demote = await settingsA.waitForDialog('メンバーに降格');
    await demote.getByRole('button', { name: '降格する' }).click();
    await toast(a.page, `「${b.name}」をメンバーに変更しました`).waitFor();
    await markToastsSeen(b.page);
    await focusWindow(b.page);
    await toast(b.page, `「${a.workspace}」での役割がメンバーに変更されました`).waitFor();
    await b.page.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
    expect(await settingsB.heading().count()).toBe(0);

    // Once more, and this time B clicks 生成する before anything told the page: after the 403 B is
    // told the new role and stays signed in in the shop as a member, on the dashboard. (The
    // screen's own 管理者権限が必要です toast may or may not come before the screen goes.)
    await settingsA.chooseMemberAction(b.name, '管理者に昇格');
    await toast(a.page, `「${b.name}」を管理者に変更しました`).waitFor();
    await focusWindow(b.page);
    await expect.poll(() => menusB.userSummary().finally(() => menusB.closeUserMenu())).toEqual({ workspace: a.workspace, role: '管理者' });
    await settingsB.open();
    await settingsB.inviteCode().waitFor();
    await settingsA.chooseMemberAction(b.name, 'メンバーに降格');
    await (await settingsA.waitForDialog('メンバーに降格')).getByRole('button', { name: '降格する' }).click();
    await toast(a.page, `「${b.name}」をメンバーに変更しました`).waitFor();
    await markToastsSeen(b.page);
    await b.page.getByRole('button', { name: '新しいコードを生成' }).click();
    await (await settingsB.waitForDialog('招待コードの再生成')).getByRole('button', { name: '生成する' }).click();
    await toast(b.page, `「${a.workspace}」での役割がメンバーに変更されました`).waitFor();
    await b.page.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
    await saveViewportScreenshot(b.page, 'workspace-demoted-admin-refused-desktop');
    expect(new URL(b.page.url()).pathname).toBe('/');
    expect(await b.page.getByText(SESSION_EXPIRED).count()).toBe(0);
    expect(await b.page.evaluate(() => localStorage.getItem('auth_token'))).not.toBeNull();
    expect(await menusB.userSummary()).toEqual({ workspace: a.workspace, role: 'メンバー' });
    await menusB.closeUserMenu();

    // Removed from the shop while away: back on the window, B is moved to their own workspace.
    await settingsA.chooseMemberAction(b.name, 'メンバーから削除');
    await (await settingsA.waitForDialog('メンバーから削除')).getByRole('button', { name: '削除する' }).click();
    await toast(a.page, `「${b.name}」をメンバーから削除しました`).waitFor();
    await markToastsSeen(b.page);
    await focusWindow(b.page);
    await toast(b.page, `「${a.workspace}」のメンバーから削除されたため、「${b.workspace}」に切り替えました`).waitFor();
    expect(await menusB.userSummary()).toEqual({ workspace: b.workspace, role: '管理者' });
    await menusB.closeUserMenu();

    // The shop was the last used workspace, but B is no longer in it: the next sign-in opens B's own.
    await signInAgain();
    expect(await menusB.userSummary()).toEqual({ workspace: b.workspace, role: '管理者' });
  });

  it('opening the app with the token of a workspace the member was removed from moves them on, naming no workspace it does not know', { timeout: 60_000 }, async () => {
    const a = await signUp(await browser.newPage(), '木村店長', { verified: true });
    const b = await signUp(await browser.newPage(), '林店員');
    await joinByApi(b, await generateCodeByApi(a));
    const menusB = new WorkspaceMenus(b.page);
    await menusB.openSwitcher();
    await menusB.switchTo(a.workspace);
    await b.page.close();

    const settingsA = new WorkspaceSettingsPage(a.page);
    await settingsA.open();
    await settingsA.chooseMemberAction(b.name, 'メンバーから削除');
    await (await settingsA.waitForDialog('メンバーから削除')).getByRole('button', { name: '削除する' }).click();
    await toast(a.page, `「${b.name}」をメンバーから削除しました`).waitFor();

    // B comes back in a new tab of the same browser (the token is still stored).
    const page = await b.page.context().newPage();
    await page.goto('/parts');
    await toast(page, `前回のワークスペースのメンバーから削除されたため、「${b.workspace}」に切り替えました`).waitFor();
    await page.getByRole('heading', { name: '部品管理', level: 1 }).waitFor();
    expect(await new WorkspaceMenus(page).userSummary()).toEqual({ workspace: b.workspace, role: '管理者' });
  });
});

describe('ワークスペース設定 at 375 px', () => {
  it('shows cards instead of the wide table; the mobile menu has the join link', { timeout: 120_000 }, async () => {
    const a = await signUp(await browser.newPage({ width: 375, height: 800 }), '中村四郎', { verified: true });
    const b = await signUp(await browser.newPage({ width: 375, height: 800 }), '小林五月');
    await joinByApi(b, await generateCodeByApi(a));

    const settings = new WorkspaceSettingsPage(a.page);
    await a.page.getByRole('button', { name: 'メニューを開く' }).click();
    await a.page.getByRole('link', { name: 'ワークスペース設定' }).click();
    await settings.heading().waitFor();
    await expect.poll(() => settings.overviewCards()).toEqual({ メンバー数: '2 / 5', 部品数: '0 / 20,000', 商品数: '0 / 2,000', 在庫不足の部品: '0' });
    const cards = settings.memberCards().getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await settings.membersTable().count()).toBe(0);
    await cards.nth(1).getByRole('button', { name: `「${b.name}」の操作` }).waitFor();
    expect(await cards.nth(0).getByRole('button').count()).toBe(0);
    await settings.inviteCode().waitFor();
    expect(await settings.fitsWidth()).toBe(true);
    await saveTopScreenshot(a.page, 'workspace-settings-mobile');

    // Dark, after a reload: a capture right after the toggle catches the colours mid-transition.
    await new AppShell(a.page).chooseTheme('ダーク');
    await a.page.reload();
    await settings.inviteCode().waitFor();
    await settings.memberCards().getByRole('listitem').nth(1).waitFor();
    await saveTopScreenshot(a.page, 'workspace-settings-mobile-dark');

    // B's mobile menu: the join link (the dialog fits the phone) and the note instead of the settings link.
    const menusB = new WorkspaceMenus(b.page);
    const join = await menusB.openJoinDialog({ mobile: true });
    expect(await settings.fitsWidth()).toBe(true);
    await saveViewportScreenshot(b.page, 'workspace-join-empty-mobile');
    await menusB.submitCode('WRONG');
    expect(await menusB.joinError().textContent()).toBe(INVALID_CODE);
    await saveViewportScreenshot(b.page, 'workspace-join-error-mobile');
    await join.getByRole('button', { name: 'キャンセル' }).click();
    await join.waitFor({ state: 'detached' });
    await menusB.openMobileMenu();
    await b.page.getByText(b.workspace, { exact: true }).waitFor();
    expect(await b.page.getByRole('link', { name: 'ワークスペース設定' }).count()).toBe(1);
    await saveViewportScreenshot(b.page, 'workspace-mobile-menu-admin');
    await menusB.openSwitcher({ mobile: true });
    await menusB.switchTo(a.workspace);
    await menusB.openMobileMenu();
    await b.page.getByText('ワークスペース設定には管理者権限が必要です', { exact: true }).waitFor();
    expect(await b.page.getByRole('link', { name: 'ワークスペース設定' }).count()).toBe(0);
    await saveViewportScreenshot(b.page, 'workspace-mobile-menu-member');
  });
});
