import type { CDPSession, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PartsPage } from './pages/parts-page.ts';
import { saveScreenshot, uniqueEmail, useBrowser } from './support/browser.ts';
import { localToday, openParts, signUpForParts } from './support/parts-setup.ts';

const browser = useBrowser();

const signUp = (page: Page, name = '部品担当') => signUpForParts(page, { name, email: uniqueEmail('parts') });

describe('adding and editing parts', () => {
  it('adds a part through the modal (validation, tags created inline) and shows it in the table', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    await api.createTag('電子部品');
    const parts = new PartsPage(page);
    await parts.open();
    await page.getByText('部品が登録されていません').waitFor();

    await page.getByRole('button', { name: '部品を追加' }).click();
    const dialog = await parts.waitForDialog('部品を追加');
    expect(await dialog.getByLabel('現在在庫', { exact: true }).inputValue()).toBe('0');
    expect(await dialog.getByLabel('最小在庫アラート').inputValue()).toBe('0');
    expect(await dialog.getByLabel('単位').getAttribute('placeholder')).toBe('個');
    expect(await dialog.getByLabel('単位').getAttribute('maxlength')).toBe('20');
    expect(await dialog.getByLabel('単価（円）').getAttribute('step')).toBe('0.01');
    expect(await dialog.getByLabel('URL').getAttribute('type')).toBe('url');

    await parts.fillPartForm({ 部品名: '   ', URL: 'not a url' });
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.getByText('部品名は必須です').waitFor();
    await dialog.getByText('URLはhttp://またはhttps://で始まる正しい形式で入力してください').waitFor();
    await saveScreenshot(page, 'parts-form-errors-desktop-light');

    await parts.fillPartForm({
      部品名: 'LED 赤 5mm 高輝度タイプ（100個入り）',
      単位: '袋',
      '単価（円）': '1234.5',
      現在在庫: '3',
      最小在庫アラート: '5',
      URL: 'https://example.com/led',
      品番: 'P-0012',
      カテゴリ: '照明',
    });
    const tagInput = dialog.getByRole('combobox', { name: 'タグ' });
    await tagInput.fill('電子');
    await dialog.getByRole('option', { name: '電子部品' }).click();
    await tagInput.fill('新しいタグ');
    await tagInput.press('Enter');
    await dialog.getByRole('list', { name: '選択中のタグ' }).getByText('新しいタグ').waitFor();
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });
    await parts.toast('部品「LED 赤 5mm 高輝度タイプ（100個入り）」を追加しました').waitFor();

    const row = parts.row('LED 赤 5mm 高輝度タイプ（100個入り）');
    await row.waitFor();
    // 13 characters, then the cut; the full name is the tooltip.
    expect(await row.getByRole('button', { name: 'LED 赤 5mm 高輝度...' }).getAttribute('title')).toBe('LED 赤 5mm 高輝度タイプ（100個入り）');
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(1, 4)).toEqual(['3袋', '5', '¥1,234']);
    await row.getByText('電子部品').waitFor();
    await row.getByText('新しいタグ').waitFor();
    await row.getByText('在庫不足').waitFor();
    expect(await row.getByRole('link', { name: /のURLを開く$/ }).getAttribute('target')).toBe('_blank');
    expect(await parts.count()).toBe('全1件');

    const [created] = (await api.call<Array<{ id: number; tag_ids: number[]; unit_price: number; unit: string; category: string }>>('GET', '/parts')).body;
    expect(created).toMatchObject({ unit_price: 1234.5, unit: '袋', category: '照明' });
    expect(created?.tag_ids).toHaveLength(2);
  });

  it('edits a part with 詳細編集 and swaps its tags one by one', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const keep = await api.createTag('残す');
    const drop = await api.createTag('外す');
    const add = await api.createTag('足す');
    const part = await api.createPart({ name: 'ケーブル', current_stock: 20, min_stock_alert: 2, unit_price: 80 });
    await api.tagPart(part.id, keep.id);
    await api.tagPart(part.id, drop.id);
    const parts = await openParts(page);

    const tagCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/parts\/\d+\/tags/.test(request.url())) tagCalls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await parts.rowAction('ケーブル', '詳細編集');
    const dialog = await parts.waitForDialog('部品を編集');
    expect(await dialog.getByLabel('部品名').inputValue()).toBe('ケーブル');
    await parts.fillPartForm({ 部品名: 'ケーブル 1m', 最小在庫アラート: '30', 品番: 'CBL-1' });
    await dialog.getByRole('button', { name: '外すを外す' }).click();
    await dialog.getByRole('combobox', { name: 'タグ' }).fill('足');
    await dialog.getByRole('option', { name: '足す' }).click();
    await dialog.getByRole('button', { name: '保存' }).click();
    await dialog.waitFor({ state: 'detached' });

    const row = parts.row('ケーブル 1m');
    await row.getByText('在庫不足').waitFor();
    await row.getByText('CBL-1').waitFor();
    expect(tagCalls).toEqual([`DELETE /api/parts/${part.id}/tags/${drop.id}`, `POST /api/parts/${part.id}/tags`]);
    const saved = await api.getPart(part.id);
    expect(saved).toMatchObject({ name: 'ケーブル 1m', min_stock_alert: 30, part_number: 'CBL-1', current_stock: 20, unit_price: 80 });
    expect([...saved.tag_ids].sort()).toEqual([keep.id, add.id].sort());
  });

  it('shows the server refusal of a duplicate name in the form', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    await api.createPart({ name: 'ネジ M3' });
    const parts = await openParts(page);
    await page.getByRole('button', { name: '部品を追加' }).click();
    await parts.fillPartForm({ 部品名: 'ネジ M3' });
    await parts.dialog('部品を追加').getByRole('button', { name: '保存' }).click();
    const toast = parts.page.locator('[data-sonner-toast][data-type="error"]');
    await toast.waitFor();
    expect(await toast.innerText()).toContain('同じ名前の部品が既に存在します');
    await parts.waitForDialog('部品を追加');
  });
});

describe('inline editing and the lock', () => {
  it('refuses inline edits while locked and saves them when unlocked; the choice survives a reload', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const part = await api.createPart({ name: 'ボルト', current_stock: 10, min_stock_alert: 2, unit_price: 15 });
    const parts = await openParts(page);
    const row = parts.row('ボルト');

    expect(await parts.lockSwitch().getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('button', { name: '「ボルト」の現在在庫を編集' }).count()).toBe(0);
    await row.getByRole('cell').nth(1).click();
    expect(await row.getByRole('textbox').count()).toBe(0);

    await parts.setLocked(false);
    expect(await page.evaluate(() => localStorage.getItem('parts_table_locked'))).toBe('false');
    await page.getByRole('button', { name: '「ボルト」の現在在庫を編集' }).click();
    const stockInput = page.getByRole('textbox', { name: '「ボルト」の現在在庫' });
    await stockInput.fill('42');
    await stockInput.press('Enter');
    await expect.poll(async () => (await api.getPart(part.id)).current_stock).toBe(42);
    await row.getByText('42').waitFor();

    // Escape cancels.
    await page.getByRole('button', { name: '「ボルト」の最小在庫を編集' }).click();
    await page.getByRole('textbox', { name: '「ボルト」の最小在庫' }).fill('99');
    await page.getByRole('textbox', { name: '「ボルト」の最小在庫' }).press('Escape');
    expect((await api.getPart(part.id)).min_stock_alert).toBe(2);

    // A negative value is clamped to the minimum 0 and saved on blur.
    await page.getByRole('button', { name: '「ボルト」の最小在庫を編集' }).click();
    await page.getByRole('textbox', { name: '「ボルト」の最小在庫' }).fill('-3');
    await page.getByRole('heading', { name: '部品管理' }).click();
    await expect.poll(async () => (await api.getPart(part.id)).min_stock_alert).toBe(0);

    // Non-numeric text unsets the price.
    await page.getByRole('button', { name: '「ボルト」の単価を編集' }).click();
    await page.getByRole('textbox', { name: '「ボルト」の単価' }).fill('abc');
    await page.getByRole('textbox', { name: '「ボルト」の単価' }).press('Enter');
    await expect.poll(async () => (await api.getPart(part.id)).unit_price).toBeNull();
    await saveScreenshot(page, 'parts-unlocked-desktop-light');

    await page.reload();
    await parts.waitForList();
    expect(await parts.lockSwitch().getAttribute('aria-checked')).toBe('true');
    await parts.setLocked(true);
    await page.reload();
    await parts.waitForList();
    expect(await parts.lockSwitch().getAttribute('aria-checked')).toBe('false');
    expect(await page.getByRole('button', { name: '「ボルト」の単価を編集' }).count()).toBe(0);
  });
});

describe('receiving, ordering and the history', () => {
  it('receives stock (入荷), orders (発注) and shows the movements newest first in the detail view', async () => {
    const page = await browser.newPage();
    const api = await signUp(page, '入荷担当');
    const part = await api.createPart({ name: 'コンデンサ', unit: '本', current_stock: 4, min_stock_alert: 5, unit_price: 30 });
    const parts = await openParts(page);
    await parts.row('コンデンサ').getByText('在庫不足').waitFor();

    await parts.rowAction('コンデンサ', '入荷');
    const receive = await parts.waitForDialog('入荷');
    expect(await receive.getByLabel('数量').inputValue()).toBe('1');
    expect(await receive.getByLabel('入荷日').inputValue()).toBe(localToday());
    expect(await receive.getByLabel('単価（円）').inputValue()).toBe('30');
    await receive.getByLabel('数量').fill('0');
    await receive.getByRole('button', { name: '入荷を登録' }).click();
    await receive.getByText('数量は1以上で入力してください').waitFor();
    await receive.getByLabel('数量').fill('6');
    await receive.getByLabel('備考').fill('初回ロット');
    await receive.getByRole('button', { name: '入荷を登録' }).click();
    await receive.waitFor({ state: 'detached' });
    await parts.toast('「コンデンサ」を6本入荷しました（在庫: 10本）').waitFor();
    await parts.row('コンデンサ').getByText('在庫あり').waitFor();
    expect((await parts.row('コンデンサ').getByRole('cell').nth(1).innerText()).trim()).toBe('10本');

    await parts.rowAction('コンデンサ', '発注');
    const order = await parts.waitForDialog('発注');
    expect(await order.getByLabel('発注数量').inputValue()).toBe('1');
    expect(await order.getByLabel('発注日').inputValue()).toBe(localToday());
    await order.getByLabel('発注数量').fill('25');
    await order.getByLabel('納入予定日（任意）').fill('2099-01-31');
    await order.getByRole('button', { name: '発注を作成' }).click();
    await order.waitFor({ state: 'detached' });
    await parts.toast('「コンデンサ」を25本発注しました').waitFor();
    const orders = await api.listOrders();
    expect(orders).toEqual([
      expect.objectContaining({ part_id: part.id, part_name: 'コンデンサ', quantity: 25, order_date: localToday(), expected_delivery_date: '2099-01-31', status: 'ordered' }),
    ]);

    await parts.setLocked(false);
    await page.getByRole('button', { name: '「コンデンサ」の現在在庫を編集' }).click();
    await page.getByRole('textbox', { name: '「コンデンサ」の現在在庫' }).fill('7');
    await page.getByRole('textbox', { name: '「コンデンサ」の現在在庫' }).press('Enter');
    await expect.poll(async () => (await api.getPart(part.id)).current_stock).toBe(7);

    await parts.row('コンデンサ').getByRole('button', { name: 'コンデンサ', exact: true }).click();
    const detail = parts.dialog('コンデンサ');
    const history = detail.getByRole('table', { name: '在庫履歴' });
    await history.waitFor();
    const rows = await history.locator('tbody tr').evaluateAll((trs) =>
      trs.map((tr) => Array.from(tr.querySelectorAll('td')).slice(1, 5).map((td) => td.textContent?.trim())),
    );
    expect(rows).toEqual([
      ['在庫修正', '-3', '7本', '入荷担当'],
      ['入荷', '+6', '10本', '入荷担当'],
      ['初期在庫', '+4', '4本', '入荷担当'],
    ]);
    const receipts = detail.getByRole('table', { name: '入荷履歴' });
    await receipts.getByText('初回ロット').waitFor();
    expect(await receipts.locator('tbody tr').first().locator('td').first().innerText()).toBe(localToday());
    await saveScreenshot(page, 'parts-detail-desktop-light');

    await detail.getByRole('button', { name: '編集' }).click();
    await parts.waitForDialog('部品を編集');
  });
});

describe('filtering and sorting', () => {
  it('filters by search (name, part number, category, any width or case), stock and all chosen tags, and resets', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const light = await api.createTag('ライト');
    const metal = await api.createTag('金物');
    const led = await api.createPart({ name: 'LED 赤', part_number: 'P-0012', category: '電子部品', current_stock: 3, min_stock_alert: 5 });
    await api.createPart({ name: 'ケーブル', category: '配線', current_stock: 0 });
    const screw = await api.createPart({ name: 'ネジ M3', part_number: 'SCR-3', current_stock: 100, min_stock_alert: 10 });
    await api.createPart({ name: '抵抗', part_number: 'R-10K', category: '電子部品', current_stock: 10, min_stock_alert: 10 });
    await api.tagPart(led.id, light.id);
    await api.tagPart(screw.id, light.id);
    await api.tagPart(screw.id, metal.id);
    const parts = await openParts(page);
    const sorted = async () => (await parts.shownNames()).sort();
    expect(await parts.count()).toBe('全4件');

    await parts.search('led');
    await expect.poll(sorted).toEqual(['LED 赤']);
    expect(await parts.count()).toBe('全1件');
    await parts.search('ｓｃｒ');
    await expect.poll(sorted).toEqual(['ネジ M3']);
    await parts.search('電子');
    await expect.poll(sorted).toEqual(['LED 赤', '抵抗']);
    await parts.search('該当なし');
    await page.getByText('条件に一致する部品がありません').waitFor();
    await parts.search('');

    await parts.stockFilter('在庫不足');
    await expect.poll(sorted).toEqual(['LED 赤', 'ケーブル', '抵抗']);
    await parts.stockFilter('在庫切れ');
    await expect.poll(sorted).toEqual(['ケーブル']);
    await parts.stockFilter('すべて');

    // The open list makes the rest of the page inert (hidden from roles), so it is closed before each look.
    const toggleTag = async (name: string) => {
      await page.getByRole('button', { name: /^タグで絞り込み/ }).click();
      await page.getByRole('option', { name }).click();
      await page.keyboard.press('Escape');
    };
    await toggleTag('ライト');
    await expect.poll(sorted).toEqual(['LED 赤', 'ネジ M3']);
    await toggleTag('金物');
    await expect.poll(sorted).toEqual(['ネジ M3']);
    expect(await page.getByRole('button', { name: 'タグで絞り込み: ライト、金物' }).count()).toBe(1);
    await parts.search('ネジ');
    await parts.stockFilter('在庫不足');
    await page.getByText('条件に一致する部品がありません').waitFor();
    await saveScreenshot(page, 'parts-filtered-empty-desktop-light');

    await page.getByRole('button', { name: 'リセット' }).click();
    await expect.poll(sorted).toEqual(['LED 赤', 'ケーブル', 'ネジ M3', '抵抗']);
    expect(await page.getByLabel('部品検索').inputValue()).toBe('');
    expect(await page.getByRole('button', { name: 'リセット' }).isDisabled()).toBe(true);
  });

  it('finds katakana from hiragana, combines tags with すべて or いずれか, marks inactive parts, and keeps the filters in the URL', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const light = await api.createTag('ライト');
    const metal = await api.createTag('金物');
    const led = await api.createPart({ name: 'LED 赤', current_stock: 3, min_stock_alert: 5 });
    const screw = await api.createPart({ name: 'ネジ M3', part_number: 'SCR-3', current_stock: 100, min_stock_alert: 10 });
    const old = await api.createPart({ name: '旧型スイッチ', current_stock: 10 });
    await api.createPart({ name: 'ぱっきん', current_stock: 10 });
    await api.tagPart(led.id, light.id);
    await api.tagPart(screw.id, metal.id);
    await api.call('PUT', `/parts/${old.id}`, { status: 'inactive' });
    const parts = await openParts(page);
    const sorted = async () => (await parts.shownNames()).sort();

    await parts.row('旧型スイッチ').getByText('停止中').waitFor();
    expect(await parts.row('ネジ M3').getByText('停止中').count()).toBe(0);

    await parts.search('ねじ');
    await expect.poll(sorted).toEqual(['ネジ M3']);
    await parts.search('ﾊﾟｯｷﾝ');
    await expect.poll(sorted).toEqual(['ぱっきん']);
    await parts.search('すいっち');
    await expect.poll(sorted).toEqual(['旧型スイッチ']);
    await parts.search('');

    // すべて is on and says so; いずれか widens the list to either tag.
    const match = page.getByRole('group', { name: '複数のタグの一致条件' });
    expect(await match.getByRole('radio', { name: 'すべて' }).isChecked()).toBe(true);
    for (const name of ['ライト', '金物']) {
      await page.getByRole('button', { name: /^タグで絞り込み/ }).click();
      await page.getByRole('option', { name }).click();
      await page.keyboard.press('Escape');
    }
    await page.getByText('条件に一致する部品がありません').waitFor();
    await match.getByText('いずれか').click();
    await expect.poll(sorted).toEqual(['LED 赤', 'ネジ M3']);
    await parts.stockFilter('在庫不足');
    await expect.poll(sorted).toEqual(['LED 赤']);
    await saveScreenshot(page, 'parts-tag-match-any-desktop-light');

    // The URL holds the filters: a reload keeps them, and the page opened afresh by that URL shows the same.
    await expect.poll(() => new URL(page.url()).searchParams.get('tag_match')).toBe('any');
    await page.reload();
    await expect.poll(sorted).toEqual(['LED 赤']);
    expect(await page.getByRole('group', { name: '複数のタグの一致条件' }).getByRole('radio', { name: 'いずれか' }).isChecked()).toBe(true);
    expect(await page.getByLabel('在庫状況').inputValue()).toBe('low');
    expect(await page.getByRole('button', { name: 'タグで絞り込み: ライト、金物' }).count()).toBe(1);
  });

  it('sorts every sortable column ascending on the first click and descending on the second', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    await api.createPart({ name: 'あんず', current_stock: 5, min_stock_alert: 1, unit_price: 300 });
    await api.createPart({ name: 'いちご', current_stock: 0, min_stock_alert: 0, unit_price: 100 });
    await api.createPart({ name: 'うめ', current_stock: 2, min_stock_alert: 5, unit_price: null });
    await api.createPart({ name: 'えだまめ', current_stock: 50, min_stock_alert: 10, unit_price: 20 });
    const parts = await openParts(page);
    const header = (name: string) => parts.table().getByRole('columnheader', { name });

    const expectations: Array<[Parameters<PartsPage['sortBy']>[0], string[], string[]]> = [
      ['部品名', ['あんず', 'いちご', 'うめ', 'えだまめ'], ['えだまめ', 'うめ', 'いちご', 'あんず']],
      ['現在在庫', ['いちご', 'うめ', 'あんず', 'えだまめ'], ['えだまめ', 'あんず', 'うめ', 'いちご']],
      ['最小在庫', ['いちご', 'あんず', 'うめ', 'えだまめ'], ['えだまめ', 'うめ', 'あんず', 'いちご']],
      // A part without a price stays last both ways.
      ['単価', ['えだまめ', 'いちご', 'あんず', 'うめ'], ['あんず', 'いちご', 'えだまめ', 'うめ']],
      // Out of stock, low, then in stock (ties keep the list order).
      ['ステータス', ['いちご', 'うめ', 'あんず', 'えだまめ'], ['あんず', 'えだまめ', 'うめ', 'いちご']],
    ];
    for (const [column, ascending, descending] of expectations) {
      await parts.sortBy(column);
      await expect.poll(() => parts.shownNames()).toEqual(ascending);
      expect(await header(column).getAttribute('aria-sort')).toBe('ascending');
      await parts.sortBy(column);
      await expect.poll(() => parts.shownNames()).toEqual(descending);
      expect(await header(column).getAttribute('aria-sort')).toBe('descending');
    }
  });
});

describe('deleting', () => {
  it('deletes a part after confirmation', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const part = await api.createPart({ name: '消す部品' });
    await api.createPart({ name: '残る部品' });
    const parts = await openParts(page);

    await parts.rowAction('消す部品', '削除');
    const dialog = parts.dialog('部品の削除');
    await parts.waitForDialog('部品の削除');
    await dialog.getByText('部品「消す部品」を削除しますか？').waitFor();
    await dialog.getByRole('button', { name: 'キャンセル' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await api.call('GET', `/parts/${part.id}`)).status).toBe(200);

    await parts.rowAction('消す部品', '削除');
    await parts.waitForDialog('部品の削除');
    await saveScreenshot(page, 'parts-delete-desktop-light');
    await dialog.getByRole('button', { name: '削除' }).click();
    await dialog.waitFor({ state: 'detached' });
    await parts.toast('部品「消す部品」を削除しました').waitFor();
    expect(await parts.shownNames()).toEqual(['残る部品']);
    expect((await api.call('GET', `/parts/${part.id}`)).status).toBe(404);
  });
});

/**
 * Touch input through the DevTools protocol: a real touch sequence, as a finger makes it. The
 * moves are sent without waiting in between, so the gesture takes about as long as the protocol
 * round trips; durationMs stretches it (a slow drag).
 */
async function touchDrag(cdp: CDPSession, from: { x: number; y: number }, to: { x: number; y: number }, durationMs = 0) {
  const steps = 4;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= steps; step++) {
    if (durationMs > 0) await new Promise((resolve) => setTimeout(resolve, durationMs / steps));
    const x = from.x + ((to.x - from.x) * step) / steps;
    const y = from.y + ((to.y - from.y) * step) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** A finger touching the middle of an element and lifting. */
async function touchTap(cdp: CDPSession, target: Locator) {
  const box = await target.boundingBox();
  if (!box) throw new Error('tap target not laid out');
  const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/**
 * Presses a revealed swipe action. Chromium does not reliably follow a protocol touch tap with a
 * click in a headless run, so the press is a click, given after the card's touch-mouse guard
 * (mouse input within 500 ms of a touch is ignored as the browser's emulated mouse events).
 */
async function pressAction(page: Page, action: Locator) {
  await page.waitForTimeout(600);
  await action.click();
}

/** The card has slid shut (and stays shut) while the focus is back on one of its hidden actions. */
async function expectClosedWithFocusOn(swipeable: Locator, action: Locator) {
  await expect.poll(() => action.evaluate((element) => element === document.activeElement)).toBe(true);
  await swipeable.page().waitForTimeout(300);
  expect(await swipeable.getAttribute('data-state')).toBe('closed');
  await expect.poll(() => swipeable.locator('[data-swipe-content]').evaluate((element) => getComputedStyle(element).transform)).toBe('matrix(1, 0, 0, 1, 0, 0)');
}

describe('mobile (375 px)', () => {
  it('shows cards instead of the table; a left swipe reveals 編集 and 削除; pull-to-refresh reloads the list', async () => {
    const page = await browser.newPage({ width: 375, height: 740 });
    const api = await signUp(page);
    await api.createPart({ name: 'ナット M3', current_stock: 40, min_stock_alert: 10, unit_price: 5, part_number: 'NUT-3', category: '金物' });
    await api.createPart({ name: 'リレー', current_stock: 0, unit_price: 120 });
    const parts = await openParts(page);
    expect(await parts.table().count()).toBe(0);
    const card = parts.card('ナット M3');
    await card.waitFor();
    await saveScreenshot(page, 'parts-mobile-light');

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const box = await card.boundingBox();
    if (!box) throw new Error('card not laid out');
    const middle = { y: box.y + box.height / 2 };
    const swipeable = page.locator('[data-state]').filter({ has: card });
    const editAction = swipeable.getByRole('button', { name: '編集', exact: true });

    await touchDrag(cdp, { x: box.x + 300, ...middle }, { x: box.x + 180, ...middle });
    await expect.poll(() => swipeable.getAttribute('data-state')).toBe('open');
    await swipeable.getByRole('button', { name: '削除', exact: true }).waitFor();
    await saveScreenshot(page, 'parts-mobile-swiped-light');
    await pressAction(page, editAction);
    const editDialog = await parts.waitForDialog('部品を編集');
    expect(await editDialog.getByLabel('部品名').inputValue()).toBe('ナット M3');
    await editDialog.getByRole('button', { name: 'キャンセル' }).click();
    await editDialog.waitFor({ state: 'detached' });

    // The dialog gives the focus back to the 編集 button; the card stays closed all the same.
    await expectClosedWithFocusOn(swipeable, editAction);
    await touchDrag(cdp, { x: box.x + 300, ...middle }, { x: box.x + 180, ...middle });
    await expect.poll(() => swipeable.getAttribute('data-state')).toBe('open');
    const deleteAction = swipeable.getByRole('button', { name: '削除', exact: true });
    await pressAction(page, deleteAction);
    await parts.dialog('部品の削除').getByText('部品「ナット M3」を削除しますか？').waitFor();
    await parts.dialog('部品の削除').getByRole('button', { name: 'キャンセル' }).click();
    await parts.dialog('部品の削除').waitFor({ state: 'detached' });
    await expectClosedWithFocusOn(swipeable, deleteAction);

    // A touch elsewhere closes an open card.
    await touchDrag(cdp, { x: box.x + 300, ...middle }, { x: box.x + 180, ...middle });
    await expect.poll(() => swipeable.getAttribute('data-state')).toBe('open');
    await touchTap(cdp, page.getByRole('heading', { name: '部品管理' }));
    await expect.poll(() => swipeable.getAttribute('data-state')).toBe('closed');
    await expect.poll(() => swipeable.locator('[data-swipe-content]').evaluate((element) => getComputedStyle(element).transform)).toBe('matrix(1, 0, 0, 1, 0, 0)');

    // A slow drag is not a swipe: the card settles back closed.
    await touchDrag(cdp, { x: box.x + 300, ...middle }, { x: box.x + 200, ...middle }, 600);
    await expect.poll(() => swipeable.getAttribute('data-state')).toBe('closed');
    await expect.poll(() => swipeable.locator('[data-swipe-content]').evaluate((element) => getComputedStyle(element).transform)).toBe('matrix(1, 0, 0, 1, 0, 0)');

    // Another device adds a part; pulling the list down at the top fetches it.
    await api.createPart({ name: '追加された部品' });
    await page.evaluate(() => window.scrollTo(0, 0));
    await touchDrag(cdp, { x: 180, y: 200 }, { x: 180, y: 420 }, 200);
    await parts.toast('部品リストを更新しました').waitFor();
    await parts.card('追加された部品').waitFor();
    expect(await parts.count()).toBe('全3件');
  });

  it('swipes a card open the first time even when the finger starts on its ⋮ corner', async () => {
    const page = await browser.newPage({ width: 375, height: 740 });
    const api = await signUp(page);
    await api.createPart({ name: 'ナット M3', current_stock: 40 });
    const parts = await openParts(page);
    const card = parts.card('ナット M3');
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 1 });
    const swipeable = page.locator('[data-state]').filter({ has: card });
    const menuBox = await card.getByRole('button', { name: '「ナット M3」の操作' }).boundingBox();
    if (!menuBox) throw new Error('menu button not laid out');
    const corner = { x: menuBox.x + menuBox.width / 2, y: menuBox.y + menuBox.height / 2 };

    await touchDrag(cdp, corner, { x: corner.x - 120, y: corner.y });
    await expect.poll(() => swipeable.getAttribute('data-state')).toBe('open');

    // Once the card has been touched, the real menu is in place and opens from ⋮.
    await touchTap(cdp, page.getByRole('heading', { name: '部品管理' }));
    await expect.poll(() => swipeable.getAttribute('data-state')).toBe('closed');
    await pressAction(page, card.getByRole('button', { name: '「ナット M3」の操作' }));
    await page.getByRole('menuitem', { name: '入荷' }).waitFor();
  });
});

describe('tablet widths', () => {
  it('keeps every column from 768 px up, tags readable and the header as wide as the table, without scrolling sideways', async () => {
    const page = await browser.newPage({ width: 768, height: 800 });
    const api = await signUp(page);
    const tags = [await api.createTag('電子部品'), await api.createTag('ケーブル類')];
    const part = await api.createPart({
      name: 'LED 赤 5mm 高輝度タイプ（100個入り）',
      unit: '袋',
      unit_price: 1_234_567.5,
      current_stock: 123_456,
      min_stock_alert: 5,
      part_number: 'P-0012',
      url: 'https://example.com/led',
    });
    for (const tag of tags) await api.tagPart(part.id, tag.id);
    // A part without a URL or tags: its narrow cells once collapsed the columns at tablet widths.
    await api.createPart({ name: 'リレー', current_stock: 0 });
    const parts = await openParts(page);

    for (const width of [768, 800, 880, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await parts.table().waitFor();
      await saveScreenshot(page, `parts-table-${width}-light`);
      const container = parts.table().locator('xpath=..');
      const { scrollWidth, clientWidth } = await container.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
      expect(scrollWidth, `table overflow at ${width} px`).toBeLessThanOrEqual(clientWidth);
      const headers = parts.table().getByRole('columnheader');
      expect(await headers.allInnerTexts()).toEqual(['部品名', '現在在庫', '最小在庫', '単価', 'タグ', 'URL', 'ステータス', '操作']);
      for (const target of [headers.filter({ hasText: 'ステータス' }), parts.row('リレー').getByRole('button', { name: '「リレー」の操作' })]) {
        const box = await target.boundingBox();
        expect(box && box.x + box.width, `right edge at ${width} px`).toBeLessThanOrEqual(width);
      }
      const tableBox = (await parts.table().boundingBox())!;
      const lastHeader = (await headers.last().boundingBox())!;
      expect(lastHeader.x + lastHeader.width, `header end at ${width} px`).toBeCloseTo(tableBox.x + tableBox.width, 0);
      // Every tag name shows whole.
      const cut = await parts
        .row(part.name)
        .locator('td:nth-child(5) span.truncate')
        .evaluateAll((names) => names.filter((name) => name.scrollWidth > name.clientWidth).map((name) => name.textContent));
      expect(cut, `tags cut at ${width} px`).toEqual([]);
      await parts.row(part.name).getByRole('link', { name: /のURLを開く$/ }).waitFor();
    }
  });
});

describe('screenshots', () => {
  it('captures the screen in light and dark, desktop and 375 px, with its modals', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [device, width] of [['desktop', 1280], ['mobile', 375]] as const) {
        const page = await browser.newPage({ width, height: 800, colorScheme });
        await page.goto('/');
        await page.evaluate((scheme) => localStorage.setItem('theme', scheme), colorScheme);
        const api = await signUp(page);
        const tags = [await api.createTag('電子部品', '#3B82F6'), await api.createTag('消耗品', '#F59E0B'), await api.createTag('金物', '#6B7280')];
        const seeds = [
          { name: 'LED 赤 5mm 高輝度タイプ（100個入り）', unit: '袋', unit_price: 480, current_stock: 3, min_stock_alert: 5, part_number: 'P-0012', url: 'https://example.com/led' },
          { name: 'ネジ M3×10', unit_price: 2.5, current_stock: 1200, min_stock_alert: 200, part_number: 'SCR-310' },
          { name: 'スイッチ', unit_price: 120, current_stock: 0, min_stock_alert: 2 },
          { name: '抵抗 10kΩ', unit_price: 1, current_stock: 850, min_stock_alert: 100, category: '電子部品' },
        ];
        const created = [];
        for (const seed of seeds) created.push(await api.createPart(seed));
        await api.tagPart(created[0]!.id, tags[0]!.id);
        await api.tagPart(created[0]!.id, tags[1]!.id);
        await api.tagPart(created[1]!.id, tags[2]!.id);
        await api.tagPart(created[3]!.id, tags[0]!.id);
        const parts = await openParts(page);
        await parts.page.getByText('電子部品').first().waitFor();
        await saveScreenshot(page, `parts-${device}-${colorScheme}`);

        await page.getByRole('button', { name: '部品を追加' }).click();
        await parts.waitForDialog('部品を追加');
        await saveScreenshot(page, `parts-form-${device}-${colorScheme}`);
        await page.keyboard.press('Escape');
        await parts.dialog('部品を追加').waitFor({ state: 'detached' });

        await parts.rowAction(seeds[0]!.name, '入荷');
        await parts.waitForDialog('入荷');
        await saveScreenshot(page, `parts-receive-${device}-${colorScheme}`);
        await page.keyboard.press('Escape');
        await parts.dialog('入荷').waitFor({ state: 'detached' });

        await parts.rowAction(seeds[0]!.name, '発注');
        await parts.waitForDialog('発注');
        await saveScreenshot(page, `parts-order-${device}-${colorScheme}`);
        await page.keyboard.press('Escape');
        await parts.dialog('発注').waitFor({ state: 'detached' });

        await page.getByRole('button', { name: 'その他の操作' }).click();
        await saveScreenshot(page, `parts-overflow-menu-${device}-${colorScheme}`);
        await page.keyboard.press('Escape');

        await page.getByRole('button', { name: seeds[0]!.name.slice(0, 13) + '...' }).click();
        await parts.dialog(seeds[0]!.name).getByRole('table', { name: '在庫履歴' }).waitFor();
        await saveScreenshot(page, `parts-detail-${device}-${colorScheme}`);
      }
    }
  });
});

describe('10,000 parts', () => {
  it('renders only the rows in view and scrolls through all of them', async () => {
    const page = await browser.newPage({ width: 1280, height: 800 });
    const api = await signUp(page);
    const lines = ['部品名,単位,単価,現在在庫,最小在庫アラート'];
    for (let index = 1; index <= 10_000; index++) {
      lines.push(`部品${String(index).padStart(5, '0')},個,${(index % 500) + 0.5},${index % 97},${index % 13}`);
    }
    const result = await api.importCsv(lines.join('\r\n'));
    expect(result).toMatchObject({ imported: 10_000, errors: [] });

    const parts = await openParts(page);
    expect(await parts.count()).toBe('全10,000件');
    const renderedRows = () => parts.table().locator('tbody tr[data-index]').count();
    expect(await renderedRows()).toBeLessThan(60);
    await parts.sortBy('部品名');
    await expect.poll(async () => (await parts.shownNames())[0]).toBe('部品00001');

    // Scroll through the table frame by frame: the window of rendered rows must move along and
    // stay small. (Frame times are measured by people, not asserted: the machines are noisy.)
    await page.evaluate(async () => {
      const scroller = document.querySelector('table[aria-label="部品一覧"]')?.parentElement;
      if (!scroller) throw new Error('no scroll container');
      for (let frame = 0; frame < 150; frame++) {
        scroller.scrollTop += 100;
        await new Promise((resolve) => requestAnimationFrame(resolve));
      }
    });
    await expect.poll(async () => (await parts.shownNames())[0]).not.toBe('部品00001');
    expect(await renderedRows()).toBeLessThan(60);
    await saveScreenshot(page, 'parts-10000-scrolled-desktop-light');

    await page.evaluate(() => {
      const scroller = document.querySelector('table[aria-label="部品一覧"]')?.parentElement;
      if (scroller) scroller.scrollTop = scroller.scrollHeight;
    });
    await expect.poll(async () => (await parts.shownNames()).at(-1)).toBe('部品10000');

    await parts.search('部品0999');
    await expect.poll(async () => parts.count()).toBe('全10件');
  });
});
