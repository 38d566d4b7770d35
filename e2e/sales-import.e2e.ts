import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RegisterPage } from './pages/auth-pages.ts';
import { DashboardPage } from './pages/dashboard-page.ts';
import { SalesImportPage } from './pages/sales-import-page.ts';
import { SalesPage } from './pages/sales-page.ts';
import { SeedApi } from './pages/seed-api.ts';
import { saveScreenshot, uniqueEmail, useBrowser } from './support/browser.ts';
import { daysFromToday as day } from './support/dates.ts';

const browser = useBrowser();

async function signUp(page: Page) {
  const registerPage = new RegisterPage(page);
  await registerPage.open();
  await registerPage.signUp({ name: '通販担当', email: uniqueEmail('import'), password: 'password123' });
  await page.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();
  return SeedApi.of(page);
}

/** A BASE-like export (Japanese headers), dated today so this month's revenue moves. */
const ORDER_FILE = {
  name: 'base_orders.csv',
  content: [
    '注文ID,注文日時,商品名,バリエーション,商品コード,数量,価格,対応状況',
    `B-100,${day(0).replaceAll('-', '/')} 10:15,ブックスタンド,,,2,"2,500",対応済`,
    `B-101,${day(0).replaceAll('-', '/')} 11:40,ランプ（小）,,,1,4800,対応済`,
    `B-102,${day(0).replaceAll('-', '/')} 12:00,ブックスタンド,,,1,2500,キャンセル`,
  ].join('\n'),
};

describe('注文を取り込む', () => {
  it('maps a new shop format, resolves an unmatched line, imports, and the sales and dashboard change; a second import adds nothing', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    await api.createProduct({ name: 'ブックスタンド', selling_price: 2500, current_stock: 10 });
    await api.createProduct({ name: 'あかりランプ', selling_price: 4800, current_stock: 5 });

    const dashboard = new DashboardPage(page);
    await dashboard.open();
    expect((await dashboard.tiles())['今月の売上']).toBe('¥0');

    const sales = new SalesPage(page);
    await sales.open();
    await page.getByRole('link', { name: '注文を取り込む' }).click();
    const importPage = new SalesImportPage(page);
    await importPage.heading().waitFor();

    await importPage.chooseFile(ORDER_FILE);
    await importPage.chooseSource('新しい形式を登録...');
    expect(await importPage.mappedColumns()).toMatchObject({
      '注文番号（必須）': '注文ID',
      '注文日（必須）': '注文日時',
      'SKU・商品コード': '商品コード',
      商品名: '商品名',
      '数量（必須）': '数量',
      '単価（必須）': '価格',
      ステータス: '対応状況',
    });
    await saveScreenshot(page, 'sales-import-mapping');
    await importPage.saveFormat('BASE');

    expect(await importPage.counts('preview')).toMatchObject({ 注文行: '3件', 取り込む: '1件', 商品が未対応: '1件', 取り込まない: '1件' });
    await importPage.chooseProductFor('ランプ（小）', 'あかりランプ');
    await importPage.previewSection().getByText('2件を売上として取り込みます').waitFor();
    expect(await importPage.counts('preview')).toMatchObject({ 取り込む: '2件', 商品が未対応: '0件' });
    await saveScreenshot(page, 'sales-import-preview');

    await importPage.importNow();
    expect(await importPage.counts('result')).toMatchObject({ 取り込み: '2件', 取り込み済み: '0件' });
    await expect.poll(() => importPage.historyRows().count()).toBeGreaterThanOrEqual(1);

    await importPage.resultSection().getByRole('link', { name: '売上記録を見る' }).click();
    await sales.heading().waitFor();
    await sales.records().getByText('BASE 注文 B-100').first().waitFor();
    await sales.records().getByText('BASE 注文 B-101').first().waitFor();
    expect((await sales.summaryCards())['総売上']).toBe('¥9,800');

    await dashboard.open();
    await expect.poll(async () => (await dashboard.tiles())['今月の売上']).toBe('¥9,800');

    // The same file again: every line is already imported.
    await importPage.open();
    await importPage.chooseFile(ORDER_FILE);
    await importPage.chooseSource('BASE');
    await importPage.preview();
    expect(await importPage.counts('preview')).toMatchObject({ 取り込む: '0件', 取り込み済み: '3件' });
    await importPage.previewSection().getByText('新しく取り込む注文はありません').waitFor();
    expect(await importPage.previewSection().getByRole('button', { name: '取り込む' }).isDisabled()).toBe(true);
  });
});
