import type { Locator, Page } from 'playwright-core';

/** 棚卸し: the list, the start dialog, the counting screen and its review. */
export class StocktakesPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/parts/stocktakes');
    await this.page.getByRole('heading', { name: '棚卸し', level: 1 }).waitFor();
  }

  /** 棚卸しを始める with a name (and everything in scope); waits for the counting screen. */
  async start(name: string) {
    await this.page.getByRole('button', { name: '棚卸しを始める' }).click();
    const dialog = this.page.getByRole('dialog', { name: '棚卸しを始める' });
    await dialog.getByLabel('棚卸し名').fill(name);
    await dialog.getByRole('button', { name: '始める' }).click();
    await this.page.getByRole('heading', { name, level: 1 }).waitFor();
  }

  search(text: string) {
    return this.page.getByRole('searchbox', { name: '品名・品番で検索' }).fill(text);
  }

  line(name: string): Locator {
    return this.page.getByRole('listitem').filter({ has: this.page.getByRole('button', { name: new RegExp(name) }) });
  }

  /** Opens a line, types the count with the big field (and −/+ steps), saves. */
  async count(name: string, counted: number, steps: number = 0) {
    await this.search(name);
    const opener = this.line(name).getByRole('button', { name: new RegExp(name) });
    if ((await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
    const field = this.line(name).getByRole('textbox', { name: /数えた数/ });
    await field.fill(String(counted - steps));
    for (let i = 0; i < steps; i++) await this.line(name).getByRole('button', { name: '1増やす' }).click();
    await this.line(name).getByRole('button', { name: '保存' }).click();
  }

  progress(): Locator {
    return this.page.getByRole('progressbar', { name: '数えた品目' });
  }

  async openTab(name: '数える' | '差異の確認') {
    await this.page.getByRole('tab', { name }).click();
  }

  varianceList(): Locator {
    return this.page.getByRole('list', { name: '差異のある品目（金額の大きい順）' });
  }

  async commit(reason: string) {
    await this.page.getByLabel('理由', { exact: true }).selectOption({ label: reason });
    await this.page.getByRole('button', { name: '確定する' }).click();
    await this.page.getByRole('dialog', { name: '棚卸しを確定しますか？' }).getByRole('button', { name: '確定' }).click();
    await this.page.getByText('確定済み').first().waitFor();
  }
}

/** 在庫評価: the date, the method, the tables and the printed 棚卸表. */
export class ValuationPage {
  constructor(readonly page: Page) {}

  async open() {
    await this.page.goto('/parts/valuation');
    await this.page.getByRole('heading', { name: '在庫評価', level: 1 }).waitFor();
  }

  async show(date: string, method: '最終仕入原価法' | '移動平均法') {
    await this.page.getByLabel('評価日').fill(date);
    await this.page.getByLabel('評価方法').selectOption({ label: method });
  }

  table(name: '部品' | '商品'): Locator {
    return this.page.getByRole('table', { name });
  }

  /** The row of an item: its cells (name, quantity, unit value, value) as shown. */
  async row(table: '部品' | '商品', name: string): Promise<string[]> {
    const row = this.table(table).getByRole('row').filter({ hasText: name });
    await row.waitFor();
    return row.locator('td').allInnerTexts();
  }

  total(label: '部品' | '商品' | '合計'): Locator {
    return this.page.locator('dl > div').filter({ has: this.page.getByText(label, { exact: true }) }).locator('dd');
  }
}
