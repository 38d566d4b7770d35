import type { AnnouncementType } from '@inventory/contracts/management-console';
import type { Locator, Page } from 'playwright-core';

const TYPE_OPTIONS: Record<AnnouncementType, string> = {
  info: 'お知らせ（青）',
  warning: '警告（黄）',
  error: 'エラー（赤）',
  success: '成功（緑）',
};

export interface AnnouncementInput {
  title: string;
  content: string;
  type: AnnouncementType;
  active: boolean;
}

/** 管理画面: the six statistics cards and the announcement management. */
export class ConsolePage {
  constructor(private readonly page: Page) {}

  heading() {
    return this.page.getByRole('heading', { name: '管理画面', level: 1 });
  }

  /** The cards as {title: value}, once they have loaded. */
  async statsCards(): Promise<Record<string, string>> {
    const cards = this.page.getByRole('list', { name: 'システム統計' }).getByRole('listitem');
    await cards.first().waitFor();
    const entries: Array<[string, string]> = [];
    for (const card of await cards.all()) {
      const [title = '', value = ''] = await card.locator('p').allInnerTexts();
      entries.push([title.trim(), value.trim()]);
    }
    return Object.fromEntries(entries);
  }

  createForm() {
    return this.page.getByRole('form', { name: '告知の作成' });
  }

  /** Fills title, content, type and 公開する of the create form or the edit dialog. */
  async fill(scope: Locator, { title, content, type, active }: Partial<AnnouncementInput>) {
    if (title !== undefined) await scope.getByLabel('タイトル').fill(title);
    if (content !== undefined) await scope.getByLabel('内容').fill(content);
    if (type !== undefined) await scope.getByLabel('種類').selectOption({ label: TYPE_OPTIONS[type] });
    if (active !== undefined) await scope.getByLabel('公開する').setChecked(active);
  }

  async create(announcement: AnnouncementInput) {
    await this.fill(this.createForm(), announcement);
    await this.createForm().getByRole('button', { name: '告知を作成' }).click();
  }

  list() {
    return this.page.getByRole('list', { name: '告知一覧' });
  }

  item(title: string) {
    return this.list().getByRole('listitem', { name: title, exact: true });
  }

  /** The titles of the list, newest first. */
  async titles() {
    return this.list().getByRole('listitem').locator('h4').allInnerTexts();
  }

  async openEdit(title: string) {
    await this.item(title).getByRole('button', { name: '編集' }).click();
    const dialog = this.page.getByRole('dialog', { name: '告知の編集' });
    // The dialog element itself has no box (its panel has), so its heading is waited for.
    await dialog.getByRole('heading', { name: '告知の編集' }).waitFor();
    return dialog;
  }

  async openDelete(title: string) {
    await this.item(title).getByRole('button', { name: '削除' }).click();
    const dialog = this.page.getByRole('dialog', { name: '告知の削除' });
    // The dialog element itself has no box (its panel has), so its heading is waited for.
    await dialog.getByRole('heading', { name: '告知の削除' }).waitFor();
    return dialog;
  }

  fitsWidth() {
    return this.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  }
}

/** The active announcements every signed-in user sees under the navigation. */
export class AnnouncementBanners {
  constructor(private readonly page: Page) {}

  region() {
    return this.page.getByRole('region', { name: 'お知らせ' });
  }

  banner(title: string) {
    return this.region().getByRole('listitem', { name: title, exact: true });
  }

  /** The titles shown (none: the region is absent). */
  async titles() {
    return this.region().getByRole('listitem').locator('p.font-semibold').allInnerTexts();
  }

  async dismiss(title: string) {
    await this.banner(title).getByRole('button', { name: `「${title}」を閉じる` }).click();
    await this.banner(title).waitFor({ state: 'detached' });
  }
}
