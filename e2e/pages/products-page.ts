import type { Locator, Page } from 'playwright-core';
import { ApiSession } from '../support/api-session.ts';

export interface SeededPart {
  id: number;
  name: string;
  current_stock: number;
}

export interface SeededProduct {
  id: number;
  name: string;
  current_stock: number;
  selling_price: number | null;
}

/** Seeds parts, products and recipes through the API with the session of the signed-in page. */
export class ProductsApi {
  private constructor(private readonly api: ApiSession) {}

  static async of(page: Page) {
    return new ProductsApi(await ApiSession.of(page));
  }

  createPart(body: { name: string; current_stock?: number; unit_price?: number; unit?: string }) {
    return this.api.post<SeededPart>('/parts', body);
  }

  createProduct(body: { name: string; selling_price?: number; current_stock?: number; part_number?: string }) {
    return this.api.post<SeededProduct>('/products', body);
  }

  setRecipe(productId: number, lines: ReadonlyArray<readonly [partId: number, quantity: number]>) {
    return this.api.post<unknown>(`/products/${productId}/recipe`, {
      recipes: lines.map(([part_id, quantity_required]) => ({ part_id, quantity_required })),
    });
  }

  manufacture(productId: number, body: { quantity: number; manufacturing_date: string; notes?: string }) {
    return this.api.post<unknown>(`/manufacturing/products/${productId}/manufacture`, body);
  }

  part(partId: number) {
    return this.api.get<SeededPart>(`/parts/${partId}`);
  }

  product(productId: number) {
    return this.api.get<SeededProduct>(`/products/${productId}`);
  }

  recipe(productId: number) {
    return this.api.get<Array<{ part_name: string; quantity_required: number }>>(`/products/${productId}/recipe`);
  }

  products() {
    return this.api.get<SeededProduct[]>('/products');
  }
}

export type ProductAction = 'レシピ' | '製造' | '販売' | 'コピー' | '編集' | '削除';

/** The 商品管理 screen. Works on the desktop table and on the phone cards. */
export class ProductsPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/products');
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { name: '商品管理', level: 1 });
  }

  async waitForCount(count: number) {
    await this.page.getByText(`全${count}件`, { exact: true }).waitFor();
  }

  /** The table row (desktop) or the card (phone) of a product. */
  row(name: string): Locator {
    return this.page
      .getByRole('table', { name: '商品一覧' })
      .getByRole('row')
      .filter({ has: this.page.getByRole('rowheader').getByRole('button', { name, exact: true }) })
      .or(this.page.getByRole('list', { name: '商品一覧' }).getByRole('article', { name, exact: true }));
  }

  /** The row's cells as shown: name (with part number), stock, selling price, manufacturable count (desktop table). */
  async rowCells(name: string): Promise<string[]> {
    const row = this.row(name);
    await row.waitFor();
    return row.locator('th, td').evaluateAll((cells) => cells.slice(0, 4).map((cell) => cell.textContent?.trim() ?? ''));
  }

  async productNames(): Promise<string[]> {
    const table = this.page.getByRole('table', { name: '商品一覧' });
    const list = this.page.getByRole('list', { name: '商品一覧' });
    await table.or(list).waitFor();
    if (await table.isVisible()) return table.getByRole('rowheader').getByRole('button').allTextContents();
    return list.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
  }

  async chooseAction(name: string, action: ProductAction) {
    await this.page.getByRole('button', { name: `「${name}」の操作`, exact: true }).click();
    await this.page.getByRole('menuitem', { name: action, exact: true }).click();
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }

  /** Waits until a dialog is shown (the dialog element itself has no box: its overlay is fixed). */
  async waitForDialog(title: string) {
    const dialog = this.dialog(title);
    await dialog.getByRole('heading', { name: title }).waitFor();
    return dialog;
  }

  /** A toast. Not looked up by role: while a dialog is open, the page behind it (the toaster too) is inert. */
  toast(text: string) {
    return this.page.locator('[data-sonner-toaster]').getByText(text, { exact: true });
  }

  async openRecipe(name: string) {
    await this.chooseAction(name, 'レシピ');
    const dialog = await this.waitForDialog(`レシピ設定: ${name}`);
    await dialog.getByRole('list', { name: 'レシピの部品' }).waitFor();
    return new RecipeDialog(this.page, dialog);
  }
}

/** The レシピ設定 dialog: one row of part and required quantity per line. */
export class RecipeDialog {
  constructor(
    private readonly page: Page,
    readonly dialog: Locator,
  ) {}

  rowCount() {
    return this.dialog.getByText(/^全\d+行$/);
  }

  partInput(row: number) {
    return this.dialog.getByRole('combobox', { name: `${row}行目の部品` });
  }

  /** Opens a row's part list without typing (the chevron button). */
  async showChoices(row: number) {
    await this.dialog
      .getByRole('list', { name: 'レシピの部品' })
      .getByRole('listitem')
      .nth(row - 1)
      .getByRole('button', { name: '候補を表示' })
      .click();
  }

  async choosePart(row: number, search: string, partName: string) {
    const input = this.partInput(row);
    await input.click();
    await input.fill(search);
    await this.page.getByRole('option', { name: partName }).click();
  }

  async setQuantity(row: number, quantity: number | string) {
    await this.dialog.getByLabel(`${row}行目の必要数量`).fill(String(quantity));
  }

  async addRow() {
    await this.dialog.getByRole('button', { name: '部品を追加' }).click();
  }

  async removeRow(row: number) {
    await this.dialog.getByRole('button', { name: `${row}行目を削除` }).click();
  }

  async rows(): Promise<Array<{ part: string; quantity: string }>> {
    const count = await this.dialog.getByRole('list', { name: 'レシピの部品' }).getByRole('listitem').count();
    const rows = [];
    for (let row = 1; row <= count; row++) {
      rows.push({ part: await this.partInput(row).inputValue(), quantity: await this.dialog.getByLabel(`${row}行目の必要数量`).inputValue() });
    }
    return rows;
  }

  async save() {
    await this.dialog.getByRole('button', { name: '保存', exact: true }).click();
  }
}
