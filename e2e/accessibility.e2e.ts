import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import { VerificationBanner } from './pages/account-pages.ts';
import { AppShell } from './pages/auth-pages.ts';
import { AnnouncementBanners, ConsolePage } from './pages/console-page.ts';
import { DashboardPage } from './pages/dashboard-page.ts';
import { ManufacturingPage } from './pages/manufacturing-page.ts';
import { OrdersPage } from './pages/orders-page.ts';
import { PartsApi, PartsPage } from './pages/parts-page.ts';
import { ProductsPage } from './pages/products-page.ts';
import { SalesImportPage } from './pages/sales-import-page.ts';
import { SalesPage } from './pages/sales-page.ts';
import { SeedApi } from './pages/seed-api.ts';
import { StocktakesPage, ValuationPage } from './pages/stocktakes-page.ts';
import { WorkspaceMenus, WorkspaceSettingsPage } from './pages/workspace-page.ts';
import { ApiSession } from './support/api-session.ts';
import { DESKTOP, expectAccessible, PHONE } from './support/axe.ts';
import { uniqueEmail, useBrowser } from './support/browser.ts';
import { daysFromToday as day, dayOfMonthFromNow } from './support/dates.ts';
import { proveAddressByResetMail, verificationLink, waitForMails } from './support/mail-and-identity.ts';

const browser = useBrowser();
const PASSWORD = 'password123';

interface Account {
  email: string;
  token: string;
}

/** Signs up through the API (a workspace of their own, or the invitation's). */
async function register(body: { name: string; email: string; invitation_code?: string }): Promise<Account> {
  const response = await fetch(`${browser.baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ password: PASSWORD, ...body }),
  });
  if (!response.ok) throw new Error(`register failed: ${response.status} ${await response.text()}`);
  return { email: body.email, token: ((await response.json()) as { token: string }).token };
}

/** A page signed in with the account's session (the token the app keeps), or signed out without one. */
async function pageAs(account?: Account) {
  const page = await browser.newPage();
  if (account) await page.addInitScript((token) => localStorage.setItem('auth_token', token), account.token);
  return page;
}

/**
 * One workspace as a small maker's after a few weeks: tagged parts (some low on stock), products
 * with recipes, open orders (overdue, due today, in two days, next month, no date yet) and a
 * delivered one, plans, a record and sales, and an announcement of each kind. The caller adds a
 * second member.
 */
async function seedWorkspace(page: Page) {
  const parts = await PartsApi.of(page);
  const api = await SeedApi.of(page);
  const session = await ApiSession.of(page);

  const wood = await parts.createTag('木材', '#8B5CF6');
  const hardware = await parts.createTag('金具');
  const board = await parts.createPart({
    name: '杉板 300×150',
    part_number: 'W-300',
    category: '木材',
    unit: '枚',
    unit_price: 420,
    current_stock: 4,
    min_stock_alert: 10,
    url: 'https://example.test/boards',
  });
  const screw = await parts.createPart({
    name: '木ネジ 3.5×25',
    part_number: 'S-25',
    category: '金具',
    unit: '本',
    unit_price: 4.5,
    current_stock: 600,
    min_stock_alert: 200,
  });
  const hinge = await parts.createPart({ name: '蝶番 小', category: '金具', unit: '個', unit_price: 180, current_stock: 0, min_stock_alert: 4 });
  const oil = await parts.createPart({ name: '仕上げオイル', unit: 'ml', unit_price: 3, current_stock: 900, min_stock_alert: 500 });
  await parts.createPart({ name: '梱包箱 M', unit: '個', unit_price: 60, current_stock: 12, min_stock_alert: 12 });
  await parts.tagPart(board.id, wood.id);
  await parts.tagPart(screw.id, hardware.id);
  await parts.tagPart(hinge.id, hardware.id);

  const shelf = await api.createProduct({ name: '壁掛けシェルフ', selling_price: 6800, current_stock: 3 });
  const box = await api.createProduct({ name: '小物入れ', selling_price: 3200 });
  await api.createProduct({ name: 'カッティングボード', selling_price: 4500 });
  await api.setRecipe(shelf.id, [
    [board.id, 2],
    [screw.id, 8],
    [oil.id, 30],
  ]);
  await api.setRecipe(box.id, [
    [board.id, 1],
    [hinge.id, 2],
    [screw.id, 4],
  ]);

  await api.order(board.id, { quantity: 20, order_date: day(-10), expected_delivery_date: day(-2) });
  await api.order(hinge.id, { quantity: 10, order_date: day(-1), expected_delivery_date: day(2) });
  await api.order(oil.id, { quantity: 1000, order_date: day(0), expected_delivery_date: dayOfMonthFromNow(1, 10) });
  await api.order(screw.id, { quantity: 1000, order_date: day(-5), expected_delivery_date: day(0) });
  await session.post(`/parts/${hinge.id}/order`, { quantity: 6, order_date: day(0) });
  const delivered = await api.order(screw.id, { quantity: 500, order_date: day(-20), expected_delivery_date: day(-15) });
  await session.post(`/orders/${delivered.id}/deliver`, {});

  // Today: a record, an arrival and a manufacturable count, one more than the calendar shows (他 1 件).
  await api.manufacture(shelf.id, { quantity: 1, manufacturing_date: day(0) });
  await api.createPlan({ product_id: shelf.id, quantity: 5, start_date: day(-2), end_date: day(7) });
  await api.createPlan({ product_id: box.id, quantity: 3, start_date: day(3), end_date: day(14) });
  await api.sell(shelf.id, { quantity: 1, unit_price: 6800, sale_date: day(-2), url: 'https://example.test/order/1001', notes: 'ギフト包装' });
  await api.sell(shelf.id, { quantity: 2, unit_price: 6500, sale_date: day(0) });

  const announcements = [];
  for (const type of ['info', 'warning', 'error', 'success'] as const) {
    const content = '11月30日 2:00〜4:00 はメンテナンスのためご利用いただけません。';
    announcements.push(await session.post<{ id: number }>('/management-console/announcements', { title: `お知らせ（${type}）`, content, type }));
  }
  return announcements;
}

describe('accessibility (axe-core, WCAG 2 A/AA) of every screen at 1280 and 375 px, light and dark', () => {
  let owner: Account;
  let member: Account;
  let removeAnnouncements = async () => {};

  beforeAll(async () => {
    // The owner is a super admin (listed, and proven through the reset mail) so that 管理画面 can be checked too.
    const registered = await register({ name: '木工房 あかね', email: inject('accessibilitySuperAdminEmail') });
    owner = { ...registered, token: await proveAddressByResetMail(browser.baseUrl, registered.email, PASSWORD) };
    const setup = await pageAs(owner);
    await setup.goto('/');
    await setup.getByRole('heading', { name: 'ダッシュボード', level: 1 }).waitFor();

    const announcements = await seedWorkspace(setup);
    // Other files share this server: the announcements would show on all their pages.
    removeAnnouncements = async () => {
      for (const { id } of announcements) {
        const response = await fetch(`${browser.baseUrl}/api/management-console/announcements/${id}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${owner.token}` },
        });
        if (!response.ok) throw new Error(`DELETE announcement ${id}: ${response.status}`);
      }
    };
    const { invite_code } = await (await ApiSession.of(setup)).post<{ invite_code: string }>('/workspace/invite-code', {});
    member = await register({ name: '佐藤 みのり', email: uniqueEmail('a11y-member'), invitation_code: invite_code });
  });

  afterAll(async () => {
    await removeAnnouncements();
  });

  it('ログイン', async () => {
    const page = await pageAs();
    await page.goto('/login');
    await page.getByRole('button', { name: 'ログイン', exact: true }).waitFor();
    await expectAccessible(page, 'ログイン');
  });

  it('新規登録', async () => {
    const page = await pageAs();
    await page.goto('/register');
    await page.getByRole('button', { name: '登録', exact: true }).waitFor();
    await expectAccessible(page, '新規登録');
  });

  it('パスワードの再設定 and 新しいパスワードの設定', async () => {
    const page = await pageAs();
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: '再設定メールを送信' }).waitFor();
    await expectAccessible(page, 'パスワードの再設定');
    await page.goto('/reset-password?token=a-token-from-a-mail');
    await page.getByRole('button', { name: 'パスワードを設定してログイン' }).waitFor();
    await expectAccessible(page, '新しいパスワードの設定');
  });

  it('アカウント設定, with the second factor being set up', async () => {
    const page = await pageAs(owner);
    await page.goto('/account');
    await page.getByRole('list', { name: 'ログイン中の端末' }).waitFor();
    await expectAccessible(page, 'アカウント設定');
    await page.getByRole('button', { name: '二段階認証を設定する' }).click();
    await page.getByAltText('認証アプリで読み取るQRコード').waitFor();
    await expectAccessible(page, 'アカウント設定: 二段階認証の設定');
  });

  it('メール認証: without a token (signed out), then the link of a new user’s mail (signed in)', async () => {
    const failed = await pageAs();
    await failed.goto('/verify-email');
    await failed.getByRole('alert').filter({ hasText: 'エラーが発生しました' }).waitFor();
    await expectAccessible(failed, 'メール認証（トークンなし）');

    const newcomer = await register({ name: '新規 ユーザー', email: uniqueEmail('a11y-newcomer') });
    const page = await pageAs(newcomer);
    const [mail] = await waitForMails(newcomer.email, 1);
    await page.goto(verificationLink(mail!));
    await page.getByRole('status').filter({ hasText: 'メール認証が完了しました' }).waitFor();
    await expectAccessible(page, 'メール認証（完了）');
  });

  it('ダッシュボード', async () => {
    const page = await pageAs(owner);
    const dashboard = new DashboardPage(page);
    await dashboard.open();
    await dashboard.showCalendar();
    await dashboard.calendar().getByText('他 1 件').waitFor();
    await new AnnouncementBanners(page).banner('お知らせ（info）').waitFor();
    await expectAccessible(page, 'ダッシュボード');

    // At 375 px the page is drawn again, with the calendar below the screen until scrolled to.
    await dashboard.showCalendar();
    await dashboard.calendar().getByText('他 1 件').click();
    await dashboard.calendarPopover(day(0)).getByRole('listitem').first().waitFor();
    await expectAccessible(page, 'ダッシュボード: 他 N 件');
  });

  it('部品管理 and its form', async () => {
    const page = await pageAs(owner);
    const parts = new PartsPage(page);
    await parts.open();
    await parts.waitForList();
    await expectAccessible(page, '部品管理');

    await page.getByRole('button', { name: '部品を追加' }).click();
    await parts.waitForDialog('部品を追加');
    await expectAccessible(page, '部品管理: 部品を追加');
  });

  it('商品管理 and its form', async () => {
    const page = await pageAs(owner);
    const products = new ProductsPage(page);
    await products.open();
    await products.waitForCount(3);
    await expectAccessible(page, '商品管理');

    await page.getByRole('button', { name: '商品を追加' }).click();
    await products.waitForDialog('商品を追加');
    await expectAccessible(page, '商品管理: 商品を追加');
  });

  it('製造計画, its three tabs', async () => {
    const page = await pageAs(owner);
    const manufacturing = new ManufacturingPage(page);
    await manufacturing.open();
    await manufacturing.planList().waitFor();
    await expectAccessible(page, '製造計画: 製造計画');
    await manufacturing.openTab('製造記録');
    await manufacturing.records().waitFor();
    await expectAccessible(page, '製造計画: 製造記録');
    await manufacturing.openTab('製造可能数');
    await page.getByRole('tabpanel').getByText('カッティングボード').waitFor();
    await expectAccessible(page, '製造計画: 製造可能数');
  });

  it('発注管理', async () => {
    const page = await pageAs(owner);
    const orders = new OrdersPage(page);
    await orders.open();
    await orders.waitForCount('全6件中 6件を表示');
    await expectAccessible(page, '発注管理');
  });

  it('販売管理', async () => {
    const page = await pageAs(owner);
    const sales = new SalesPage(page);
    await sales.open();
    await sales.summaryCards();
    await expectAccessible(page, '販売管理');
  });

  it('販売管理: 注文を取り込む (preview, then a new format\'s column mapping)', async () => {
    const page = await pageAs(owner);
    const importPage = new SalesImportPage(page);
    await importPage.open();
    await importPage.chooseFile({
      name: 'orders_export.csv',
      content: `Name,Created at,Lineitem sku,Lineitem name,Lineitem quantity,Lineitem price\n#1001,${day(0)} 10:00:00 +0900,,壁掛けシェルフ,1,2500\n#1002,${day(0)} 11:00:00 +0900,X-9,ステッカー,2,300\n#1003,${day(0)} 12:00:00 +0900,,壁掛けシェルフ,99999,2500\n#1004,昨日,,壁掛けシェルフ,1,2500\n`,
    });
    await importPage.preview();
    await page.getByLabel('「ステッカー」に対応する商品').waitFor();
    await expectAccessible(page, '注文を取り込む: プレビュー');
    await importPage.chooseSource('新しい形式を登録...');
    await importPage.mappedColumns();
    await expectAccessible(page, '注文を取り込む: 列の対応付け');
  });

  it('棚卸し: the list, the counting screen with a line open, the review of the variances', async () => {
    const page = await pageAs(owner);
    const stocktakes = new StocktakesPage(page);
    await stocktakes.open();
    const session = await ApiSession.of(page);
    const stocktake = await session.post<{ id: number; lines: Array<{ item_kind: string; item_id: number; name: string; expected: number }> }>('/stocktakes', {
      name: '月末棚卸し',
      scope: { kind: 'all' },
    });
    const board = stocktake.lines.find((line) => line.name === '杉板 300×150')!;
    const screw = stocktake.lines.find((line) => line.name === '木ネジ 3.5×25')!;
    await session.put(`/stocktakes/${stocktake.id}/counts`, {
      counts: [
        { part_id: board.item_id, counted: board.expected + 1 },
        { part_id: screw.item_id, counted: screw.expected - 20 },
      ],
    });
    await page.reload();
    await page.getByRole('link', { name: /月末棚卸し/ }).waitFor();
    await expectAccessible(page, '棚卸し');

    await page.goto(`/parts/stocktakes/${stocktake.id}`);
    await stocktakes.line('蝶番 小').getByRole('button', { name: /蝶番 小/ }).click();
    await page.getByRole('textbox', { name: /数えた数/ }).waitFor();
    await expectAccessible(page, '棚卸し: 数える');
    await stocktakes.openTab('差異の確認');
    await page.getByRole('button', { name: '確定する' }).waitFor();
    await expectAccessible(page, '棚卸し: 差異の確認');
  });

  it('在庫評価', async () => {
    const page = await pageAs(owner);
    const valuation = new ValuationPage(page);
    await valuation.open();
    await valuation.show(day(0), '移動平均法');
    await valuation.table('部品').waitFor();
    await expectAccessible(page, '在庫評価');
  });

  it('ワークスペース設定', async () => {
    const page = await pageAs(owner);
    await new WorkspaceSettingsPage(page).open();
    await page.getByText('佐藤 みのり').first().waitFor();
    await expectAccessible(page, 'ワークスペース設定');
  });

  it('管理画面', async () => {
    const page = await pageAs(owner);
    const consolePage = new ConsolePage(page);
    await page.goto('/management-console');
    await consolePage.statsCards();
    await consolePage.item('お知らせ（info）').waitFor();
    await expectAccessible(page, '管理画面');
  });

  it('スキャン, its action sheet, and ラベル印刷', async () => {
    const page = await pageAs(owner);
    await page.goto('/scan');
    await page.getByRole('heading', { name: 'スキャン' }).waitFor();
    const session = await ApiSession.of(page);
    const [part] = await session.get<Array<{ id: number; name: string }>>('/parts');
    await expectAccessible(page, 'スキャン');
    await page.goto(`/s/part/${part!.id}`);
    await page.getByRole('button', { name: '在庫を数える' }).waitFor();
    await expectAccessible(page, 'スキャン: 操作の選択');
    await page.goto(`/labels?parts=${part!.id}`);
    await page.getByTestId('label-print-area').waitFor();
    await expectAccessible(page, 'ラベル印刷');
  });

  it('ページが見つかりません', async () => {
    const page = await pageAs();
    await page.goto('/no-such-page');
    await page.getByRole('heading', { name: 'ページが見つかりません' }).waitFor();
    await expectAccessible(page, 'ページが見つかりません');
  });

  it('the verification banner and the top bar’s menus, open, for a member whose address is not verified yet', async () => {
    const page = await pageAs(member);
    await page.goto('/manufacturing');
    await page.getByRole('list', { name: '製造計画一覧' }).waitFor();
    await new VerificationBanner(page).region().waitFor();

    await page.setViewportSize({ width: 1280, height: 800 });
    await new AppShell(page).openUserMenu();
    await page.getByRole('menu').waitFor();
    await expectAccessible(page, 'ユーザーメニュー', DESKTOP);
    await page.keyboard.press('Escape');
    await page.getByRole('menu').waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 375, height: 800 });
    await new WorkspaceMenus(page).openMobileMenu();
    await expectAccessible(page, 'モバイルメニュー', PHONE);
  });
});
