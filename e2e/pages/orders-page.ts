import type { Page } from 'playwright-core';
import { ApiSession } from '../support/api-session.ts';

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

/** Seeds parts and orders through the API with the session of the signed-in page. */
export class OrdersApi {
  private constructor(private readonly api: ApiSession) {}

  static async of(page: Page) {
    return new OrdersApi(await ApiSession.of(page));
  }

  createPart(body: { name: string; current_stock?: number; unit_price?: number }) {
    return this.api.post<SeededPart>('/parts', body);
  }

  order(partId: number, body: { quantity: number; order_date: string; expected_delivery_date?: string | null }) {
    return this.api.post<SeededOrder>(`/parts/${partId}/order`, body);
  }

  setStatus(orderId: number, status: string, expectedDeliveryDate: string | null) {
    return this.api.put<SeededOrder>(`/orders/${orderId}`, { status, expected_delivery_date: expectedDeliveryDate });
  }

  deleteOrder(orderId: number) {
    return this.api.delete<{ message: string }>(`/orders/${orderId}`);
  }

  part(partId: number) {
    return this.api.get<SeededPart>(`/parts/${partId}`);
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

  menuButton(partName: string) {
    return this.page.getByRole('button', { name: `「${partName}」の発注の操作` });
  }

  async openMenu(partName: string) {
    await this.menuButton(partName).click();
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
