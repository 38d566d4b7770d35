import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RegisterPage } from './pages/auth-pages.ts';
import { DashboardPage } from './pages/dashboard-page.ts';
import { ManufacturingPage, PlansApi } from './pages/manufacturing-page.ts';
import { OrdersPage } from './pages/orders-page.ts';
import { ProductsApi, ProductsPage } from './pages/products-page.ts';
import { saveScreenshot, uniqueEmail, useBrowser } from './support/browser.ts';
import { monthTitle, monthTitleOf } from './support/dates.ts';

const browser = useBrowser();

const today = new Date();
const ymd = (dayOffset: number) => {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() + dayOffset);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};
/** yyyy年M月d日, as plan dates are shown. */
const fullDate = (date: string) => `${Number(date.slice(0, 4))}年${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;

async function signUp(page: Page) {
  const registerPage = new RegisterPage(page);
  await registerPage.open();
  await registerPage.signUp({ name: '計画担当', email: uniqueEmail('manufacturing'), password: 'password123' });
  await page.getByRole('heading', { name: 'ダッシュボード' }).waitFor();
  return { products: await ProductsApi.of(page), plans: await PlansApi.of(page) };
}

/**
 * ブックスタンド needs ネジ M3 ×4, 木板 ×2, ニス ×10 per piece: 5 pieces need 20 ネジ (25 in stock),
 * 10 木板 (7: 3 short) and 50 ml ニス (100). あかりランプ has no recipe.
 */
async function seed(api: ProductsApi) {
  const screw = await api.createPart({ name: 'ネジ M3', current_stock: 25, unit_price: 10 });
  const board = await api.createPart({ name: '木板', current_stock: 7, unit_price: 300, unit: '枚' });
  const varnish = await api.createPart({ name: 'ニス', current_stock: 100, unit_price: 2, unit: 'ml' });
  const stand = await api.createProduct({ name: 'ブックスタンド', selling_price: 2500, part_number: 'BS-01' });
  const lamp = await api.createProduct({ name: 'あかりランプ', selling_price: 4800, current_stock: 4 });
  await api.setRecipe(stand.id, [
    [screw.id, 4],
    [board.id, 2],
    [varnish.id, 10],
  ]);
  return { screw, board, varnish, stand, lamp };
}

async function openManufacturing(page: Page) {
  const manufacturing = new ManufacturingPage(page);
  await manufacturing.open();
  return manufacturing;
}

/** Follows the top navigation (a client-side route change: the query cache stays). */
async function navigate(page: Page, label: 'ダッシュボード' | '商品管理' | '製造計画' | '発注管理') {
  await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: label }).click();
  await page.getByRole('heading', { name: label, level: 1 }).waitFor();
}

const SHORT_BOARD_ROWS = [
  ['ニス', '50ml', '100ml', '0ml', '0ml', '0ml'],
  ['ネジ M3', '20個', '25個', '0個', '0個', '0個'],
  ['木板', '10枚', '7枚', '3枚', '0枚', '3枚'],
];

describe('製造計画', () => {
  it('validates, checks the requirements, creates a plan, orders the shortage, edits and deletes it', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    await seed(api.products);
    // 商品管理 first: its counts are in the cache when the parts arrive later.
    const products = new ProductsPage(page);
    await products.open();
    await products.row('ブックスタンド').getByText('3個', { exact: true }).waitFor();
    await navigate(page, '製造計画');
    const manufacturing = new ManufacturingPage(page);
    expect(await manufacturing.tab('製造計画').getAttribute('aria-selected')).toBe('true');
    await page.getByText('製造計画はまだありません').waitFor();
    const form = manufacturing.createForm();

    // Validation: the plan form's messages.
    await manufacturing.submitPlan();
    await form.getByRole('alert').waitFor();
    expect(await manufacturing.formErrors()).toEqual(['商品を選択してください']);
    await manufacturing.fillPlan({ product: 'ブックスタンド', quantity: 0, start: ymd(3), end: ymd(1) });
    await form.getByText('開始日より後の日付を入力してください', { exact: true }).waitFor();
    await manufacturing.submitPlan();
    await form.getByRole('alert').getByText('終了日は開始日より後の日付にしてください').waitFor();
    expect(await manufacturing.formErrors()).toEqual(['数量は1以上の整数で入力してください', '終了日は開始日より後の日付にしてください']);
    await manufacturing.fillPlan({ quantity: 5, start: '' });
    await manufacturing.submitPlan();
    await form.getByRole('alert').getByText('開始日を入力してください').waitFor();
    expect(await manufacturing.formErrors()).toEqual(['開始日を入力してください']);
    expect(await api.plans.plans()).toEqual([]);

    // The requirements check: 木板 is 3 short.
    await manufacturing.fillPlan({ start: ymd(0), end: ymd(7) });
    await manufacturing.checkRequirements();
    await form.getByText('必要部品の確認結果: ブックスタンド × 5個').waitFor();
    await form.getByText('在庫が不足している部品があります（1件）').waitFor();
    expect(await manufacturing.requirementRows(form)).toEqual(SHORT_BOARD_ROWS);
    await saveScreenshot(page, 'manufacturing-create-check-desktop');

    await manufacturing.submitPlan();
    await manufacturing.toast('「ブックスタンド」の製造計画を作成しました').waitFor();
    const card = manufacturing.plan('ブックスタンド');
    await card.waitFor();
    for (const text of ['アクティブ', '5個', fullDate(ymd(0)), fullDate(ymd(7)), '0 / 5個（0%）']) {
      await card.getByText(text, { exact: true }).waitFor();
    }
    expect(await card.getByText('アクティブ', { exact: true }).getAttribute('class')).toContain('bg-green-100');
    expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
    // The form starts over after creating; a click on the empty field lists the products.
    expect(await form.getByRole('combobox', { name: '商品' }).inputValue()).toBe('');
    await form.getByRole('combobox', { name: '商品' }).click();
    await page.getByRole('option', { name: 'ブックスタンド' }).waitFor();
    await page.keyboard.press('Escape');

    // Expand: the plan's requirements; order the shortage.
    await manufacturing.togglePlan('ブックスタンド');
    expect(await manufacturing.planSummary('ブックスタンド').getAttribute('aria-expanded')).toBe('true');
    expect(await manufacturing.requirementRows(card)).toEqual(SHORT_BOARD_ROWS);
    await saveScreenshot(page, 'manufacturing-desktop');
    // The expected delivery date starts at the plan's start (today) and can be changed.
    const deliveryDate = card.getByLabel('納入予定日');
    expect(await deliveryDate.inputValue()).toBe(ymd(0));
    await deliveryDate.fill(ymd(3));
    await card.getByRole('button', { name: '不足分を発注' }).click();
    await manufacturing.toast('1件の発注を作成しました').waitFor();
    await expect.poll(() => manufacturing.requirementRows(card)).toEqual([
      SHORT_BOARD_ROWS[0],
      SHORT_BOARD_ROWS[1],
      ['木板', '10枚', '7枚', '3枚', '3枚', '0枚'],
    ]);
    expect((await api.plans.orders()).map(({ part_name, quantity, status, expected_delivery_date }) => ({ part_name, quantity, status, expected_delivery_date }))).toEqual([
      { part_name: '木板', quantity: 3, status: 'ordered', expected_delivery_date: ymd(3) },
    ]);
    // Nothing is left to order: the button says why it waits.
    await card.getByText('不足分はすべて発注済みです', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: '不足分を発注' }).isDisabled()).toBe(true);
    // The order is expected on the dashboard's calendar that day.
    await navigate(page, 'ダッシュボード');
    const dashboard = new DashboardPage(page);
    await dashboard.waitForCalendarMonth(monthTitle(0));
    if (monthTitle(0) !== monthTitleOf(ymd(3))) await dashboard.calendarButton('次').click();
    await dashboard.calendarDay(ymd(3)).getByText('木板: 入荷予定 3個').waitFor();
    await navigate(page, '製造計画');
    await manufacturing.togglePlan('ブックスタンド');
    // Collapsing hides the requirements.
    await manufacturing.togglePlan('ブックスタンド');
    await card.getByRole('table').waitFor({ state: 'hidden' });

    // The order is on the 発注管理 screen; its delivery ends the shortage, on this screen and on 商品管理.
    await navigate(page, '発注管理');
    const orders = new OrdersPage(page);
    await orders.waitForCount('全1件中 1件を表示');
    await orders.row('木板').getByText('発注済み', { exact: true }).waitFor();
    await orders.chooseAction('木板', '納入処理');
    await orders.dialog('納入処理').getByRole('button', { name: '納入処理する' }).click();
    await orders.toast('発注「木板」を納入処理しました').waitFor();
    await navigate(page, '製造計画');
    await manufacturing.togglePlan('ブックスタンド');
    await card.getByText('すべての部品の在庫が足りています').waitFor();
    await card.getByText('不足している部品はありません', { exact: true }).waitFor();
    expect(await manufacturing.requirementRows(card)).toEqual([
      SHORT_BOARD_ROWS[0],
      SHORT_BOARD_ROWS[1],
      ['木板', '10枚', '10枚', '0枚', '0枚', '0枚'],
    ]);
    await navigate(page, '商品管理');
    await products.row('ブックスタンド').getByText('5個', { exact: true }).waitFor();
    await navigate(page, '製造計画');

    // Edit the quantity.
    await manufacturing.chooseAction('ブックスタンド', '編集');
    const edit = await manufacturing.waitForDialog('製造計画の編集');
    expect(await edit.getByLabel('数量').inputValue()).toBe('5');
    expect(await edit.getByLabel('開始日').inputValue()).toBe(ymd(0));
    await edit.getByLabel('数量').fill('0');
    await edit.getByRole('button', { name: '更新', exact: true }).click();
    await edit.getByRole('alert').getByText('数量は1以上の整数で入力してください').waitFor();
    await edit.getByLabel('数量').fill('8');
    await saveScreenshot(page, 'manufacturing-edit-modal-desktop');
    await edit.getByRole('button', { name: '更新', exact: true }).click();
    await manufacturing.toast('「ブックスタンド」の製造計画を更新しました').waitFor();
    await edit.waitFor({ state: 'detached' });
    await card.getByText('0 / 8個（0%）', { exact: true }).waitFor();
    // The requirements follow the new quantity: 16 木板.
    await manufacturing.togglePlan('ブックスタンド');
    await card.getByRole('cell', { name: '16枚' }).waitFor();

    // Delete.
    await manufacturing.chooseAction('ブックスタンド', '削除');
    const remove = await manufacturing.waitForDialog('製造計画の削除');
    for (const text of ['ブックスタンド', '8個', `${fullDate(ymd(0))} 〜 ${fullDate(ymd(7))}`]) await remove.getByText(text, { exact: true }).waitFor();
    await saveScreenshot(page, 'manufacturing-delete-modal-desktop');
    await remove.getByRole('button', { name: '削除', exact: true }).click();
    await manufacturing.toast('「ブックスタンド」の製造計画を削除しました').waitFor();
    await page.getByText('製造計画はまだありません').waitFor();
    expect(await api.plans.plans()).toEqual([]);
  });

  it('shows a manufacture made on 商品管理 in the plan progress, the records and the capacities', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const { stand } = await seed(api.products);
    // A manufacture counts towards the earliest active plan first: 1 completes the small one, 1 goes to the other.
    await api.plans.createPlan({ product_id: stand.id, quantity: 5, start_date: ymd(-1), end_date: ymd(6) });
    await api.plans.createPlan({ product_id: stand.id, quantity: 1, start_date: ymd(-2), end_date: ymd(1) });

    const products = new ProductsPage(page);
    await products.open();
    await products.waitForCount(2);
    await products.row('ブックスタンド').getByText('3個', { exact: true }).waitFor();
    await products.chooseAction('ブックスタンド', '製造');
    const make = await products.waitForDialog('製造');
    await make.getByLabel('製造数量').fill('2');
    await make.getByLabel('備考').fill('展示会用');
    await make.getByRole('button', { name: '製造する' }).click();
    await products.toast('ブックスタンドを2個製造しました').waitFor();

    // The dashboard seen before the manufacture shows it on its calendar, and today's count is the product's.
    await navigate(page, 'ダッシュボード');
    const dashboard = new DashboardPage(page);
    const todayCell = dashboard.calendarDay(ymd(0));
    await todayCell.getByText('ブックスタンド: 製造 2個').waitFor();
    await todayCell.getByText('ブックスタンド: 製造可能 1個').waitFor();

    await navigate(page, '製造計画');
    const manufacturing = new ManufacturingPage(page);
    // Active plans first, then completed ones.
    const card = manufacturing.plan('ブックスタンド');
    await card.getByText('1 / 5個（20%）', { exact: true }).waitFor();
    expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
    await card.getByText('アクティブ', { exact: true }).waitFor();
    const done = manufacturing.plan('ブックスタンド', 1);
    await done.getByText('1 / 1個（100%）', { exact: true }).waitFor();
    expect(await done.getByText('完了', { exact: true }).getAttribute('class')).toContain('bg-blue-100');
    await saveScreenshot(page, 'manufacturing-plans-progress-desktop');

    await manufacturing.openTab('製造記録');
    const records = manufacturing.records();
    await records.waitFor();
    const rows = await records.getByRole('row').evaluateAll((all) => all.slice(1).map((row) => Array.from(row.children).map((cell) => cell.textContent)));
    expect(rows).toEqual([['ブックスタンド', '2個', ymd(0), '展示会用']]);
    await saveScreenshot(page, 'manufacturing-records-desktop');

    // The counts after the manufacture: 木板 7 − 4 = 3 left, one more piece; あかりランプ has no recipe.
    await manufacturing.openTab('製造可能数');
    const standCard = manufacturing.capacityCard('ブックスタンド');
    await standCard.waitFor();
    expect(await standCard.getByRole('definition').allTextContents()).toEqual(['1個', '2個']);
    const lampCard = manufacturing.capacityCard('あかりランプ');
    expect(await lampCard.getByRole('definition').allTextContents()).toEqual(['0個', '4個']);
    await lampCard.getByText('レシピが未設定のため製造できません').waitFor();
    await saveScreenshot(page, 'manufacturing-capacities-desktop');

    // And back: the products list shows the same count. A new name shows on the plans at once,
    // while the record keeps the name it was made under.
    await navigate(page, '商品管理');
    await products.row('ブックスタンド').getByText('1個', { exact: true }).waitFor();
    await products.chooseAction('ブックスタンド', '編集');
    const edit = await products.waitForDialog('商品を編集');
    await edit.getByLabel('商品名').fill('ブックスタンド L');
    await edit.getByRole('button', { name: '保存', exact: true }).click();
    await products.toast('商品「ブックスタンド L」を更新しました').waitFor();
    await navigate(page, '製造計画');
    await manufacturing.plan('ブックスタンド L').getByText('1 / 5個（20%）', { exact: true }).waitFor();
    await manufacturing.openTab('製造記録');
    await manufacturing.records().getByText('ブックスタンド', { exact: true }).waitFor();

    // Deleting the product takes its plans along; its record stays.
    await navigate(page, '商品管理');
    await products.chooseAction('ブックスタンド L', '削除');
    await (await products.waitForDialog('商品の削除')).getByRole('button', { name: '削除', exact: true }).click();
    await products.toast('商品「ブックスタンド L」を削除しました').waitFor();
    await navigate(page, '製造計画');
    await page.getByText('製造計画はまだありません').waitFor();
    await manufacturing.openTab('製造記録');
    await manufacturing.records().getByText('展示会用', { exact: true }).waitFor();
    await manufacturing.openTab('製造可能数');
    const capacityCards = page.getByRole('list', { name: '製造可能数' }).getByRole('listitem');
    await manufacturing.capacityCard('あかりランプ').waitFor();
    expect(await capacityCards.evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label')))).toEqual(['あかりランプ']);
  });
});

describe('製造計画 and what was already made', () => {
  it('creates the plan the check described, counting what was made in its period, and marks a plan past its end date', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const { stand, lamp } = await seed(api.products);
    await api.products.manufacture(stand.id, { quantity: 1, manufacturing_date: ymd(-1) });
    await api.plans.createPlan({ product_id: lamp.id, quantity: 2, start_date: ymd(-6), end_date: ymd(-1) });
    const manufacturing = await openManufacturing(page);
    const form = manufacturing.createForm();

    await manufacturing.fillPlan({ product: 'ブックスタンド', quantity: 5, start: ymd(-2), end: ymd(5) });
    await manufacturing.checkRequirements();
    await form.getByText('期間内に製造済みの1個を差し引き、4個分で計算しました。').waitFor();
    await manufacturing.submitPlan();
    await manufacturing.toast('「ブックスタンド」の製造計画を作成しました').waitFor();
    const card = manufacturing.plan('ブックスタンド');
    await card.getByText('1 / 5個（20%）', { exact: true }).waitFor();

    // The lamp's plan ended yesterday with nothing made: still アクティブ, marked 期限切れ.
    const late = manufacturing.plan('あかりランプ');
    await late.getByText('アクティブ', { exact: true }).waitFor();
    expect(await late.getByText('期限切れ', { exact: true }).getAttribute('class')).toContain('bg-red-100');
    expect(await card.getByText('期限切れ').count()).toBe(0);
    await saveScreenshot(page, 'manufacturing-made-and-late-desktop');
  });
});

describe('製造計画 when the server fails', () => {
  it('shows the red panel with the first message and retries; a failed check toasts 計算に失敗しました', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const { stand } = await seed(api.products);
    await api.plans.createPlan({ product_id: stand.id, quantity: 2, start_date: ymd(0), end_date: ymd(3) });
    browser.allowConsoleError(/status of 500/);
    const failWithoutText = { status: 500, contentType: 'application/json', body: '{}' };
    await page.route('**/api/manufacturing/plans', (route) => route.fulfill(failWithoutText));
    const manufacturing = await openManufacturing(page);
    const panel = page.getByRole('alert').filter({ hasText: 'エラーが発生しました' });
    await panel.getByText('製造計画の取得に失敗しました').waitFor();
    await page.unroute('**/api/manufacturing/plans');
    await panel.getByRole('button', { name: '再試行' }).click();
    await manufacturing.plan('ブックスタンド').waitFor();
    await panel.waitFor({ state: 'detached' });

    await page.route('**/api/manufacturing/requirements', (route) => route.fulfill(failWithoutText));
    await manufacturing.fillPlan({ product: 'ブックスタンド', quantity: 2 });
    await manufacturing.checkRequirements();
    await manufacturing.toast('計算に失敗しました').waitFor();
  });
});

describe('製造計画 at 375 px', () => {
  it('fits a phone: the form, an expanded plan, the dialogs, records and capacities', async () => {
    const page = await browser.newPage({ width: 375, height: 800 });
    const api = await signUp(page);
    const { stand } = await seed(api.products);
    await api.products.manufacture(stand.id, { quantity: 1, manufacturing_date: ymd(0), notes: '試作品。塗装の乾燥に時間がかかったため次回は前日に塗る' });
    await api.plans.createPlan({ product_id: stand.id, quantity: 4, start_date: ymd(1), end_date: ymd(10) });
    const manufacturing = await openManufacturing(page);
    const noHorizontalScroll = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await manufacturing.fillPlan({ product: 'ブックスタンド', quantity: 5 });
    await manufacturing.checkRequirements();
    await manufacturing.createForm().getByText('在庫が不足している部品があります（1件）').waitFor();
    await manufacturing.togglePlan('ブックスタンド');
    await manufacturing.plan('ブックスタンド').getByRole('table').waitFor();
    await noHorizontalScroll();
    // A full-page capture draws the sticky header where the page is scrolled to.
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, 'manufacturing-mobile');

    await manufacturing.chooseAction('ブックスタンド', '編集');
    await manufacturing.waitForDialog('製造計画の編集');
    await saveScreenshot(page, 'manufacturing-edit-modal-mobile');
    await manufacturing.dialog('製造計画の編集').getByRole('button', { name: 'キャンセル' }).click();
    await manufacturing.chooseAction('ブックスタンド', '削除');
    await manufacturing.waitForDialog('製造計画の削除');
    await saveScreenshot(page, 'manufacturing-delete-modal-mobile');
    await manufacturing.dialog('製造計画の削除').getByRole('button', { name: 'キャンセル' }).click();

    await manufacturing.openTab('製造記録');
    await manufacturing.records().getByText('試作品', { exact: false }).waitFor();
    await noHorizontalScroll();
    await saveScreenshot(page, 'manufacturing-records-mobile');

    await manufacturing.openTab('製造可能数');
    await manufacturing.capacityCard('ブックスタンド').waitFor();
    await noHorizontalScroll();
    await saveScreenshot(page, 'manufacturing-capacities-mobile');
  });
});
