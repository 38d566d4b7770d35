import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RegisterPage } from './pages/auth-pages.ts';
import { ProductsPage } from './pages/products-page.ts';
import { SalesPage } from './pages/sales-page.ts';
import { SeedApi } from './pages/seed-api.ts';
import { saveScreenshot, uniqueEmail, useBrowser } from './support/browser.ts';
import { daysFromToday as day } from './support/dates.ts';

const browser = useBrowser();

async function signUp(page: Page) {
  const registerPage = new RegisterPage(page);
  await registerPage.open();
  await registerPage.signUp({ name: '販売担当', email: uniqueEmail('sales'), password: 'password123' });
  await page.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
  return SeedApi.of(page);
}

const EXHIBITION_URL = 'https://example.com/orders/1';

/**
 * ブックスタンド costs ¥640 (木材 ¥300 ×2 + ネジ ¥10 ×4), あかりランプ ¥100 (ネジ ×10). Four sales:
 * one 400 days ago (outside the default period, from the first day of the month 11 months ago),
 * then 2 × ¥2,500 with a URL and notes, 1 × ¥2,400 and 3 あかりランプ × ¥4,800. Stock left:
 * ブックスタンド 20 − 4 = 16, あかりランプ 10 − 3 = 7. カップ was never sold.
 */
async function seed(api: SeedApi) {
  const wood = await api.createPart({ name: '木材', current_stock: 100, unit_price: 300 });
  const screw = await api.createPart({ name: 'ネジ', current_stock: 1000, unit_price: 10 });
  const stand = await api.createProduct({ name: 'ブックスタンド', selling_price: 2500, current_stock: 20 });
  const lamp = await api.createProduct({ name: 'あかりランプ', selling_price: 4800, current_stock: 10 });
  const cup = await api.createProduct({ name: 'カップ', selling_price: 1200, current_stock: 5 });
  await api.setRecipe(stand.id, [
    [wood.id, 2],
    [screw.id, 4],
  ]);
  await api.setRecipe(lamp.id, [[screw.id, 10]]);
  await api.sell(stand.id, { quantity: 1, unit_price: 2000, sale_date: day(-400) });
  await api.sell(stand.id, { quantity: 2, unit_price: 2500, sale_date: day(-40), url: EXHIBITION_URL, notes: '展示会' });
  await api.sell(stand.id, { quantity: 1, unit_price: 2400, sale_date: day(-5) });
  await api.sell(lamp.id, { quantity: 3, unit_price: 4800, sale_date: day(-1) });
  return { stand, lamp, cup };
}

const DEFAULT_CARDS = { 総売上: '¥21,800', 総原価: '¥2,220', 総利益: '¥19,580', 利益率: '89.8%', 取引件数: '3件', 平均取引額: '¥7,266' };
const LAMP_ROW = ['あかりランプ', '3個', '¥4,800', '¥14,400', '¥300', '¥14,100', '97.9%', day(-1), '-', '-'];
const SMALL_STAND_ROW = ['ブックスタンド', '1個', '¥2,400', '¥2,400', '¥640', '¥1,760', '73.3%', day(-5), '-', '-'];
const EXHIBITION_ROW = ['ブックスタンド', '2個', '¥2,500', '¥5,000', '¥1,280', '¥3,720', '74.4%', day(-40), EXHIBITION_URL, '展示会'];

/** Follows the top navigation (a client-side route change: the query cache stays). */
async function navigate(page: Page, label: '商品管理' | '販売管理') {
  await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: label }).click();
  await page.getByRole('heading', { name: label, level: 1 }).waitFor();
}

describe('販売管理', () => {
  it('sums the period, filters, edits (moving stock), refuses an edit beyond the stock and deletes', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const { stand, lamp } = await seed(api);
    const sales = new SalesPage(page);
    await sales.open();

    // The default period: the six cards, the records (newest first) and the per-product totals.
    expect(await sales.summaryCards()).toEqual(DEFAULT_CARDS);
    for (const title of ['総利益', '利益率'] as const) {
      expect(await sales.summaryCard(title).locator('p').nth(1).getAttribute('class')).toContain('text-green-700');
    }
    expect(await sales.recordRows()).toEqual([LAMP_ROW, SMALL_STAND_ROW, EXHIBITION_ROW]);
    const link = sales.records().getByRole('link', { name: `「ブックスタンド」${day(-40)}の売上のURLを開く` });
    expect(await link.getAttribute('target')).toBe('_blank');
    expect(await sales.productRows()).toEqual([
      ['あかりランプ', '3個', '¥14,400', '¥300', '¥14,100', '97.9%', '¥4,800', '1件'],
      ['ブックスタンド', '3個', '¥7,400', '¥1,920', '¥5,480', '74.1%', '¥2,467', '2件'],
    ]);
    expect(await sales.productFilterOptions()).toEqual(['全商品', 'あかりランプ', 'カップ', 'ブックスタンド']);

    // The trend: its title, the chart, and the same sales month by month (the table for screen readers).
    const trend = sales.trend();
    await trend.getByRole('heading', { name: '月別売上推移' }).waitFor();
    await sales.waitForTrendChart();
    const trendTotal = async () => {
      const monthSales = await trend.getByRole('table').locator('tbody tr td:nth-child(2)').allTextContents();
      expect(monthSales).toHaveLength(12);
      return monthSales.reduce((sum, text) => sum + Number(text.replace(/[¥,]/g, '')), 0);
    };
    expect(await trendTotal()).toBe(21_800);
    await saveScreenshot(page, 'sales-desktop');

    // Filters: a product, then a shorter period; reset; a longer period; an end before the start.
    await sales.setFilters({ product: 'ブックスタンド' });
    await expect
      .poll(() => sales.summaryCards())
      .toEqual({ 総売上: '¥7,400', 総原価: '¥1,920', 総利益: '¥5,480', 利益率: '74.1%', 取引件数: '2件', 平均取引額: '¥3,700' });
    // The trend follows the product too (its sale of 400 days ago is older than the 12 months).
    await trend.getByText('「ブックスタンド」の直近12か月の売上・原価・利益', { exact: true }).waitFor();
    await expect.poll(trendTotal).toBe(7_400);
    expect(await sales.recordRows()).toEqual([SMALL_STAND_ROW, EXHIBITION_ROW]);
    expect((await sales.productRows()).map((row) => row[0])).toEqual(['ブックスタンド']);
    await sales.setFilters({ start: day(-10) });
    await expect.poll(() => sales.summaryCards()).toMatchObject({ 総売上: '¥2,400', 取引件数: '1件' });
    expect(await sales.recordRows()).toEqual([SMALL_STAND_ROW]);
    await sales.resetFilters();
    await expect.poll(() => sales.summaryCards()).toEqual(DEFAULT_CARDS);
    expect(await sales.filters().getByLabel('商品').inputValue()).toBe('');
    await expect.poll(trendTotal).toBe(21_800);
    await sales.setFilters({ start: day(-500) });
    await expect
      .poll(() => sales.summaryCards())
      .toEqual({ 総売上: '¥23,800', 総原価: '¥2,860', 総利益: '¥20,940', 利益率: '88.0%', 取引件数: '4件', 平均取引額: '¥5,950' });
    expect(await sales.recordRows()).toHaveLength(4);
    await sales.setFilters({ end: day(-1) });
    await expect.poll(() => sales.summaryCards()).toMatchObject({ 取引件数: '4件' });
    await sales.setFilters({ start: day(0) });
    await sales.filters().getByText('終了日は開始日以降の日付にしてください', { exact: true }).waitFor();
    expect(await sales.summaryCards()).toMatchObject({ 取引件数: '4件' });
    await sales.resetFilters();
    await expect.poll(() => sales.summaryCards()).toEqual(DEFAULT_CARDS);

    // Edit: the contract's messages, then 3 instead of 1 with a URL; 更新中... while it saves.
    const edit = await sales.chooseAction('ブックスタンド', day(-5), '編集');
    expect(await edit.getByLabel('商品').locator('option:checked').textContent()).toBe('ブックスタンド');
    expect(await edit.getByLabel('数量').inputValue()).toBe('1');
    expect(await edit.getByLabel('単価（円）').inputValue()).toBe('2400');
    expect(await edit.getByLabel('販売日').inputValue()).toBe(day(-5));
    await edit.getByLabel('数量').fill('0');
    await edit.getByLabel('単価（円）').fill('');
    await edit.getByLabel('販売日').fill('');
    await edit.getByLabel('URL').fill('example.com');
    await edit.getByRole('button', { name: '更新', exact: true }).click();
    await edit.getByText('数量は1以上で入力してください', { exact: true }).waitFor();
    expect(await sales.fieldErrors(edit)).toEqual([
      '数量は1以上で入力してください',
      '単価は数値で入力してください',
      '販売日は必須です',
      'URLはhttp://またはhttps://で始まる正しい形式で入力してください',
    ]);
    await saveScreenshot(page, 'sales-edit-modal-desktop');
    await edit.getByLabel('数量').fill('3');
    await edit.getByLabel('単価（円）').fill('2400');
    await edit.getByLabel('販売日').fill(day(-5));
    await edit.getByLabel('URL').fill('https://example.com/orders/2');
    await edit.getByLabel('備考').fill('追加注文');
    await edit.getByText('合計金額: ¥7,200').waitFor();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/sales/*', async (route) => {
      if (route.request().method() === 'PUT') await held;
      await route.continue();
    });
    await edit.getByRole('button', { name: '更新', exact: true }).click();
    await edit.getByRole('button', { name: '更新中...' }).waitFor();
    expect(await edit.getByRole('button', { name: '更新中...' }).isDisabled()).toBe(true);
    release();
    await sales.toast('売上記録を更新しました').waitFor();
    await edit.waitFor({ state: 'detached' });
    await page.unroute('**/api/sales/*');
    await expect
      .poll(() => sales.recordRows())
      .toEqual([
        LAMP_ROW,
        ['ブックスタンド', '3個', '¥2,400', '¥7,200', '¥1,920', '¥5,280', '73.3%', day(-5), 'https://example.com/orders/2', '追加注文'],
        EXHIBITION_ROW,
      ]);
    expect(await sales.summaryCards()).toMatchObject({ 総売上: '¥26,600', 取引件数: '3件' });

    // The two more sold left the stock: 16 − 2 = 14 on 商品管理.
    await navigate(page, '商品管理');
    const products = new ProductsPage(page);
    await products.row('ブックスタンド').getByText('14個', { exact: true }).waitFor();
    await navigate(page, '販売管理');

    // Beyond the stock: the server's message, the dialog stays open, nothing changes.
    const refused = await sales.chooseAction('ブックスタンド', day(-5), '編集');
    await refused.getByLabel('数量').fill('100');
    await refused.getByRole('button', { name: '更新', exact: true }).click();
    await sales.toast('販売数量が在庫数を超えています(在庫: 17個)').waitFor();
    expect(await refused.getByRole('heading', { name: '売上記録の編集' }).isVisible()).toBe(true);
    expect(await refused.getByLabel('数量').inputValue()).toBe('100');
    await saveScreenshot(page, 'sales-edit-refused-desktop');
    await refused.getByRole('button', { name: 'キャンセル' }).click();
    await refused.waitFor({ state: 'detached' });
    expect((await api.product(stand.id)).current_stock).toBe(14);

    // Delete: the confirmation names the sale; its 3 go back to あかりランプ.
    const remove = await sales.chooseAction('あかりランプ', day(-1), '削除');
    for (const text of ['あかりランプ', '3個', '¥14,400', day(-1), '販売数量（3個）は商品の在庫に戻ります。']) {
      await remove.getByText(text, { exact: true }).waitFor();
    }
    await saveScreenshot(page, 'sales-delete-modal-desktop');
    await remove.getByRole('button', { name: '削除', exact: true }).click();
    await sales.toast('売上記録を削除しました').waitFor();
    await remove.waitFor({ state: 'detached' });
    await expect.poll(async () => (await sales.recordRows()).map((row) => row[0])).toEqual(['ブックスタンド', 'ブックスタンド']);
    expect(await sales.summaryCards()).toMatchObject({ 総売上: '¥12,200', 取引件数: '2件' });
    expect((await api.product(lamp.id)).current_stock).toBe(10);
    expect((await api.sales()).map((sale) => sale.product_name)).toEqual(['ブックスタンド', 'ブックスタンド', 'ブックスタンド']);
  });
});

describe('販売管理 with a deleted product', () => {
  it('keeps its sales under their name; an edit must move them to an existing product', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const { lamp, cup } = await seed(api);
    await api.sell(cup.id, { quantity: 2, unit_price: 1200, sale_date: day(-2) });
    await api.deleteProduct(cup.id);
    const sales = new SalesPage(page);
    await sales.open();
    expect(await sales.summaryCards()).toMatchObject({ 総売上: '¥24,200', 取引件数: '4件' });
    expect((await sales.recordRows())[1]).toEqual(['カップ', '2個', '¥1,200', '¥2,400', '¥0', '¥2,400', '100.0%', day(-2), '-', '-']);
    expect((await sales.productRows()).map((row) => row[0])).toEqual(['あかりランプ', 'ブックスタンド', 'カップ']);
    expect(await sales.productFilterOptions()).toEqual(['全商品', 'あかりランプ', 'ブックスタンド']);

    // Deleting it returns nothing to a stock: the confirmation does not promise it.
    const remove = await sales.chooseAction('カップ', day(-2), '削除');
    await remove.getByText('2個', { exact: true }).waitFor();
    expect(await remove.getByText('商品の在庫に戻ります', { exact: false }).count()).toBe(0);
    await remove.getByRole('button', { name: 'キャンセル' }).click();
    await remove.waitFor({ state: 'detached' });

    // The edit starts without a product; moved to あかりランプ it takes 2 of its 7.
    const edit = await sales.chooseAction('カップ', day(-2), '編集');
    expect(await edit.getByLabel('商品').inputValue()).toBe('');
    await edit.getByRole('button', { name: '更新', exact: true }).click();
    await edit.getByText('商品を選択してください', { exact: true }).and(edit.locator('p')).waitFor();
    await edit.getByLabel('商品').selectOption({ label: 'あかりランプ' });
    await edit.getByRole('button', { name: '更新', exact: true }).click();
    await sales.toast('売上記録を更新しました').waitFor();
    await expect.poll(async () => (await sales.recordRows())[1]?.slice(0, 5)).toEqual(['あかりランプ', '2個', '¥1,200', '¥2,400', '¥200']);
    expect((await api.product(lamp.id)).current_stock).toBe(5);
    expect((await sales.productRows()).map((row) => row[0])).toEqual(['あかりランプ', 'ブックスタンド']);
  });
});

describe('販売管理 at 375 px', () => {
  it('fits a phone: cards, record cards, the chart and the dialogs', async () => {
    const page = await browser.newPage({ width: 375, height: 800 });
    const api = await signUp(page);
    await seed(api);
    const sales = new SalesPage(page);
    await sales.open();
    expect(await sales.summaryCards()).toEqual(DEFAULT_CARDS);
    const cards = page.getByRole('list', { name: '売上記録' }).getByRole('listitem');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(3);
    await cards.nth(2).getByRole('link', { name: `「ブックスタンド」${day(-40)}の売上のURLを開く` }).waitFor();
    await page.getByRole('list', { name: '商品別売上' }).getByRole('listitem').first().waitFor();
    await sales.waitForTrendChart();
    expect(await sales.fitsWidth()).toBe(true);
    await saveScreenshot(page, 'sales-mobile');

    await page.evaluate(() => window.scrollTo(0, 0));
    const edit = await sales.chooseAction('ブックスタンド', day(-5), '編集');
    expect(await sales.fitsWidth()).toBe(true);
    await saveScreenshot(page, 'sales-edit-modal-mobile');
    await edit.getByRole('button', { name: 'キャンセル' }).click();
    await edit.waitFor({ state: 'detached' });
    await sales.chooseAction('ブックスタンド', day(-5), '削除');
    await saveScreenshot(page, 'sales-delete-modal-mobile');
  });
});
