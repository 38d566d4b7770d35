import { expect } from 'vitest';
import type { APIRequestContext, Locator, Page } from 'playwright-core';

export interface SeedPart {
  name: string;
  unit?: string | null;
  unit_price?: number | null;
  current_stock?: number;
  min_stock_alert?: number;
  url?: string | null;
  part_number?: string | null;
  category?: string | null;
}

export interface CreatedPart extends Required<SeedPart> {
  id: number;
  tag_ids: number[];
}

/** Calls the API as the signed-in user of a page (the token the app stored). */
export class PartsApi {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async of(page: Page) {
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    if (!token) throw new Error('the page has no session');
    return new PartsApi(page.request, token);
  }

  private headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  async call<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<{ status: number; body: T }> {
    const response = await this.request.fetch(`/api${path}`, { method, headers: this.headers(), data });
    const text = await response.text();
    return { status: response.status(), body: (text ? JSON.parse(text) : undefined) as T };
  }

  async createPart(part: SeedPart): Promise<CreatedPart> {
    const { status, body } = await this.call<CreatedPart>('POST', '/parts', part);
    if (status !== 201) throw new Error(`POST /parts answered ${status}: ${JSON.stringify(body)}`);
    return body;
  }

  async createTag(name: string, color?: string): Promise<{ id: number; name: string }> {
    const { status, body } = await this.call<{ id: number; name: string }>('POST', '/tags', color ? { name, color } : { name });
    if (status !== 201) throw new Error(`POST /tags answered ${status}: ${JSON.stringify(body)}`);
    return body;
  }

  async tagPart(partId: number, tagId: number) {
    const { status } = await this.call('POST', `/parts/${partId}/tags`, { tag_id: tagId });
    if (status >= 300) throw new Error(`POST /parts/${partId}/tags answered ${status}`);
  }

  async importCsv(csv: string) {
    const response = await this.request.post('/api/parts/import/csv', {
      headers: this.headers(),
      multipart: { csv: { name: 'parts.csv', mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${csv}`, 'utf8') } },
      timeout: 60_000,
    });
    if (!response.ok()) throw new Error(`CSV import answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as { imported: number; errors: string[] };
  }

  async getPart(id: number) {
    return (await this.call<CreatedPart>('GET', `/parts/${id}`)).body;
  }

  async listOrders() {
    return (await this.call<Array<{ id: number; part_id: number; part_name: string; quantity: number; order_date: string; expected_delivery_date: string | null; status: string }>>('GET', '/orders')).body;
  }
}

/** The 部品管理 screen. */
export class PartsPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/parts');
    await this.page.getByRole('heading', { name: '部品管理' }).waitFor();
  }

  async waitForList() {
    await this.page.getByText(/^全[\d,]+件$/).waitFor();
  }

  count() {
    return this.page.getByText(/^全[\d,]+件$/).innerText();
  }

  table() {
    return this.page.getByRole('table', { name: '部品一覧' });
  }

  /** The table row of a part, found by its full name (the shown name may be cut to 13 characters). */
  row(name: string): Locator {
    return this.table().locator('tbody tr').filter({ has: this.page.locator(`button[title="${name}"]`) });
  }

  /** Full names of the rows in the document, top to bottom. */
  async shownNames() {
    return this.table().locator('tbody tr td:first-child button[title]').evaluateAll((buttons) => buttons.map((button) => button.getAttribute('title') ?? ''));
  }

  card(name: string): Locator {
    return this.page.getByRole('article', { name, exact: true });
  }

  /**
   * Opens a row's (or, on a phone, a card's) action menu and picks an action. Like a person, the
   * pointer first rests on the row, which mounts the real menu in place of its look-alike.
   */
  async rowAction(name: string, action: '入荷' | '発注' | '詳細編集' | 'ラベル印刷' | '削除') {
    const trigger = this.page.getByRole('button', { name: `「${name}」の操作` });
    const realMenuButton = this.page.locator(`button[aria-label="「${name}」の操作"][id^="headlessui-menu-button"]`);
    // A hover right after a popover closed can land while it is still fading out; hover again then.
    await expect
      .poll(
        async () => {
          await trigger.hover();
          return realMenuButton.count();
        },
        { timeout: 10_000 },
      )
      .toBe(1);
    await trigger.click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }

  dialog(name: string | RegExp) {
    return this.page.getByRole('dialog', { name });
  }

  /** Waits until a dialog is on screen (the dialog element itself has no box: its panel is fixed). */
  async waitForDialog(name: string | RegExp) {
    const dialog = this.dialog(name);
    await dialog.getByRole('button', { name: '閉じる' }).first().waitFor();
    return dialog;
  }

  async sortBy(column: '部品名' | '現在在庫' | '最小在庫' | '単価' | 'ステータス') {
    await this.table().getByRole('columnheader', { name: column }).getByRole('button').click();
  }

  lockSwitch() {
    return this.page.getByRole('switch', { name: /^インライン編集/ });
  }

  async setLocked(locked: boolean) {
    const checked = (await this.lockSwitch().getAttribute('aria-checked')) === 'true';
    if (checked === locked) await this.lockSwitch().click();
  }

  async search(text: string) {
    await this.page.getByLabel('部品検索').fill(text);
  }

  async stockFilter(label: 'すべて' | '在庫不足' | '在庫切れ') {
    await this.page.getByLabel('在庫状況').selectOption({ label });
  }

  async fillPartForm(values: Partial<Record<'部品名' | '単位' | '単価（円）' | '現在在庫' | '最小在庫アラート' | 'URL' | '品番' | 'カテゴリ', string>>) {
    const dialog = this.page.getByRole('dialog');
    for (const [label, value] of Object.entries(values)) await dialog.getByLabel(label, { exact: true }).fill(value);
  }

  toast(text: string | RegExp) {
    return this.page.locator('[data-sonner-toast]').filter({ hasText: text });
  }
}
