import type { Locator, Page } from 'playwright-core';
import { AppShell } from './auth-pages.ts';

export type OverviewCardTitle = 'メンバー数' | '部品数' | '商品数' | '在庫不足の部品';
export type MemberAction = 'メンバーから削除' | '有効化' | '管理者に昇格' | 'メンバーに降格';

/**
 * A toast shown since the last `markToastsSeen` (an earlier one with the same text may still be
 * on screen). Not looked up by role: while a dialog is open, the page behind it is inert.
 */
export function toast(page: Page, text: string) {
  return page.locator('[data-sonner-toaster] [data-sonner-toast]:not([data-e2e-seen])').getByText(text, { exact: true });
}

/** Marks the toasts on screen, so `toast` waits for a new one. */
export async function markToastsSeen(page: Page) {
  await page.evaluate(() => document.querySelectorAll('[data-sonner-toast]').forEach((item) => item.setAttribute('data-e2e-seen', '')));
}

/** The ワークスペース設定 screen (/workspace): overview cards, 基本設定, 招待コード, メンバー管理. */
export class WorkspaceSettingsPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/workspace');
    await this.heading().waitFor();
  }

  /** Opens the screen as a person does: ワークスペース設定 in the user menu. */
  async openFromUserMenu() {
    await new AppShell(this.page).openUserMenu();
    await this.page.getByRole('menuitem', { name: 'ワークスペース設定', exact: true }).click();
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { name: 'ワークスペース設定', level: 1 });
  }

  overview() {
    return this.page.getByRole('list', { name: 'ワークスペースの概要' });
  }

  overviewCard(title: OverviewCardTitle) {
    return this.overview().getByRole('listitem', { name: title, exact: true });
  }

  /** The four cards as title → value (the member card with max when the settings have loaded). */
  async overviewCards(): Promise<Record<string, string>> {
    await this.overview().waitFor();
    const cards = await this.overview()
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => [item.getAttribute('aria-label') ?? '', item.querySelectorAll('p')[1]?.textContent ?? '']));
    return Object.fromEntries(cards);
  }

  /** The note under a card (上限に達しています), or null. */
  async overviewNote(title: OverviewCardTitle) {
    const notes = this.overviewCard(title).locator('p');
    return (await notes.count()) > 2 ? notes.nth(2).textContent() : null;
  }

  nameField() {
    return this.page.getByLabel('ワークスペース名');
  }

  maxMembersField() {
    return this.page.getByLabel('最大メンバー数');
  }

  /** The message under 最大メンバー数 after a value out of range was put back. */
  limitMessage() {
    return this.page.locator('form').getByRole('alert');
  }

  async save() {
    await markToastsSeen(this.page);
    await this.page.getByRole('button', { name: '保存', exact: true }).click();
  }

  // 招待コード

  inviteCode() {
    return this.page.getByLabel('現在の招待コード', { exact: true }).and(this.page.locator('code'));
  }

  async generateInviteCode() {
    await markToastsSeen(this.page);
    await this.page.getByRole('button', { name: '招待コードを生成' }).click();
    await toast(this.page, '招待コードを生成しました').waitFor();
    await this.inviteCode().waitFor();
    return (await this.inviteCode().textContent()) ?? '';
  }

  async copyInviteCode() {
    await markToastsSeen(this.page);
    await this.page.getByRole('button', { name: '招待コードをコピー' }).click();
  }

  async revokeInviteCode() {
    await markToastsSeen(this.page);
    await this.page.getByRole('button', { name: '無効化', exact: true }).click();
    const dialog = await this.waitForDialog('招待コードの無効化');
    await dialog.getByRole('button', { name: '無効化する' }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  // メンバー管理

  membersTable() {
    return this.page.getByRole('table', { name: 'メンバー一覧' });
  }

  memberCards() {
    return this.page.getByRole('list', { name: 'メンバー一覧' });
  }

  memberRow(name: string): Locator {
    return this.membersTable()
      .locator('tbody tr')
      .filter({ has: this.page.getByRole('rowheader').filter({ hasText: name }) });
  }

  /** The table's rows as shown: name, e-mail, verification, role, state (the last login left out: it is a clock time). */
  async memberRows(): Promise<string[][]> {
    await this.membersTable().waitFor();
    return this.membersTable()
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => Array.from(row.children).slice(0, 5).map((cell) => cell.textContent?.trim() ?? '')));
  }

  actionsMenuButton(name: string) {
    return this.page.getByRole('button', { name: `「${name}」の操作`, exact: true });
  }

  async chooseMemberAction(name: string, action: MemberAction) {
    await markToastsSeen(this.page);
    await this.actionsMenuButton(name).click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }

  async waitForDialog(title: string) {
    const dialog = this.dialog(title);
    await dialog.getByRole('heading', { name: title }).waitFor();
    return dialog;
  }

  fitsWidth() {
    return this.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  }
}

/** ワークスペースに参加 (the dialog) and ワークスペース切り替え, opened from the user menu or the mobile menu. */
export class WorkspaceMenus {
  constructor(private readonly page: Page) {}

  private async openMenuItem(label: 'ワークスペースに参加' | 'ワークスペース切り替え', { mobile = false } = {}) {
    if (mobile) {
      await this.openMobileMenu();
      await this.page.getByRole('button', { name: label, exact: true }).click();
    } else {
      await new AppShell(this.page).openUserMenu();
      await this.page.getByRole('menuitem', { name: label, exact: true }).click();
    }
    const dialog = this.page.getByRole('dialog', { name: label });
    await dialog.getByRole('heading', { name: label }).waitFor();
    return dialog;
  }

  /** Opens the mobile menu unless it is open (it stays open behind a dialog opened from it). */
  async openMobileMenu() {
    const open = this.page.getByRole('button', { name: 'メニューを開く' });
    const close = this.page.getByRole('button', { name: 'メニューを閉じる' });
    await open.or(close).waitFor();
    if (await open.isVisible()) await open.click();
    await this.page.getByRole('navigation', { name: 'モバイルメニュー' }).waitFor();
  }

  openJoinDialog(options?: { mobile?: boolean }) {
    return this.openMenuItem('ワークスペースに参加', options);
  }

  joinDialog() {
    return this.page.getByRole('dialog', { name: 'ワークスペースに参加' });
  }

  /** Types the code as given (spaces included) and presses 参加する. */
  async submitCode(code: string) {
    const dialog = this.joinDialog();
    await dialog.getByLabel('招待コード').fill(code);
    await dialog.getByRole('button', { name: '参加する' }).click();
  }

  /** The server's refusal inside the dialog. */
  joinError() {
    return this.joinDialog().getByRole('alert');
  }

  /** The server's message after a join. */
  joinSuccess() {
    return this.joinDialog().getByRole('status');
  }

  /** Opens the user menu and answers what its head shows: the workspace line and the role badge. */
  async userSummary() {
    await new AppShell(this.page).openUserMenu();
    const menu = this.page.getByRole('menu');
    await menu.waitFor();
    const workspace = (await menu.getByText(/^ワークスペース: /).textContent())?.replace(/^ワークスペース: /, '') ?? '';
    const roles = await menu.getByText(/^(管理者|メンバー)$/).allTextContents();
    return { workspace, role: roles[0] ?? '' };
  }

  async closeUserMenu() {
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('menu').waitFor({ state: 'detached' });
  }

  openSwitcher(options?: { mobile?: boolean }) {
    return this.openMenuItem('ワークスペース切り替え', options);
  }

  /** The switcher's rows: name and role, with 現在 on the current one. */
  async switcherRows(): Promise<string[][]> {
    const dialog = this.page.getByRole('dialog', { name: 'ワークスペース切り替え' });
    const rows = dialog.getByRole('listitem');
    await rows.first().waitFor();
    return rows.evaluateAll((items) =>
      items.map((item) => [
        item.querySelector('p')?.textContent ?? '',
        item.querySelectorAll('p')[1]?.textContent ?? '',
        item.querySelector('button') ? '' : (item.lastElementChild?.textContent ?? ''),
      ]),
    );
  }

  /** Switches to a workspace in the switcher (already open) and waits for the toast. */
  async switchTo(workspaceName: string) {
    const dialog = this.page.getByRole('dialog', { name: 'ワークスペース切り替え' });
    await markToastsSeen(this.page);
    await dialog.getByRole('listitem').filter({ hasText: workspaceName }).getByRole('button', { name: '切り替え' }).click();
    await toast(this.page, `「${workspaceName}」に切り替えました`).waitFor();
    await dialog.waitFor({ state: 'detached' });
  }
}
