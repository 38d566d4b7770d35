import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export type SummaryCardTitle = '総売上' | '総原価' | '総利益' | '利益率' | '取引件数' | '平均取引額';

/** The 販売管理 screen (/sales). Works on the desktop tables and on the phone cards. */
export class SalesPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/sales');
    await this.heading().waitFor();
  }

  heading() {
    return this.page.getByRole('heading', { name: '販売管理', level: 1 });
  }

  summary() {
    return this.page.getByRole('list', { name: '売上サマリー' });
  }

  /** The six cards as title → value, once they have loaded and show the current filters' answer. */
  async summaryCards(): Promise<Record<string, string>> {
    const list = this.summary();
    await list.and(this.page.locator('[aria-busy="false"]')).waitFor();
    const cards = await list.getByRole('listitem').evaluateAll((items) =>
      items.map((item) => [item.getAttribute('aria-label') ?? '', item.querySelectorAll('p')[1]?.textContent ?? '']),
    );
    return Object.fromEntries(cards);
  }

  summaryCard(title: SummaryCardTitle) {
    return this.summary().getByRole('listitem', { name: title, exact: true });
  }

  filters() {
    return this.page.getByRole('search', { name: '売上の絞り込み' });
  }

  async setFilters({ start, end, product }: { start?: string; end?: string; product?: string }) {
    const filters = this.filters();
    if (start !== undefined) await filters.getByLabel('開始日').fill(start);
    if (end !== undefined) await filters.getByLabel('終了日').fill(end);
    if (product !== undefined) {
      const select = this.productFilter();
      await select.focus();
      await select.selectOption({ label: product });
    }
  }

  /** The 商品 filter, which lists the products once first used (as a person touches or focuses it). */
  productFilter() {
    return this.filters().getByLabel('商品');
  }

  /** The 商品 filter's options once it is used. */
  async productFilterOptions() {
    const select = this.productFilter();
    await select.focus();
    return select.locator('option').allTextContents();
  }

  async resetFilters() {
    await this.filters().getByRole('button', { name: 'リセット' }).click();
  }

  recordsSection() {
    return this.page.getByRole('region', { name: '売上記録', exact: true });
  }

  /** The records table (desktop) or card list (phone). */
  records() {
    return this.page.getByRole('table', { name: '売上記録' }).or(this.page.getByRole('list', { name: '売上記録' }));
  }

  /**
   * The records table's rows as shown (desktop): product, quantity, unit price, total, cost,
   * profit, margin, date, URL ('-' or the link's address), notes. Waits for the current answer.
   */
  async recordRows(): Promise<string[][]> {
    await this.recordsSection().and(this.page.locator('[aria-busy="false"]')).waitFor();
    const table = this.page.getByRole('table', { name: '売上記録' });
    await table.waitFor();
    return table.locator('tbody tr').evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.children)
          .slice(0, 10)
          .map((cell) => cell.querySelector('a')?.getAttribute('href') ?? cell.textContent?.trim() ?? ''),
      ),
    );
  }

  /** The per-product table's rows (desktop): product, quantity, amount, cost, profit, margin, average unit price, transactions. */
  async productRows(): Promise<string[][]> {
    await this.page.getByRole('region', { name: '商品別売上', exact: true }).and(this.page.locator('[aria-busy="false"]')).waitFor();
    const table = this.page.getByRole('table', { name: '商品別売上' });
    await table.waitFor();
    return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => Array.from(row.children).map((cell) => cell.textContent?.trim() ?? '')));
  }

  /** Opens the edit or delete dialog of the sale of `product` on `date` (yyyy-MM-dd). */
  async chooseAction(product: string, date: string, action: '編集' | '削除') {
    await this.page.getByRole('button', { name: `「${product}」${date}の売上記録を${action}`, exact: true }).click();
    return this.waitForDialog(action === '編集' ? '売上記録の編集' : '売上記録の削除');
  }

  dialog(title: string) {
    return this.page.getByRole('dialog', { name: title });
  }

  async waitForDialog(title: string) {
    const dialog = this.dialog(title);
    await dialog.getByRole('heading', { name: title }).waitFor();
    return dialog;
  }

  /** The edit dialog's messages under its fields. */
  fieldErrors(dialog: Locator) {
    return dialog.locator('p[id$="-message"]').allTextContents();
  }

  /** A toast. Not looked up by role: while a dialog is open, the page behind it (the toaster too) is inert. */
  toast(text: string) {
    return this.page.locator('[data-sonner-toaster]').getByText(text, { exact: true });
  }

  trend() {
    return this.page.getByRole('region', { name: '月別売上推移' });
  }

  /** Waits until the trend chart has drawn its bars and finished growing them (its animation). */
  /** Waits until the chart's canvas shows the sales bars: pixels of their colour (#3b82f6). */
  async waitForTrendChart() {
    const canvas = this.trend().locator('canvas');
    await canvas.waitFor();
    const salesBarPixels = () =>
      canvas.evaluate((element: HTMLCanvasElement) => {
        const { data } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
        let count = 0;
        for (let index = 0; index < data.length; index += 4) {
          if (data[index] === 0x3b && data[index + 1] === 0x82 && data[index + 2] === 0xf6) count++;
        }
        return count;
      });
    await expect.poll(salesBarPixels).toBeGreaterThan(0);
  }

  fitsWidth() {
    return this.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  }
}
