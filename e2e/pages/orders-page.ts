import type { APIResponse, Page } from 'playwright-core';

export interface SeededPart {
  id: number;
  name: string;
  current_stock: number;
}

export interface SeededOrder {
  id: number;
  part_name: string;
  status: string;
}

async function answer<T>(response: APIResponse, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what} failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Seeds parts and orders through the API with the session of the signed-in page. */
export class OrdersApi {
  private constructor(
    private readonly page: Page,
    private readonly token: string,
  ) {}

  static async of(page: Page) {
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));
    if (!token) throw new Error('not signed in');
    return new OrdersApi(page, token);
  }

  private get headers() {
    return { authorization: `Bearer ${this.token}` };
  }

  createPart(body: { name: string; current_stock?: number; unit_price?: number }) {
    return this.page.request
      .post('/api/parts', { headers: this.headers, data: body })
      .then((response) => answer<SeededPart>(response, 'POST /api/parts'));
  }

  order(partId: number, body: { quantity: number; order_date: string; expected_delivery_date?: string | null }) {
    return this.page.request
      .post(`/api/parts/${partId}/order`, { headers: this.headers, data: body })
      .then((response) => answer<SeededOrder>(response, 'POST /api/parts/{id}/order'));
  }

  setStatus(orderId: number, status: string, expectedDeliveryDate: string | null) {
    return this.page.request
      .put(`/api/orders/${orderId}`, { headers: this.headers, data: { status, expected_delivery_date: expectedDeliveryDate } })
      .then((response) => answer<SeededOrder>(response, 'PUT /api/orders/{id}'));
  }

  deleteOrder(orderId: number) {
    return this.page.request
      .delete(`/api/orders/${orderId}`, { headers: this.headers })
      .then((response) => answer<{ message: string }>(response, 'DELETE /api/orders/{id}'));
  }

  part(partId: number) {
    return this.page.request
      .get(`/api/parts/${partId}`, { headers: this.headers })
      .then((response) => answer<SeededPart>(response, 'GET /api/parts/{id}'));
  }
}

/** The 発注管理 screen. Works on the desktop table and on the phone cards. */
export class OrdersPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/orders');
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { name: '発注管理', level: 1 });
  }

  private filters() {
    return this.page.getByRole('search', { name: '発注の絞り込み' });
  }

  count() {
    return this.page.getByText(/^全\d+件中 \d+件を表示$/);
  }

  async waitForCount(text: string) {
    await this.page.getByText(text, { exact: true }).waitFor();
  }

  async filterStatus(label: string) {
    await this.filters().getByLabel('状態').selectOption({ label });
  }

  async search(text: string) {
    await this.filters().getByLabel('部品名で検索').fill(text);
  }

  async sortBy(label: string) {
    await this.filters().getByLabel('並び替え').selectOption({ label });
  }

  async clear() {
    await this.filters().getByRole('button', { name: 'クリア' }).click();
  }

  /** Part names in the order shown: the table's row headers, or the cards on a phone. */
  async partNames(): Promise<string[]> {
    const list = this.page.getByRole('table', { name: '発注一覧' }).or(this.page.getByRole('list', { name: '発注一覧' }));
    await list.waitFor();
    const table = this.page.getByRole('table', { name: '発注一覧' });
    if (await table.isVisible()) return table.getByRole('rowheader').allTextContents();
    return this.page
      .getByRole('list', { name: '発注一覧' })
      .getByRole('listitem')
      .evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? ''));
  }

  /** The table row (or phone card) of one order. */
  row(partName: string) {
    return this.page
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader', { name: partName, exact: true }) })
      .or(this.page.getByRole('list', { name: '発注一覧' }).getByRole('listitem').filter({ hasText: partName }));
  }

  async openMenu(partName: string) {
    await this.page.getByRole('button', { name: `「${partName}」の発注の操作` }).click();
    await this.page.getByRole('menu').waitFor();
  }

  async menuItems(partName: string): Promise<string[]> {
    await this.openMenu(partName);
    const labels = await this.page.getByRole('menuitem').allTextContents();
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('menu').waitFor({ state: 'detached' });
    return labels;
  }

  async chooseAction(partName: string, action: '状態を更新' | '納入処理' | '削除') {
    await this.openMenu(partName);
    await this.page.getByRole('menuitem', { name: action, exact: true }).click();
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }

  async updateStatus(partName: string, statusLabel: string, expectedDeliveryDate: string) {
    await this.chooseAction(partName, '状態を更新');
    const dialog = this.dialog('発注状態更新');
    await dialog.getByLabel('状態').selectOption({ label: statusLabel });
    await dialog.getByLabel('納入予定日').fill(expectedDeliveryDate);
    await dialog.getByRole('button', { name: '更新', exact: true }).click();
  }

  /** A toast. Not looked up by role: while a dialog is open, the page behind it (the toaster too) is inert. */
  toast(text: string) {
    return this.page.locator('[data-sonner-toaster]').getByText(text, { exact: true });
  }

  /** Waits until a dialog is shown (the dialog element itself has no box: its overlay is fixed). */
  async waitForDialog(title: string) {
    await this.dialog(title).getByRole('heading', { name: title }).waitFor();
  }

  thisMonthCard() {
    return this.page.getByRole('region', { name: /今月の納入予定/ });
  }
}
