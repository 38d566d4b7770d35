import type { Locator, Page } from 'playwright-core';
import { ApiSession } from '../support/api-session.ts';

export interface SeededPlan {
  id: number;
  product_name: string;
  quantity: number;
  remaining_quantity: number;
  status: string;
}

/** Reads and seeds plans through the API with the session of the signed-in page. */
export class PlansApi {
  private constructor(private readonly api: ApiSession) {}

  static async of(page: Page) {
    return new PlansApi(await ApiSession.of(page));
  }

  createPlan(body: { product_id: number; quantity: number; start_date: string; end_date: string }) {
    return this.api.post<SeededPlan>('/manufacturing/plans', body);
  }

  plans() {
    return this.api.get<SeededPlan[]>('/manufacturing/plans');
  }

  orders() {
    return this.api.get<Array<{ part_name: string; quantity: number; status: string; expected_delivery_date: string | null }>>('/orders');
  }
}

/** The 製造計画 screen: three tabs, the create form, the plan cards, records and capacities. */
export class ManufacturingPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/manufacturing');
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { name: '製造計画', level: 1 });
  }

  tab(name: '製造計画' | '製造記録' | '製造可能数') {
    return this.page.getByRole('tab', { name, exact: true });
  }

  async openTab(name: '製造計画' | '製造記録' | '製造可能数') {
    await this.tab(name).click();
  }

  createForm() {
    return this.page.getByRole('region', { name: '製造計画の作成' });
  }

  async chooseProduct(name: string) {
    const input = this.createForm().getByRole('combobox', { name: '商品' });
    await input.click();
    await input.fill(name);
    await this.page.getByRole('option', { name }).click();
  }

  /** Fills the create form; dates as yyyy-MM-dd. */
  async fillPlan({ product, quantity, start, end }: { product?: string; quantity?: number | string; start?: string; end?: string }) {
    const form = this.createForm();
    if (product !== undefined) await this.chooseProduct(product);
    if (quantity !== undefined) await form.getByLabel('数量').fill(String(quantity));
    if (start !== undefined) await form.getByLabel('開始日').fill(start);
    if (end !== undefined) await form.getByLabel('終了日').fill(end);
  }

  async checkRequirements() {
    await this.createForm().getByRole('button', { name: '必要部品を確認' }).click();
  }

  async submitPlan() {
    await this.createForm().getByRole('button', { name: '計画を作成' }).click();
  }

  /** The messages above the form after a refused submit. */
  formErrors(scope: Locator = this.createForm()) {
    return scope.getByRole('alert').getByRole('listitem').allTextContents();
  }

  /** A requirements table's rows as shown: part, required, stock, shortage, on order, to order. */
  async requirementRows(scope: Locator): Promise<string[][]> {
    const table = scope.getByRole('table');
    await table.waitFor();
    return table
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((row) => Array.from(row.children).map((cell) => cell.textContent?.trim() ?? '')));
  }

  planList() {
    return this.page.getByRole('list', { name: '製造計画一覧' });
  }

  /** A plan card; `nth` picks among several plans of one product. */
  plan(productName: string, nth = 0) {
    return this.planList()
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('button', { name: `「${productName}」の製造計画の操作` }) })
      .nth(nth);
  }

  /** Expands or collapses a plan card (a click on its summary). */
  async togglePlan(productName: string, nth = 0) {
    await this.planSummary(productName, nth).click();
  }

  /** The summary button of a plan card (its name starts with the product name; the menu's starts with 「). */
  planSummary(productName: string, nth = 0) {
    return this.plan(productName, nth).getByRole('button', { name: new RegExp(`^${productName}`) });
  }

  async chooseAction(productName: string, action: '編集' | '削除', nth = 0) {
    await this.plan(productName, nth).getByRole('button', { name: `「${productName}」の製造計画の操作` }).click();
    await this.page.getByRole('menuitem', { name: action, exact: true }).click();
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }

  async waitForDialog(title: string) {
    const dialog = this.dialog(title);
    await dialog.getByRole('heading', { name: title }).waitFor();
    return dialog;
  }

  /** A toast. Not looked up by role: while a dialog is open, the page behind it (the toaster too) is inert. */
  toast(text: string) {
    return this.page.locator('[data-sonner-toaster]').getByText(text, { exact: true });
  }

  records() {
    return this.page.getByRole('table', { name: '製造記録' }).or(this.page.getByRole('list', { name: '製造記録' }));
  }

  capacityCard(productName: string) {
    return this.page.getByRole('list', { name: '製造可能数' }).getByRole('listitem', { name: productName, exact: true });
  }
}
