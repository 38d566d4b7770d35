import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { RegisterPage } from './pages/auth-pages.ts';
import { OrdersApi, OrdersPage } from './pages/orders-page.ts';
import { saveScreenshot, uniqueEmail, useBrowser } from './support/browser.ts';
import { daysFromToday, isoDate } from './support/dates.ts';

// The list follows a filter or sort change a render later (it filters from a deferred value):
// read it until it shows the expected rows.
const LIST_SETTLES = { timeout: 5_000 };

const browser = useBrowser();
const PASSWORD = 'password123';

// Dates relative to today, so 今月の納入予定 always has something to show.
const today = new Date();
const TODAY = isoDate(today);
const ymd = (monthOffset: number, day: number) => isoDate(new Date(today.getFullYear(), today.getMonth() + monthOffset, day));
/** A date as the list writes it: M月d日, with the year when it is not this year. */
const monthDay = (date: string) => {
  const monthAndDay = `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;
  return Number(date.slice(0, 4)) === today.getFullYear() ? monthAndDay : `${date.slice(0, 4)}年${monthAndDay}`;
};
/** 遅延 after the status of an open order expected before today (which of this month's dates are late depends on the day). */
const lateMark = (expected: string) => (expected < TODAY ? '遅延' : '');

const DATES = {
  screwOrdered: ymd(-1, 2),
  screwDue: ymd(0, 20),
  ledOrdered: ymd(-1, 10),
  sensorOrdered: ymd(0, 1),
  sensorDue: ymd(0, 5),
  clampOrdered: ymd(-1, 1),
  clampDue: ymd(1, 3),
  boardOrdered: ymd(-1, 20),
  boardDue: ymd(0, 10),
};

async function signUp(page: Page) {
  const registerPage = new RegisterPage(page);
  await registerPage.open();
  await registerPage.signUp({ name: '発注担当', email: uniqueEmail('orders'), password: PASSWORD });
  await page.getByRole('heading', { name: 'ダッシュボード' }).waitFor();
  return OrdersApi.of(page);
}

/**
 * Five orders, one per situation: ordered and due this month (ネジ M3, 基板), shipped without a
 * date (LED 赤), delivered this month (あかりセンサー), cancelled and due next month (かしめ金具).
 */
async function seedOrders(api: OrdersApi) {
  const screw = await api.createPart({ name: 'ネジ M3', current_stock: 5, unit_price: 12.5 });
  const led = await api.createPart({ name: 'LED 赤' });
  const sensor = await api.createPart({ name: 'あかりセンサー' });
  const clamp = await api.createPart({ name: 'かしめ金具' });
  const board = await api.createPart({ name: '基板' });
  await api.order(screw.id, { quantity: 100, order_date: DATES.screwOrdered, expected_delivery_date: DATES.screwDue });
  const ledOrder = await api.order(led.id, { quantity: 30, order_date: DATES.ledOrdered });
  await api.setStatus(ledOrder.id, 'shipped', null);
  const sensorOrder = await api.order(sensor.id, { quantity: 5, order_date: DATES.sensorOrdered, expected_delivery_date: DATES.sensorDue });
  await api.setStatus(sensorOrder.id, 'delivered', DATES.sensorDue);
  const clampOrder = await api.order(clamp.id, { quantity: 12, order_date: DATES.clampOrdered, expected_delivery_date: DATES.clampDue });
  await api.setStatus(clampOrder.id, 'cancelled', DATES.clampDue);
  await api.order(board.id, { quantity: 2, order_date: DATES.boardOrdered, expected_delivery_date: DATES.boardDue });
  return { screw, led, clamp, ledOrder };
}

const NEWEST_FIRST = ['あかりセンサー', '基板', 'LED 赤', 'ネジ M3', 'かしめ金具'];

describe('発注管理', () => {
  it('lists orders with dates and badges, filters, searches, sorts and shows 今月の納入予定', async () => {
    const page = await browser.newPage();
    await seedOrders(await signUp(page));
    const orders = new OrdersPage(page);
    await orders.open();
    await page.getByText('部品の発注状況と納入予定を管理します').waitFor();
    await orders.waitForCount('全5件中 5件を表示');
    await expect.poll(() => orders.partNames(), LIST_SETTLES).toEqual(NEWEST_FIRST);

    const screwRow = orders.row('ネジ M3');
    for (const text of ['100個', monthDay(DATES.screwOrdered), monthDay(DATES.screwDue), '発注済み']) {
      await screwRow.getByText(text, { exact: true }).waitFor();
    }
    await orders.row('LED 赤').getByText('未設定', { exact: true }).waitFor();
    const badges = { 'LED 赤': '出荷済み', あかりセンサー: '納入済み', かしめ金具: 'キャンセル', 基板: '発注済み' };
    for (const [part, label] of Object.entries(badges)) await orders.row(part).getByText(label, { exact: true }).waitFor();
    // Badge colours: blue, yellow, green, red.
    const badgeClass = (part: string, label: string) =>
      orders.row(part).getByText(label, { exact: true }).getAttribute('class');
    expect(await badgeClass('ネジ M3', '発注済み')).toContain('bg-blue-100');
    expect(await badgeClass('LED 赤', '出荷済み')).toContain('bg-yellow-100');
    expect(await badgeClass('あかりセンサー', '納入済み')).toContain('bg-green-100');
    expect(await badgeClass('かしめ金具', 'キャンセル')).toContain('bg-red-100');

    const card = orders.thisMonthCard();
    const cardItems = await card.getByRole('listitem').allTextContents();
    expect(cardItems).toEqual([
      `${monthDay(DATES.boardDue)}基板2個発注済み${lateMark(DATES.boardDue)}`,
      `${monthDay(DATES.screwDue)}ネジ M3100個発注済み${lateMark(DATES.screwDue)}`,
    ]);
    await saveScreenshot(page, 'orders-desktop-light');

    await orders.filterStatus('出荷済み');
    await orders.waitForCount('全5件中 1件を表示');
    await expect.poll(() => orders.partNames(), LIST_SETTLES).toEqual(['LED 赤']);
    await orders.filterStatus('キャンセル');
    await expect.poll(() => orders.partNames(), LIST_SETTLES).toEqual(['かしめ金具']);
    await orders.filterStatus('すべて');

    await orders.search('ｎｅｊｉ');
    await page.getByText('条件に一致する発注はありません').waitFor();
    await orders.search('ネジ');
    await orders.waitForCount('全5件中 1件を表示');
    await expect.poll(() => orders.partNames(), LIST_SETTLES).toEqual(['ネジ M3']);
    await orders.search('');

    await orders.sortBy('発注日（古い順）');
    await expect.poll(() => orders.partNames(), LIST_SETTLES).toEqual([...NEWEST_FIRST].reverse());
    await orders.sortBy('納入予定日（早い順）');
    await expect.poll(() => orders.partNames(), LIST_SETTLES).toEqual(['あかりセンサー', '基板', 'ネジ M3', 'かしめ金具', 'LED 赤']);
    await orders.sortBy('納入予定日（遅い順）');
    await expect.poll(() => orders.partNames(), LIST_SETTLES).toEqual(['かしめ金具', 'ネジ M3', '基板', 'あかりセンサー', 'LED 赤']);
    await orders.sortBy('部品名（昇順）');
    await expect.poll(() => orders.partNames(), LIST_SETTLES).toEqual([...NEWEST_FIRST].sort((a, b) => a.localeCompare(b, 'ja')));
    await expect.poll(() => orders.partNames(), LIST_SETTLES).toEqual(['LED 赤', 'あかりセンサー', 'かしめ金具', 'ネジ M3', '基板']);
    await orders.sortBy('発注日（新しい順）');
    await expect.poll(() => orders.partNames(), LIST_SETTLES).toEqual(NEWEST_FIRST);

    await orders.filterStatus('発注済み');
    await orders.sortBy('部品名（昇順）');
    await orders.clear();
    await orders.waitForCount('全5件中 5件を表示');
    await expect.poll(() => orders.partNames(), LIST_SETTLES).toEqual(NEWEST_FIRST);
  });

  it('offers the row actions by status: no delivery and no delete once delivered', async () => {
    const page = await browser.newPage();
    await seedOrders(await signUp(page));
    const orders = new OrdersPage(page);
    await orders.open();
    await orders.waitForCount('全5件中 5件を表示');
    expect(await orders.menuItems('ネジ M3')).toEqual(['状態を更新', '納入処理', '削除']);
    expect(await orders.menuItems('LED 赤')).toEqual(['状態を更新', '納入処理', '削除']);
    expect(await orders.menuItems('かしめ金具')).toEqual(['状態を更新', '削除']);
    // Delivered is final: no menu at all.
    await orders.row('あかりセンサー').waitFor();
    expect(await orders.menuButton('あかりセンサー').count()).toBe(0);
  });

  it('marks open orders past their expected date 遅延 (出荷済み too) and writes the year of another year', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const gear = await api.createPart({ name: '歯車' });
    const spring = await api.createPart({ name: 'バネ' });
    const shaft = await api.createPart({ name: '軸' });
    const yesterday = daysFromToday(-1);
    const lastYear = ymd(-12, 10);
    const gearOrder = await api.order(gear.id, { quantity: 4, order_date: daysFromToday(-20), expected_delivery_date: yesterday });
    await api.setStatus(gearOrder.id, 'shipped', yesterday);
    await api.order(spring.id, { quantity: 6, order_date: lastYear, expected_delivery_date: daysFromToday(-40) });
    await api.order(shaft.id, { quantity: 8, order_date: daysFromToday(-2), expected_delivery_date: TODAY });
    const orders = new OrdersPage(page);
    await orders.open();
    await orders.waitForCount('全3件中 3件を表示');

    await orders.row('歯車').getByText('遅延', { exact: true }).waitFor();
    await orders.row('バネ').getByText('遅延', { exact: true }).waitFor();
    // Due today is not late yet.
    expect(await orders.row('軸').getByText('遅延', { exact: true }).count()).toBe(0);
    expect(await orders.row('歯車').getByText(monthDay(yesterday), { exact: true }).getAttribute('class')).toContain('text-red-700');
    await orders.row('バネ').getByText(`${lastYear.slice(0, 4)}年${Number(lastYear.slice(5, 7))}月10日`, { exact: true }).waitFor();

    // 今月の納入予定 keeps this month's late order, marked (yesterday is last month on the 1st).
    const card = orders.thisMonthCard();
    await card.waitFor();
    const expected = [`${monthDay(TODAY)}軸8個発注済み`];
    if (yesterday.slice(0, 7) === TODAY.slice(0, 7)) expected.unshift(`${monthDay(yesterday)}歯車4個出荷済み遅延`);
    expect(await card.getByRole('listitem').allTextContents()).toEqual(expected);
    await saveScreenshot(page, 'orders-late-desktop-light');
  });

  it('delivers after the stock confirmation: the part stock rises and the row becomes final', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const { screw } = await seedOrders(api);
    const orders = new OrdersPage(page);
    await orders.open();
    await orders.waitForCount('全5件中 5件を表示');

    await orders.chooseAction('ネジ M3', '納入処理');
    const dialog = orders.dialog('納入処理');
    await dialog.getByText('在庫が自動的に更新されます（+100個）', { exact: false }).waitFor();
    await saveScreenshot(page, 'orders-deliver-confirm-desktop-light');
    await dialog.getByRole('button', { name: '納入処理する' }).click();
    await orders.toast('発注「ネジ M3」を納入処理しました').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await orders.row('ネジ M3').getByText('納入済み', { exact: true }).waitFor();
    expect((await api.part(screw.id)).current_stock).toBe(105);

    // Delivered is final: the row has no menu any more.
    expect(await orders.menuButton('ネジ M3').count()).toBe(0);
    // ネジ M3 left 今月の納入予定 with its delivery.
    expect(await orders.thisMonthCard().getByRole('listitem').allTextContents()).toEqual([
      `${monthDay(DATES.boardDue)}基板2個発注済み${lateMark(DATES.boardDue)}`,
    ]);
  });

  it('updates the status through the modal, delivering when 納入済み is chosen', async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const { led } = await seedOrders(api);
    const orders = new OrdersPage(page);
    await orders.open();
    await orders.waitForCount('全5件中 5件を表示');

    await orders.chooseAction('LED 赤', '状態を更新');
    const dialog = orders.dialog('発注状態更新');
    await dialog.getByText('LED 赤').waitFor();
    expect(await dialog.getByLabel('状態').inputValue()).toBe('shipped');
    await dialog.getByLabel('状態').selectOption({ label: 'キャンセル' });
    await dialog.getByLabel('納入予定日').fill(DATES.screwDue);
    await saveScreenshot(page, 'orders-status-modal-desktop-light');
    await dialog.getByRole('button', { name: '更新', exact: true }).click();
    await orders.toast('発注「LED 赤」の状態を更新しました').waitFor();
    await orders.row('LED 赤').getByText('キャンセル', { exact: true }).waitFor();
    await orders.row('LED 赤').getByText(monthDay(DATES.screwDue), { exact: true }).waitFor();
    expect(await orders.menuItems('LED 赤')).toEqual(['状態を更新', '削除']);

    // Reopen, then deliver through the status select.
    await orders.updateStatus('LED 赤', '出荷済み', DATES.screwDue);
    await orders.row('LED 赤').getByText('出荷済み', { exact: true }).waitFor();
    await orders.chooseAction('LED 赤', '状態を更新');
    await dialog.getByLabel('状態').selectOption({ label: '納入済み' });
    await dialog.getByText('納入済みにすると在庫が自動的に更新されます', { exact: false }).waitFor();
    await dialog.getByRole('button', { name: '更新', exact: true }).click();
    await orders.row('LED 赤').getByText('納入済み', { exact: true }).waitFor();
    expect((await api.part(led.id)).current_stock).toBe(30);
  });

  it("shows the server's message when a change fails", async () => {
    const page = await browser.newPage();
    const api = await signUp(page);
    const { ledOrder } = await seedOrders(api);
    const orders = new OrdersPage(page);
    await orders.open();
    await orders.waitForCount('全5件中 5件を表示');

    // Someone else deletes the order while it is still on this screen.
    await api.deleteOrder(ledOrder.id);
    await orders.updateStatus('LED 赤', 'キャンセル', DATES.screwDue);
    await orders.toast('発注が見つかりません').waitFor();
    await orders.dialog('発注状態更新').getByRole('button', { name: 'キャンセル' }).click();
    await orders.waitForCount('全4件中 4件を表示');
  });

  it('deletes after a confirmation showing part name, quantity and order date', async () => {
    const page = await browser.newPage();
    await seedOrders(await signUp(page));
    const orders = new OrdersPage(page);
    await orders.open();
    await orders.waitForCount('全5件中 5件を表示');

    await orders.chooseAction('かしめ金具', '削除');
    const dialog = orders.dialog('発注の削除');
    const [year, month, day] = DATES.clampOrdered.split('-').map(Number);
    for (const text of ['かしめ金具', '12個', `${year}年${month}月${day}日`]) await dialog.getByText(text, { exact: true }).waitFor();
    await dialog.getByRole('button', { name: '削除', exact: true }).click();
    await orders.toast('発注「かしめ金具」を削除しました').waitFor();
    await orders.waitForCount('全4件中 4件を表示');
    expect(await orders.partNames()).not.toContain('かしめ金具');
  });

  it('shows an error banner with a retry when the orders cannot be loaded', async () => {
    const page = await browser.newPage();
    await seedOrders(await signUp(page));
    browser.allowConsoleError(/status of 500/);
    // The list's first page (GET /api/orders?limit=1000), not the month's orders.
    const list = /\/api\/orders\?/;
    await page.route(list, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    const orders = new OrdersPage(page);
    await orders.open();
    const banner = page.getByRole('alert').filter({ hasText: '発注一覧の取得に失敗しました' });
    await banner.waitFor();
    await page.unroute(list);
    await banner.getByRole('button', { name: '再試行' }).click();
    await orders.waitForCount('全5件中 5件を表示');
  });
});

describe('発注管理 on screens and themes', () => {
  it('fits a 375 px phone: cards, menus and modals work without horizontal scrolling', async () => {
    const page = await browser.newPage({ width: 375, height: 800 });
    const api = await signUp(page);
    const { screw } = await seedOrders(api);
    const orders = new OrdersPage(page);
    await orders.open();
    await orders.waitForCount('全5件中 5件を表示');
    await expect.poll(() => orders.partNames(), LIST_SETTLES).toEqual(NEWEST_FIRST);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'orders-mobile-light');

    await orders.openMenu('ネジ M3');
    const menuBox = await page.getByRole('menu').boundingBox();
    expect(menuBox!.x).toBeGreaterThanOrEqual(0);
    expect(menuBox!.x + menuBox!.width).toBeLessThanOrEqual(375);
    await saveScreenshot(page, 'orders-menu-mobile-light');
    await page.getByRole('menuitem', { name: '納入処理' }).click();
    const dialog = orders.dialog('納入処理');
    await orders.waitForDialog('納入処理');
    await saveScreenshot(page, 'orders-deliver-confirm-mobile-light');
    await dialog.getByRole('button', { name: '納入処理する' }).click();
    await orders.toast('発注「ネジ M3」を納入処理しました').waitFor();
    expect((await api.part(screw.id)).current_stock).toBe(105);
  });

  it('captures the screen in light and dark, desktop and 375 px', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [device, width] of [
        ['desktop', 1280],
        ['mobile', 375],
      ] as const) {
        const page = await browser.newPage({ width, height: 900, colorScheme });
        await seedOrders(await signUp(page));
        const orders = new OrdersPage(page);
        await orders.open();
        await orders.waitForCount('全5件中 5件を表示');
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await saveScreenshot(page, `orders-${device}-${colorScheme}`);
        if (colorScheme === 'dark') {
          await orders.chooseAction('LED 赤', '状態を更新');
          await orders.waitForDialog('発注状態更新');
          await saveScreenshot(page, `orders-status-modal-${device}-dark`);
          await orders.dialog('発注状態更新').getByRole('button', { name: 'キャンセル' }).click();
          await orders.chooseAction('かしめ金具', '削除');
          await orders.waitForDialog('発注の削除');
          await saveScreenshot(page, `orders-delete-modal-${device}-dark`);
        }
      }
    }
  });
});
