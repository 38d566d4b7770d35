import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RegisterPage } from './pages/auth-pages.ts';
import { PartsApi } from './pages/parts-page.ts';
import { StocktakesPage, ValuationPage } from './pages/stocktakes-page.ts';
import { ApiSession } from './support/api-session.ts';
import { SCREENSHOT_DIR, saveScreenshot, uniqueEmail, useBrowser } from './support/browser.ts';

const browser = useBrowser();

// 棚卸し on a phone (375 px): start a count, count a few parts with the big field and its +
// button, look at the variances, commit, and find the stocktake's rows in the parts' ledger.
// 在庫評価 of the year's end by both methods, and its 棚卸表 printed to PDF (saved beside the
// screenshots, with a PNG of its first page when pdftoppm is there).

async function signUp(width: number) {
  const page = await browser.newPage({ width, height: 800 });
  await new RegisterPage(page).open();
  await new RegisterPage(page).signUp({ name: '棚卸 担当', email: uniqueEmail('stocktake'), password: 'password123' });
  await page.getByRole('heading', { name: 'ダッシュボード' }).waitFor();
  return page;
}

describe('棚卸し at phone width', () => {
  it('counts a few parts, reviews the variances, commits, and the ledger shows the stocktake rows', async () => {
    const page = await signUp(375);
    const api = await PartsApi.of(page);
    const board = await api.createPart({ name: '杉板 300', part_number: 'W-300', unit: '枚', unit_price: 420, current_stock: 12 });
    const screw = await api.createPart({ name: '木ネジ 25', unit: '本', unit_price: 4.5, current_stock: 300 });
    await api.createPart({ name: '蝶番 小', unit_price: 180, current_stock: 0 });

    // From 部品管理, where the stock is kept.
    await page.goto('/parts');
    await page.getByRole('link', { name: '棚卸し' }).click();
    const stocktakes = new StocktakesPage(page);
    await page.getByRole('heading', { name: '棚卸し', level: 1 }).waitFor();
    await stocktakes.start('年末棚卸し');
    expect(await stocktakes.progress().getAttribute('aria-valuemax')).toBe('3');

    // A blind count: the expected stock shows only once the line is counted.
    await stocktakes.search('杉板');
    await stocktakes.line('杉板 300').getByRole('button', { name: /杉板 300/ }).click();
    await stocktakes.line('杉板 300').getByText('予定数は数えた後に表示').waitFor();
    await stocktakes.count('杉板 300', 10, 2);
    await stocktakes.page.getByText('未カウント 0件').waitFor();
    await stocktakes.count('木ネジ 25', 305);
    await stocktakes.count('蝶番 小', 0);
    await page.getByText('すべて数えました').waitFor();
    expect(await stocktakes.progress().getAttribute('aria-valuenow')).toBe('3');
    await saveScreenshot(page, 'stocktake-counted-375');

    // A receipt while counting stays in the stock after the commit.
    await (await ApiSession.of(page)).post(`/parts/${screw.id}/stock-entry`, { quantity: 50, entry_date: '2025-12-30' });

    await stocktakes.openTab('差異の確認');
    const variances = stocktakes.varianceList();
    await variances.waitFor();
    // Sorted by value: the boards (−2 × ¥420) before the screws (+5 × ¥4.5).
    expect(await variances.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/^杉板 300[\s\S]*-¥840[\s\S]*差異 -2/),
      expect.stringMatching(/^木ネジ 25[\s\S]*\+¥22\.50[\s\S]*差異 \+5/),
    ]);
    await saveScreenshot(page, 'stocktake-review-375');
    await stocktakes.commit('破損');

    const session = await ApiSession.of(page);
    expect((await session.get<{ current_stock: number }>(`/parts/${board.id}`)).current_stock).toBe(10);
    expect((await session.get<{ current_stock: number }>(`/parts/${screw.id}`)).current_stock).toBe(355);

    // The ledger of 杉板 300 in its detail: the stocktake row with its reason.
    await page.goto('/parts');
    await page.getByRole('button', { name: '杉板 300', exact: true }).click();
    const history = page.getByRole('dialog', { name: '杉板 300' }).getByRole('table', { name: '在庫履歴' });
    await history.waitFor();
    const rows = await history.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td')).slice(1).map((td) => td.textContent?.trim())));
    expect(rows).toEqual([
      ['棚卸し', '-2', '10枚', '棚卸 担当', '破損'],
      ['初期在庫', '+12', '12枚', '棚卸 担当', '-'],
    ]);
    await saveScreenshot(page, 'stocktake-ledger-375');
  });
});

describe('在庫評価', () => {
  it('values the year end by both methods and prints the 棚卸表 to PDF', async () => {
    const page = await signUp(1280);
    const api = await PartsApi.of(page);
    const session = await ApiSession.of(page);
    const board = await api.createPart({ name: '杉板 300', part_number: 'W-300', unit: '枚', unit_price: 400 });
    await session.post(`/parts/${board.id}/stock-entry`, { quantity: 10, unit_price: 420, entry_date: '2025-11-01' });
    await session.post(`/parts/${board.id}/stock-entry`, { quantity: 10, unit_price: 480, entry_date: '2025-12-20' });
    // Entered in January for 28 December: it counts in December.
    await session.post(`/parts/${board.id}/stock-entry`, { quantity: 5, unit_price: 390, entry_date: '2025-12-28' });

    const valuation = new ValuationPage(page);
    await valuation.open();
    await valuation.show('2025-12-31', '最終仕入原価法');
    await expect.poll(() => valuation.row('部品', '杉板 300')).toEqual(['杉板 300\nW-300', '25枚', '¥390', '¥9,750']);
    expect(await valuation.total('合計').innerText()).toBe('¥9,750');

    // (10 × 420 + 10 × 480) / 20 = 450, then (20 × 450 + 5 × 390) / 25 = 438: 25 × 438.
    await valuation.show('2025-12-31', '移動平均法');
    await expect.poll(() => valuation.row('部品', '杉板 300')).toEqual(['杉板 300\nW-300', '25枚', '¥438', '¥10,950']);
    await saveScreenshot(page, 'valuation-1280');

    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const pdf = path.join(SCREENSHOT_DIR, 'valuation-sheet.pdf');
    writeFileSync(pdf, await page.pdf({ format: 'A4', preferCSSPageSize: true, printBackground: true }));
    // The printed sheet alone: its heading, the workspace, the method, the total; no navigation.
    await page.emulateMedia({ media: 'print' });
    const sheet = page.locator('body > .print-sheet');
    expect(await sheet.isVisible()).toBe(true);
    expect(await sheet.innerText()).toMatch(/棚卸 担当のワークスペース[\s\S]*棚卸表[\s\S]*評価日\s*2025年12月31日[\s\S]*移動平均法[\s\S]*期末棚卸高 合計\s*¥10,950/);
    expect(await page.getByRole('navigation', { name: 'メインメニュー' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    if (existsSync('/usr/bin/pdftoppm')) execFileSync('/usr/bin/pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', pdf, path.join(SCREENSHOT_DIR, 'valuation-sheet')]);
  });
});
