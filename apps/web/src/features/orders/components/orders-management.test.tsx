import type { Order } from '@inventory/contracts/orders';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeOrder } from '../../../testing/make-order.ts';
import { OrdersManagement } from './orders-management.tsx';

const ORDERS: Order[] = [
  makeOrder({ id: 1, part_name: 'ネジ M3', quantity: 100, order_date: '2026-05-02', expected_delivery_date: '2026-05-20' }),
  makeOrder({ id: 2, part_name: 'LED 赤', quantity: 30, order_date: '2026-04-10', status: 'shipped' }),
  makeOrder({ id: 3, part_name: 'あかりセンサー', order_date: '2026-05-03', expected_delivery_date: '2026-05-08', status: 'delivered' }),
  makeOrder({ id: 4, part_name: 'かしめ金具', order_date: '2026-03-01', expected_delivery_date: '2026-05-09', status: 'cancelled' }),
];

/** The orders of `orders` due in the month of a GET /orders/calendar/{year}/{month} call, as the server picks them. */
const dueIn = (orders: Order[], path: string) => {
  const [year, month] = path.split('/').slice(-2);
  return orders.filter((order) => order.expected_delivery_date?.startsWith(`${year}-${month!.padStart(2, '0')}-`));
};

/** The screen with GET /orders (and the month's due orders) answering `orders` unless the test answers otherwise. */
function renderScreen(handlers: Parameters<typeof mockApi>[0] = {}, orders: Order[] = ORDERS, pageSize?: number, url = '/orders') {
  const calls = mockApi({
    'GET /orders': () => ({ body: orders }),
    'GET /orders/calendar/:year/:month': (call) => ({ body: dueIn(orders, call.path) }),
    ...handlers,
  });
  const { queryClient } = renderWithQueryClient(
    <MemoryRouter initialEntries={[url]}>
      <OrdersManagement {...(pageSize ? { pageSize } : {})} />
    </MemoryRouter>,
  );
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  // A delivery reloads the parts data (stock rose) through the shared key.
  const partsReloads = () => invalidate.mock.calls.filter(([filters]) => filters?.queryKey === queryKeys.parts.all).length;
  // And the manufacturable counts and plans' requirements, which read part stock and open orders.
  const manufacturingReloads = () =>
    invalidate.mock.calls.filter(([filters]) => filters?.queryKey === queryKeys.manufacturing.all).length;
  return { user: userEvent.setup(), calls, partsReloads, manufacturingReloads };
}

// jsdom has no layout: the media query answers false, so the screen shows the phone cards.
const rowNames = () =>
  within(screen.getByRole('list', { name: '発注一覧' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('p')?.textContent);

describe('OrdersManagement', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 15, 10));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    vi.spyOn(notify, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('lists the orders newest first with M月d日 dates, 未設定 and the count', async () => {
    renderScreen();
    await screen.findByText('全4件中 4件を表示');
    expect(rowNames()).toEqual(['あかりセンサー', 'ネジ M3', 'LED 赤', 'かしめ金具']);
    const rows = within(screen.getByRole('list', { name: '発注一覧' })).getAllByRole('listitem');
    const screw = rows[1]!;
    expect(within(screw).getByText('100個')).toBeInTheDocument();
    expect(within(screw).getByText('5月2日')).toBeInTheDocument();
    expect(within(screw).getByText('5月20日')).toBeInTheDocument();
    expect(within(screw).getByText('発注済み')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('未設定')).toBeInTheDocument();
  });

  it('filters by status and part name, sorts, and clears', async () => {
    const { user } = renderScreen();
    await screen.findByText('全4件中 4件を表示');

    await user.selectOptions(screen.getByLabelText('状態'), '出荷済み');
    expect(rowNames()).toEqual(['LED 赤']);
    expect(screen.getByText('全4件中 1件を表示')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('状態'), 'すべて');
    await user.type(screen.getByLabelText('部品名で検索'), 'ｎｅｊｉ');
    expect(screen.getByText('条件に一致する発注はありません')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('部品名で検索'));
    await user.type(screen.getByLabelText('部品名で検索'), 'ネジ');
    expect(rowNames()).toEqual(['ネジ M3']);
    await user.clear(screen.getByLabelText('部品名で検索'));

    await user.selectOptions(screen.getByLabelText('並び替え'), '納入予定日（早い順）');
    expect(rowNames()).toEqual(['あかりセンサー', 'かしめ金具', 'ネジ M3', 'LED 赤']);
    await user.selectOptions(screen.getByLabelText('並び替え'), '納入予定日（遅い順）');
    expect(rowNames()).toEqual(['ネジ M3', 'かしめ金具', 'あかりセンサー', 'LED 赤']);
    await user.selectOptions(screen.getByLabelText('並び替え'), '部品名（昇順）');
    expect(rowNames()).toEqual(['LED 赤', 'あかりセンサー', 'かしめ金具', 'ネジ M3']);
    await user.selectOptions(screen.getByLabelText('並び替え'), '発注日（古い順）');
    expect(rowNames()).toEqual(['かしめ金具', 'LED 赤', 'ネジ M3', 'あかりセンサー']);

    await user.selectOptions(screen.getByLabelText('状態'), 'キャンセル');
    await user.click(screen.getByRole('button', { name: 'クリア' }));
    expect(screen.getByLabelText('状態')).toHaveValue('all');
    expect(screen.getByLabelText('並び替え')).toHaveValue('order_date_desc');
    expect(rowNames()).toEqual(['あかりセンサー', 'ネジ M3', 'LED 赤', 'かしめ金具']);
    expect(screen.getByRole('button', { name: 'クリア' })).toBeDisabled();
  });

  it('opens filtered to overdue orders from the URL (the dashboard banner), asking the server for them', async () => {
    const overdue = [ORDERS[1]!];
    const { user, calls } = renderScreen(
      { 'GET /orders': (call) => ({ body: call.query?.due === 'overdue' ? overdue : ORDERS }) },
      ORDERS,
      undefined,
      '/orders?due=overdue&sort=delivery_asc',
    );
    await screen.findByText('全1件中 1件を表示');
    expect(rowNames()).toEqual(['LED 赤']);
    expect(screen.getByLabelText('納期')).toHaveValue('overdue');
    expect(screen.getByLabelText('並び替え')).toHaveValue('delivery_asc');
    expect(calls.find((call) => call.path === '/orders')?.query).toEqual({ limit: '1000', due: 'overdue' });

    await user.click(screen.getByRole('button', { name: 'クリア' }));
    await screen.findByText('全4件中 4件を表示');
    expect(screen.getByLabelText('納期')).toHaveValue('all');
    expect(calls.filter((call) => call.path === '/orders').at(-1)?.query).toEqual({ limit: '1000' });
  });

  it('shows open orders due this month in 今月の納入予定', async () => {
    const { calls } = renderScreen();
    const card = await screen.findByRole('region', { name: /今月の納入予定/ });
    const items = within(card).getAllByRole('listitem');
    expect(items).toHaveLength(1);
    expect(items[0]).toHaveTextContent('5月20日ネジ M3100個発注済み');
    expect(calls).toContainEqual({ method: 'GET', path: '/orders/calendar/2026/5', body: undefined });
  });

  it('draws only the lines of 今月の納入予定 in view, each saying its place among them all', async () => {
    const due = Array.from({ length: 200 }, (_, index) =>
      makeOrder({ id: 100 + index, part_name: `部品 ${index}`, order_date: '2026-05-01', expected_delivery_date: '2026-05-20' }),
    );
    renderScreen({}, due);
    const card = await screen.findByRole('region', { name: /今月の納入予定/ });
    await waitFor(() => expect(within(card).getAllByRole('listitem').length).toBeGreaterThan(0));
    const items = within(card).getAllByRole('listitem');
    expect(items.length).toBeLessThan(100);
    expect(items[0]).toHaveAttribute('aria-posinset', '1');
    expect(items[0]).toHaveAttribute('aria-setsize', '200');
    expect(card).toHaveTextContent('200件');
  });

  it('reads 今月の納入予定 from the month, so an old order not loaded in the list still shows', async () => {
    const old = makeOrder({ id: 9, part_name: '古い発注の歯車', order_date: '2025-01-10', expected_delivery_date: '2026-05-28', status: 'shipped' });
    renderScreen({ 'GET /orders/calendar/:year/:month': () => ({ body: [old, ORDERS[0]!, ORDERS[2]!] }) });
    const card = await screen.findByRole('region', { name: /今月の納入予定/ });
    expect(within(card).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '5月20日ネジ M3100個発注済み',
      '5月28日古い発注の歯車10個出荷済み',
    ]);
    expect(screen.queryByText('古い発注の歯車', { selector: 'p' })).not.toBeInTheDocument();
  });

  it('loads older orders a page at a time with さらに表示, and the count says when more are left', async () => {
    // Pages of 3 here (1,000 in the app): the first page is full, so there may be more.
    const newest = [ORDERS[2]!, ORDERS[0]!, ORDERS[1]!];
    const older = [ORDERS[3]!];
    const { user, calls } = renderScreen({ 'GET /orders': (call) => ({ body: call.query?.before_id ? older : newest }) }, ORDERS, 3);
    expect(await screen.findByText('新しい順に読み込んだ3件中 3件を表示（さらに古い発注があります）')).toBeInTheDocument();
    expect(rowNames()).toEqual(['あかりセンサー', 'ネジ M3', 'LED 赤']);
    expect(calls.filter((call) => call.path === '/orders')).toEqual([{ method: 'GET', path: '/orders', query: { limit: '3' }, body: undefined }]);

    await user.click(screen.getByRole('button', { name: 'さらに表示' }));
    expect(await screen.findByText('全4件中 4件を表示')).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/orders').at(-1)).toEqual({
      method: 'GET',
      path: '/orders',
      query: { limit: '3', before_date: '2026-04-10', before_id: '2' },
      body: undefined,
    });
    expect(rowNames()).toEqual(['あかりセンサー', 'ネジ M3', 'LED 赤', 'かしめ金具']);
    expect(screen.queryByRole('button', { name: 'さらに表示' })).not.toBeInTheDocument();

    // Filters apply to every order loaded.
    await user.selectOptions(screen.getByLabelText('状態'), 'キャンセル');
    expect(rowNames()).toEqual(['かしめ金具']);
  });

  it('keeps the loaded orders and offers a retry when an older page fails', async () => {
    let fail = true;
    const busy = { status: 503, body: { error: 'サーバーが混み合っています。しばらくしてから再度お試しください' } };
    const { user } = renderScreen(
      { 'GET /orders': (call) => (!call.query?.before_id ? { body: [ORDERS[2]!, ORDERS[0]!] } : fail ? busy : { body: [] }) },
      ORDERS,
      2,
    );
    await screen.findByText('新しい順に読み込んだ2件中 2件を表示（さらに古い発注があります）');
    await user.click(screen.getByRole('button', { name: 'さらに表示' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('サーバーが混み合っています。しばらくしてから再度お試しください');
    expect(rowNames()).toEqual(['あかりセンサー', 'ネジ M3']);
    fail = false;
    await user.click(within(banner).getByRole('button', { name: '再試行' }));
    expect(await screen.findByText('全2件中 2件を表示')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says when nothing is due this month', async () => {
    renderScreen({}, [makeOrder({ expected_delivery_date: '2026-06-02' })]);
    const card = await screen.findByRole('region', { name: /今月の納入予定/ });
    expect(within(card).getByText('今月の納入予定はありません')).toBeInTheDocument();
  });

  it('shows a banner with a retry when the orders cannot be loaded', async () => {
    let fail = true;
    const { user } = renderScreen({ 'GET /orders': () => (fail ? { status: 500, body: {} } : { body: ORDERS }) });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('発注一覧の取得に失敗しました');
    expect(console.warn).toHaveBeenCalled();
    expect(notify.error).not.toHaveBeenCalled();
    fail = false;
    await user.click(within(banner).getByRole('button', { name: '再試行' }));
    await screen.findByText('全4件中 4件を表示');
  });

  it('delivers after confirmation, toasts and reports the stock change', async () => {
    const delivered = { ...ORDERS[0]!, status: 'delivered', delivered_at: '2026-05-15T01:00:00.000Z' };
    const { user, calls, partsReloads, manufacturingReloads } = renderScreen({ 'POST /orders/1/deliver': () => ({ body: delivered }) });
    await screen.findByText('全4件中 4件を表示');
    await user.click(screen.getByRole('button', { name: '「ネジ M3」の発注の操作' }));
    await user.click(screen.getByRole('menuitem', { name: '納入処理' }));
    const dialog = await screen.findByRole('dialog', { name: '納入処理' });
    expect(dialog).toHaveTextContent('在庫が自動的に更新されます（+100個）');
    await user.click(within(dialog).getByRole('button', { name: '納入処理する' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('発注「ネジ M3」を納入処理しました'));
    expect(calls).toContainEqual({ method: 'POST', path: '/orders/1/deliver', body: undefined });
    expect(partsReloads()).toBe(1);
    expect(manufacturingReloads()).toBe(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("shows the server's error text when a delivery fails", async () => {
    const { user, partsReloads } = renderScreen({
      'POST /orders/:id/deliver': () => ({ status: 409, body: { error: '納入済みの発注は変更できません' } }),
    });
    await screen.findByText('全4件中 4件を表示');
    await user.click(screen.getByRole('button', { name: '「LED 赤」の発注の操作' }));
    await user.click(screen.getByRole('menuitem', { name: '納入処理' }));
    await user.click(screen.getByRole('button', { name: '納入処理する' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('納入済みの発注は変更できません'));
    expect(partsReloads()).toBe(0);
  });

  it('updates the status through the modal and checks the date against the order date', async () => {
    const { user, calls } = renderScreen({
      'PUT /orders/2': () => ({ body: { ...ORDERS[1]!, status: 'cancelled', expected_delivery_date: '2026-05-30' } }),
    });
    await screen.findByText('全4件中 4件を表示');
    await user.click(screen.getByRole('button', { name: '「LED 赤」の発注の操作' }));
    await user.click(screen.getByRole('menuitem', { name: '状態を更新' }));
    const dialog = await screen.findByRole('dialog', { name: '発注状態更新' });
    expect(dialog).toHaveTextContent('LED 赤');
    const status = within(dialog).getByLabelText('状態');
    expect(status).toHaveValue('shipped');
    expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual([
      '発注済み',
      '出荷済み',
      '納入済み',
      'キャンセル',
    ]);

    await user.type(within(dialog).getByLabelText('納入予定日'), '2026-04-01');
    await user.click(within(dialog).getByRole('button', { name: '更新' }));
    expect(await within(dialog).findByText('納入予定日は発注日以降の日付にしてください')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('納入予定日'));
    await user.type(within(dialog).getByLabelText('納入予定日'), '2026-05-30');
    await user.selectOptions(status, 'キャンセル');
    await user.click(within(dialog).getByRole('button', { name: '更新' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('発注「LED 赤」の状態を更新しました'));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', path: '/orders/2', body: { status: 'cancelled', expected_delivery_date: '2026-05-30' } },
    ]);
  });

  it('warns that choosing 納入済み updates the stock, and offers no change at all of a delivered order', async () => {
    const { user } = renderScreen();
    await screen.findByText('全4件中 4件を表示');
    await user.click(screen.getByRole('button', { name: '「ネジ M3」の発注の操作' }));
    await user.click(screen.getByRole('menuitem', { name: '状態を更新' }));
    const dialog = await screen.findByRole('dialog', { name: '発注状態更新' });
    await user.selectOptions(within(dialog).getByLabelText('状態'), '納入済み');
    expect(dialog).toHaveTextContent('納入済みにすると在庫が自動的に更新されます（+100個）');
    await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));

    // Delivered is final: its row has no actions menu, so no 状態を更新.
    const delivered = within(screen.getByRole('list', { name: '発注一覧' })).getAllByRole('listitem')[0]!;
    expect(delivered).toHaveTextContent('あかりセンサー');
    expect(within(delivered).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '「あかりセンサー」の発注の操作' })).not.toBeInTheDocument();
  });

  it('marks open orders past their expected date 遅延, 出荷済み included, in the list and in 今月の納入予定', async () => {
    const orders = [
      ...ORDERS,
      makeOrder({ id: 5, part_name: '遅れた歯車', order_date: '2026-04-20', expected_delivery_date: '2026-05-10', status: 'shipped' }),
      makeOrder({ id: 6, part_name: '先月のバネ', order_date: '2026-04-01', expected_delivery_date: '2026-04-30', status: 'ordered' }),
      makeOrder({ id: 7, part_name: '今日の軸', order_date: '2026-05-01', expected_delivery_date: '2026-05-15', status: 'ordered' }),
    ];
    renderScreen({}, orders);
    await screen.findByText('全7件中 7件を表示');
    const rowOf = (name: string) =>
      within(screen.getByRole('list', { name: '発注一覧' }))
        .getAllByRole('listitem')
        .find((item) => item.querySelector('p')?.textContent === name)!;
    expect(rowOf('遅れた歯車')).toHaveTextContent('出荷済み遅延');
    expect(rowOf('先月のバネ')).toHaveTextContent('発注済み遅延');
    // Due today is not late yet; closed orders (delivered 5月8日, cancelled 5月9日) never are.
    for (const name of ['今日の軸', 'ネジ M3', 'LED 赤', 'あかりセンサー', 'かしめ金具']) expect(rowOf(name)).not.toHaveTextContent('遅延');
    expect(within(rowOf('遅れた歯車')).getByText('5月10日')).toHaveClass('text-red-700');
    expect(within(rowOf('今日の軸')).getByText('5月15日')).not.toHaveClass('text-red-700');

    // This month's late order stays in 今月の納入予定, first (earliest), marked; last month's is not this month's.
    const card = await screen.findByRole('region', { name: /今月の納入予定/ });
    expect(within(card).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '5月10日遅れた歯車10個出荷済み遅延',
      '5月15日今日の軸10個発注済み',
      '5月20日ネジ M3100個発注済み',
    ]);
  });

  it('writes the year of a date that is not in this year', async () => {
    const old = makeOrder({ id: 8, part_name: '昨年の発注', order_date: '2025-11-10', expected_delivery_date: '2026-01-05', status: 'delivered' });
    renderScreen({}, [old, ...ORDERS]);
    await screen.findByText('全5件中 5件を表示');
    const row = within(screen.getByRole('list', { name: '発注一覧' }))
      .getAllByRole('listitem')
      .find((item) => item.querySelector('p')?.textContent === '昨年の発注')!;
    expect(within(row).getByText('2025年11月10日')).toHaveAttribute('dateTime', '2025-11-10');
    expect(within(row).getByText('1月5日')).toBeInTheDocument();
  });

  it('deletes after a confirmation that shows part name, quantity and order date', async () => {
    const { user, calls } = renderScreen({ 'DELETE /orders/4': () => ({ body: { message: '発注を削除しました' } }) });
    await screen.findByText('全4件中 4件を表示');
    await user.click(screen.getByRole('button', { name: '「かしめ金具」の発注の操作' }));
    await user.click(screen.getByRole('menuitem', { name: '削除' }));
    const dialog = await screen.findByRole('dialog', { name: '発注の削除' });
    expect(dialog).toHaveTextContent('かしめ金具');
    expect(dialog).toHaveTextContent('10個');
    expect(dialog).toHaveTextContent('2026年3月1日');
    await user.click(within(dialog).getByRole('button', { name: '削除' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('発注「かしめ金具」を削除しました'));
    expect(calls).toContainEqual({ method: 'DELETE', path: '/orders/4', body: undefined });
  });

  it('falls back to the specified failure text when the server gives none', async () => {
    const { user } = renderScreen({ 'DELETE /orders/:id': () => ({ status: 500, body: {} }) });
    await screen.findByText('全4件中 4件を表示');
    await user.click(screen.getByRole('button', { name: '「かしめ金具」の発注の操作' }));
    await user.click(screen.getByRole('menuitem', { name: '削除' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '削除' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('発注の削除に失敗しました'));
  });

  it('shows a table with column headers on desktop widths', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    renderScreen();
    const table = await screen.findByRole('table', { name: '発注一覧' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '部品名',
      '発注数量',
      '発注日',
      '納入予定日',
      '状態',
      '操作',
    ]);
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'あかりセンサー',
      'ネジ M3',
      'LED 赤',
      'かしめ金具',
    ]);
  });
});
