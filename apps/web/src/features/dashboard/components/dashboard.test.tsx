import type { DashboardResponse } from '@inventory/contracts/dashboard';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { destroyIntersectionMocking, mockAllIsIntersecting, setupIntersectionMocking } from 'react-intersection-observer/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeCalendarEvent, makeDashboard, makeRecentSale } from '../../../testing/make-dashboard.ts';
import { giveBoxesAScreenSize } from '../../../testing/screen-sized-boxes.ts';
import { makeManufacturingRecord, makePlan } from '../../../testing/make-plan.ts';
import { makeProduct } from '../../../testing/make-product.ts';
import { DISMISSED_ALERTS_KEY } from '../utils/dismissed-alerts.ts';
import { Dashboard, type DashboardModalSlots } from './dashboard.tsx';
import type { MonthCalendarProps } from './month-calendar.tsx';

// FullCalendar does not draw in jsdom: the lazily loaded module is replaced by a stand-in that
// records its props and, like FullCalendar's datesSet, reports the month it shows when it draws.
const calendar = vi.hoisted(() => ({ props: null as MonthCalendarProps | null }));
vi.mock('./month-calendar.tsx', () => ({
  MonthCalendar: (props: MonthCalendarProps) => {
    calendar.props = props;
    const { onMonthChange } = props;
    useEffect(() => onMonthChange({ year: 2026, month: 5 }), [onMonthChange]);
    return (
      <div data-testid="month-calendar">
        <button type="button" onClick={() => props.onMonthChange({ year: 2026, month: 6 })}>
          次の月
        </button>
        <button type="button" onClick={() => props.onMonthChange({ year: 2026, month: 5 })}>
          今月
        </button>
        <button type="button" onClick={() => props.onDayOpen('2026-05-03')}>
          5月3日を開く
        </button>
        <button type="button" aria-expanded="false" onClick={(event) => props.onMoreOpen('2026-05-03', event.currentTarget)}>
          5月3日の他 1 件
        </button>
      </div>
    );
  },
}));

const slots: DashboardModalSlots = {
  renderManufactureModal: (product, onClose) => (
    <div role="dialog" aria-label={`製造: ${product.name}`}>
      <button type="button" onClick={onClose}>
        閉じる
      </button>
    </div>
  ),
  renderSellModal: (product) => <div role="dialog" aria-label={`販売: ${product.name}`} />,
  preloadModals: () => {},
};

function desktop(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) => ({ matches, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

function renderDashboard(answer: DashboardResponse | (() => ReturnType<Parameters<typeof mockApi>[0][string]>), handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /dashboard': typeof answer === 'function' ? answer : () => ({ body: answer }),
    ...handlers,
  });
  const view = renderWithQueryClient(
    <MemoryRouter>
      <Dashboard modalSlots={slots} />
    </MemoryRouter>,
  );
  return { ...view, calls, user: userEvent.setup() };
}

const section = (name: string) => screen.getByRole('region', { name });

giveBoxesAScreenSize();

describe('Dashboard', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 15, 10));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    vi.spyOn(notify, 'error').mockImplementation(() => {});
    calendar.props = null;
    desktop(true);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows the loading text, then everything from one GET /dashboard', async () => {
    let answer: (reply: { body: DashboardResponse }) => void = () => {};
    const { calls } = renderDashboard(() => new Promise((resolve) => (answer = resolve)));
    expect(screen.getByRole('heading', { level: 1, name: 'ダッシュボード' })).toBeInTheDocument();
    expect(screen.getByText('在庫システムの概要')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('ダッシュボードのデータを読み込み中...');

    await waitFor(() => expect(calls).toHaveLength(1));
    answer({ body: makeDashboard({ products: [makeProduct({ name: 'ランプ' })] }) });
    expect(await screen.findByRole('article', { name: 'ランプ' })).toBeInTheDocument();
    await screen.findByTestId('month-calendar');
    expect(screen.queryByText('ダッシュボードのデータを読み込み中...')).not.toBeInTheDocument();
    // This month's calendar came with the answer: the page made exactly one request.
    expect(calls).toEqual([{ method: 'GET', path: '/dashboard', body: undefined }]);
  });

  it('shows the server message with a retry when the first load fails', async () => {
    let fail = true;
    const { user, calls } = renderDashboard(() =>
      fail ? { status: 500, body: { error: 'サーバーエラーです' } } : { body: makeDashboard({ products: [makeProduct({ name: 'ランプ' })] }) },
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('サーバーエラーです');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: '再試行' }));
    expect(await screen.findByRole('article', { name: 'ランプ' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/dashboard')).toHaveLength(2);
  });

  describe('alert banners', () => {
    const alerts: DashboardResponse['alerts'] = {
      overdueOrders: [{ id: 1, part_name: 'ネジ', quantity: 100, expected_delivery_date: '2026-05-10' }],
      upcomingOrders: [
        { id: 2, part_name: 'LED', quantity: 1500, expected_delivery_date: '2026-05-16' },
        { id: 3, part_name: '電池', quantity: 20, expected_delivery_date: '2026-05-18' },
      ],
      // The server sends the banner's first 5 and counts them all.
      lowStockParts: Array.from({ length: 5 }, (_, index) => ({ id: index + 1, name: `部品${index + 1}`, current_stock: index, min_stock_alert: 10 })),
      lowStockPartsCount: 7,
      overdueOrdersCount: 1,
    };

    it('shows overdue (red), upcoming (blue) and low stock (yellow, at most 5 parts)', async () => {
      renderDashboard(makeDashboard({ alerts }));
      const overdue = await screen.findByRole('region', { name: '納期遅れの発注' });
      expect(overdue).toHaveClass('bg-red-50');
      expect(within(overdue).getByRole('heading')).toHaveTextContent('納期を過ぎた発注があります（1件）');
      expect(within(overdue).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['ネジ × 100個（納入予定日 2026-05-10）']);
      // Each banner opens its list filtered to what it counted.
      expect(within(overdue).getByRole('link', { name: '発注管理で確認する' })).toHaveAttribute('href', '/orders?due=overdue&sort=delivery_asc');

      const upcoming = section('納入予定の発注');
      expect(upcoming).toHaveClass('bg-blue-50');
      expect(within(upcoming).getByRole('heading')).toHaveTextContent('3日以内に納入予定の発注があります（2件）');
      expect(within(upcoming).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        'LED × 1,500個（納入予定日 2026-05-16）',
        '電池 × 20個（納入予定日 2026-05-18）',
      ]);
      expect(within(upcoming).getByRole('link', { name: '発注管理で確認する' })).toHaveAttribute('href', '/orders?due=upcoming&sort=delivery_asc');

      const lowStock = section('在庫不足の部品');
      expect(lowStock).toHaveClass('bg-yellow-50');
      expect(within(lowStock).getByRole('heading')).toHaveTextContent('在庫が少ない部品があります（7件）');
      expect(within(lowStock).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        '部品1：在庫 0（最小 10）',
        '部品2：在庫 1（最小 10）',
        '部品3：在庫 2（最小 10）',
        '部品4：在庫 3（最小 10）',
        '部品5：在庫 4（最小 10）',
        'ほか2件',
      ]);
      expect(within(lowStock).getByRole('link', { name: '部品管理で確認する' })).toHaveAttribute('href', '/parts?stock=low');
    });

    it('shows no banner for an empty kind', async () => {
      renderDashboard(makeDashboard({ products: [makeProduct({ name: 'ランプ' })] }));
      await screen.findByRole('article', { name: 'ランプ' });
      expect(screen.queryByRole('region', { name: '納期遅れの発注' })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: '納入予定の発注' })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: '在庫不足の部品' })).not.toBeInTheDocument();
    });

    it('keeps a closed banner closed for the rest of the day, per kind, and shows it again the next day', async () => {
      const first = renderDashboard(makeDashboard({ alerts }));
      await first.user.click(within(await screen.findByRole('region', { name: '納期遅れの発注' })).getByRole('button', { name: '納期遅れの発注を閉じる' }));
      await first.user.click(within(section('在庫不足の部品')).getByRole('button', { name: '在庫不足の部品を閉じる' }));
      expect(screen.queryByRole('region', { name: '納期遅れの発注' })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: '在庫不足の部品' })).not.toBeInTheDocument();
      expect(JSON.parse(localStorage.getItem(DISMISSED_ALERTS_KEY)!)).toEqual({ '2026-05-15': ['overdue', 'lowStock'] });
      first.unmount();

      // Later the same day: still closed; the other kind still shows.
      vi.setSystemTime(new Date(2026, 4, 15, 23, 59));
      const second = renderDashboard(makeDashboard({ alerts }));
      expect(await screen.findByRole('region', { name: '納入予定の発注' })).toBeInTheDocument();
      expect(screen.queryByRole('region', { name: '納期遅れの発注' })).not.toBeInTheDocument();
      expect(screen.queryByRole('region', { name: '在庫不足の部品' })).not.toBeInTheDocument();
      second.unmount();

      // The next day every banner is back and yesterday's entry is purged.
      vi.setSystemTime(new Date(2026, 4, 16, 0, 1));
      renderDashboard(makeDashboard({ alerts }));
      expect(await screen.findByRole('region', { name: '納期遅れの発注' })).toBeInTheDocument();
      expect(section('在庫不足の部品')).toBeInTheDocument();
      expect(localStorage.getItem(DISMISSED_ALERTS_KEY)).toBeNull();
    });
  });

  describe('product cards', () => {
    const answer = makeDashboard({
      products: [
        makeProduct({ id: 1, name: 'ランプ', current_stock: 3 }),
        makeProduct({ id: 2, name: 'キーホルダー', current_stock: 0 }),
        makeProduct({ id: 3, name: 'アクセサリー台', current_stock: 1200 }),
        makeProduct({ id: 4, name: 'ペン立て', current_stock: 0 }),
      ],
      // ペン立て is not listed: it counts 0.
      capacities: [
        { product_id: 1, max_manufacturable: 0 },
        { product_id: 2, max_manufacturable: 4 },
        { product_id: 3, max_manufacturable: 1500 },
      ],
    });
    const card = (name: string) => screen.getByRole('article', { name });

    it('shows one card per product by name, with stock badge, stock and manufacturable count', async () => {
      renderDashboard(answer);
      const list = await screen.findByRole('list', { name: '商品一覧' });
      expect(within(list).getAllByRole('article').map((item) => item.getAttribute('aria-label'))).toEqual([
        'アクセサリー台',
        'キーホルダー',
        'ペン立て',
        'ランプ',
      ]);
      expect(within(card('アクセサリー台')).getByText('在庫あり')).toHaveClass('bg-green-100');
      expect(within(card('キーホルダー')).getByText('在庫なし')).toHaveClass('bg-red-100');
      expect(card('アクセサリー台')).toHaveTextContent('在庫数1,200個製造可能数1,500個');
      expect(card('ペン立て')).toHaveTextContent('在庫数0個製造可能数0個');
      expect(screen.getByText('全4件')).toBeInTheDocument();
    });

    it('disables 製造 at a manufacturable count of 0 and 販売 at stock 0, and opens the dialogs otherwise', async () => {
      const { user } = renderDashboard(answer);
      await screen.findByRole('list', { name: '商品一覧' });
      const buttons = (name: string) => ({
        make: within(card(name)).getByRole('button', { name: '製造' }),
        sell: within(card(name)).getByRole('button', { name: '販売' }),
      });
      expect(buttons('ランプ').make).toBeDisabled();
      expect(buttons('ランプ').sell).toBeEnabled();
      expect(buttons('キーホルダー').make).toBeEnabled();
      expect(buttons('キーホルダー').sell).toBeDisabled();
      expect(buttons('ペン立て').make).toBeDisabled();
      expect(buttons('ペン立て').sell).toBeDisabled();

      await user.click(buttons('キーホルダー').make);
      expect(screen.getByRole('dialog', { name: '製造: キーホルダー' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: '閉じる' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      await user.click(buttons('アクセサリー台').sell);
      expect(screen.getByRole('dialog', { name: '販売: アクセサリー台' })).toBeInTheDocument();
    });

    it('shows the first 4 cards under 768 px and the rest on request', async () => {
      desktop(false);
      const { user } = renderDashboard(
        makeDashboard({ products: Array.from({ length: 6 }, (_, index) => makeProduct({ id: index + 1, name: `商品${index + 1}` })) }),
      );
      const list = await screen.findByRole('list', { name: '商品一覧' });
      expect(within(list).getAllByRole('article')).toHaveLength(4);
      await user.click(screen.getByRole('button', { name: 'すべての商品を表示（全6件）' }));
      expect(within(list).getAllByRole('article')).toHaveLength(6);
    });

    it('says when there are no products', async () => {
      renderDashboard(makeDashboard());
      expect(await screen.findByText('商品が登録されていません')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: '商品管理で登録する' })).toHaveAttribute('href', '/products');
    });
  });

  it('lists at most 5 plans with their period, and links すべて表示 to /manufacturing', async () => {
    const plans = Array.from({ length: 7 }, (_, index) =>
      makePlan({ id: index + 1, product_name: `計画${index + 1}`, quantity: 10, remaining_quantity: 4, start_date: '2026-05-12', end_date: '2026-05-18' }),
    );
    plans[1] = { ...plans[1]!, status: 'completed', remaining_quantity: 0 };
    renderDashboard(makeDashboard({ plans }));
    const panel = await screen.findByRole('region', { name: '製造計画' });
    const items = within(within(panel).getByRole('list', { name: '製造計画一覧' })).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[0]).toHaveTextContent('計画1アクティブ2026年5月12日 〜 2026年5月18日残り 4個 / 計画 10個');
    expect(within(items[1]!).getByText('完了')).toHaveClass('bg-blue-100');
    expect(within(panel).getByRole('link', { name: 'すべて表示' })).toHaveAttribute('href', '/manufacturing');
  });

  it('marks an active plan whose end date has passed as 期限切れ beside its status', async () => {
    const plans = [
      makePlan({ id: 1, product_name: '遅れた計画', start_date: '2026-05-10', end_date: '2026-05-14' }),
      makePlan({ id: 2, product_name: '今日まで', start_date: '2026-05-12', end_date: '2026-05-15' }),
      makePlan({ id: 3, product_name: '終わった計画', status: 'completed', remaining_quantity: 0, start_date: '2026-05-10', end_date: '2026-05-14' }),
    ];
    renderDashboard(makeDashboard({ plans }));
    const panel = await screen.findByRole('region', { name: '製造計画' });
    const items = within(within(panel).getByRole('list', { name: '製造計画一覧' })).getAllByRole('listitem');
    expect(within(items[0]!).getByText('アクティブ')).toBeInTheDocument();
    expect(within(items[0]!).getByText('期限切れ')).toHaveClass('bg-red-100');
    expect(within(items[1]!).queryByText('期限切れ')).not.toBeInTheDocument();
    expect(within(items[2]!).queryByText('期限切れ')).not.toBeInTheDocument();
  });

  it('says when no plan falls in the window', async () => {
    renderDashboard(makeDashboard());
    const panel = await screen.findByRole('region', { name: '製造計画' });
    expect(panel).toHaveTextContent('前後3日間の製造計画はありません');
  });

  it('shows the tiles and this month’s revenue floored to yen with separators', async () => {
    renderDashboard(makeDashboard({ stats: { members: 2, parts: 1234, products: 56, lowStockParts: 7 }, month_revenue: 1234567.89 }));
    const tiles = await screen.findByRole('region', { name: '概要' });
    expect(within(tiles).getAllByRole('term').map((term) => term.textContent)).toEqual(['総部品数', '総商品数', '在庫不足の部品', '今月の売上']);
    expect(within(tiles).getAllByRole('definition').map((value) => value.textContent)).toEqual(['1,234', '56', '7', '¥1,234,567']);
  });

  it('lists the 5 latest manufacturing records and sales', async () => {
    const records = Array.from({ length: 7 }, (_, index) =>
      makeManufacturingRecord({ id: index + 1, product_name: `製品${index + 1}`, quantity: 2, manufacturing_date: `2026-05-0${index + 1}` }),
    );
    const sales = Array.from({ length: 7 }, (_, index) =>
      makeRecentSale({ id: index + 1, product_name: `売品${index + 1}`, quantity: 3, total_amount: 12345.6, sale_date: `2026-05-0${index + 1}` }),
    );
    renderDashboard(makeDashboard({ recent_records: records, recent_sales: sales }));
    const recordItems = within(await screen.findByRole('list', { name: '最近の製造記録一覧' })).getAllByRole('listitem');
    expect(recordItems.map((item) => item.textContent)).toEqual([
      '製品12個 ・ 2026-05-01',
      '製品22個 ・ 2026-05-02',
      '製品32個 ・ 2026-05-03',
      '製品42個 ・ 2026-05-04',
      '製品52個 ・ 2026-05-05',
    ]);
    const saleItems = within(screen.getByRole('list', { name: '最近の販売一覧' })).getAllByRole('listitem');
    expect(saleItems).toHaveLength(5);
    expect(saleItems[0]).toHaveTextContent('売品13個 ・ ¥12,345 ・ 2026-05-01');
  });

  it('says when there are no records or sales yet', async () => {
    renderDashboard(makeDashboard());
    expect(await screen.findByText('製造記録はまだありません')).toBeInTheDocument();
    expect(screen.getByText('販売記録はまだありません')).toBeInTheDocument();
  });

  describe('calendar', () => {
    const thisMonth = [makeCalendarEvent({ id: 'm-1', type: 'manufacturing', title: 'ランプ × 2', date: '2026-05-03' })];
    const june = [makeCalendarEvent({ id: 'a-1', type: 'arrival', title: 'ネジ 100個', date: '2026-06-02' })];

    it('draws this month from the answer, 1.35 wide on desktop, with the legend and its note', async () => {
      renderDashboard(makeDashboard({ calendar: { events: thisMonth } }));
      await screen.findByTestId('month-calendar');
      expect(calendar.props?.aspectRatio).toBe(1.35);
      expect(calendar.props?.events).toEqual([expect.objectContaining({ id: 'm-1', title: 'ランプ × 2', start: '2026-05-03', backgroundColor: '#3B82F6' })]);
      const panel = section('製造カレンダー');
      expect(within(within(panel).getByRole('list', { name: '凡例' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        '製造実績',
        '製造可能数',
        '入荷予定',
        '入荷遅れ',
      ]);
      expect(panel).toHaveTextContent('※ 製造可能数は入荷予定日を過ぎると自動的に更新されます');
    });

    it("lists a day's events with their kind and whole title when the calendar opens that day", async () => {
      const longTitle = 'とても長い名前の木製トレイ（ウォールナット）: 製造 3個';
      const events = [
        makeCalendarEvent({ id: 'a-9', type: 'arrival', title: 'ネジ M3: 入荷予定 100個', date: '2026-05-03' }),
        makeCalendarEvent({ id: 'c-9', type: 'capacity', title: '木製トレイ: 製造可能 6個', date: '2026-05-03' }),
        makeCalendarEvent({ id: 'm-9', type: 'manufacturing', title: longTitle, date: '2026-05-03' }),
        makeCalendarEvent({ id: 'm-8', type: 'manufacturing', title: '別の日: 製造 1個', date: '2026-05-04' }),
      ];
      const { user } = renderDashboard(makeDashboard({ calendar: { events } }));
      await screen.findByTestId('month-calendar');
      await user.click(screen.getByRole('button', { name: '5月3日を開く' }));
      const sheet = await screen.findByRole('dialog', { name: '2026年5月3日の予定' });
      expect(within(within(sheet).getByRole('list', { name: '2026年5月3日の予定' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
        `製造実績${longTitle}`,
        '製造可能数木製トレイ: 製造可能 6個',
        '入荷予定ネジ M3: 入荷予定 100個',
      ]);
      await user.click(within(sheet).getByRole('button', { name: '閉じる' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it("shows every event of a day in its 他 N 件 popover, titles whole, until Escape closes it", async () => {
      const events = [
        makeCalendarEvent({ id: 'a-9', type: 'arrival', title: 'ネジ M3: 入荷予定 100個', date: '2026-05-03' }),
        makeCalendarEvent({ id: 'c-9', type: 'capacity', title: '木製トレイ: 製造可能 6個', date: '2026-05-03' }),
        makeCalendarEvent({ id: 'm-9', type: 'manufacturing', title: 'ランプ: 製造 3個', date: '2026-05-03' }),
        makeCalendarEvent({ id: 'm-8', type: 'manufacturing', title: '別の日: 製造 1個', date: '2026-05-04' }),
      ];
      const { user } = renderDashboard(makeDashboard({ calendar: { events } }));
      await screen.findByTestId('month-calendar');
      const link = screen.getByRole('button', { name: '5月3日の他 1 件' });
      await user.click(link);
      const popover = await screen.findByRole('dialog', { name: '2026年5月3日' });
      expect(within(popover).getAllByRole('listitem').map((item) => [item.textContent, item.style.backgroundColor])).toEqual([
        ['ランプ: 製造 3個', 'rgb(59, 130, 246)'],
        ['木製トレイ: 製造可能 6個', 'rgb(16, 185, 129)'],
        ['ネジ M3: 入荷予定 100個', 'rgb(249, 115, 22)'],
      ]);
      expect(link).toHaveAttribute('aria-expanded', 'true');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(link).toHaveAttribute('aria-expanded', 'false');
      expect(link).toHaveFocus();
    });

    describe('with the calendar out of view', () => {
      beforeEach(() => setupIntersectionMocking(vi.fn));
      afterEach(() => destroyIntersectionMocking());

      it('draws the grid only once the calendar comes within a screen of the view, and keeps it', async () => {
        renderDashboard(makeDashboard({ calendar: { events: thisMonth } }));
        const panel = await screen.findByRole('region', { name: '製造カレンダー' });
        // Several frames later, still no grid.
        await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
        expect(within(panel).queryByTestId('month-calendar')).not.toBeInTheDocument();
        // Nothing says it is loading while it waits off screen: nothing is loading.
        expect(panel).not.toHaveTextContent('読み込み中');
        mockAllIsIntersecting(true);
        await within(panel).findByTestId('month-calendar');
        mockAllIsIntersecting(false);
        expect(within(panel).getByTestId('month-calendar')).toBeInTheDocument();
      });
    });

    it('is 0.8 wide under 768 px', async () => {
      desktop(false);
      renderDashboard(makeDashboard());
      await screen.findByTestId('month-calendar');
      expect(calendar.props?.aspectRatio).toBe(0.8);
    });

    it('loads another month when the calendar moves to it, and shows this month from the answer again', async () => {
      const { user, calls } = renderDashboard(makeDashboard({ calendar: { events: thisMonth } }), {
        'GET /dashboard/calendar/2026/6': () => ({ body: { events: june } }),
      });
      await screen.findByTestId('month-calendar');
      await user.click(screen.getByRole('button', { name: '次の月' }));
      await waitFor(() => expect(calendar.props?.events).toEqual([expect.objectContaining({ id: 'a-1', start: '2026-06-02', backgroundColor: '#F97316' })]));

      await user.click(screen.getByRole('button', { name: '今月' }));
      expect(calendar.props?.events).toEqual([expect.objectContaining({ id: 'm-1' })]);
      expect(calls.map((call) => call.path)).toEqual(['/dashboard', '/dashboard/calendar/2026/6']);
    });

    it('says when another month fails to load, and retries', async () => {
      let fail = true;
      const { user } = renderDashboard(makeDashboard(), {
        'GET /dashboard/calendar/2026/6': () => (fail ? { status: 500, body: {} } : { body: { events: june } }),
      });
      await screen.findByTestId('month-calendar');
      await user.click(screen.getByRole('button', { name: '次の月' }));
      const alert = await within(section('製造カレンダー')).findByRole('alert');
      expect(alert).toHaveTextContent('カレンダーの取得に失敗しました');
      fail = false;
      await user.click(within(alert).getByRole('button', { name: '再試行' }));
      await waitFor(() => expect(calendar.props?.events).toHaveLength(1));
      expect(within(section('製造カレンダー')).queryByRole('alert')).not.toBeInTheDocument();
    });
  });

  it('reloads the dashboard on a pull of 80 px on a phone', async () => {
    desktop(false);
    window.scrollY = 0;
    let revenue = 1000;
    const { calls } = renderDashboard(() => ({ body: makeDashboard({ month_revenue: revenue }) }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'ダッシュボード' });
    await screen.findByText('¥1,000');
    revenue = 2500;
    fireEvent.touchStart(heading, { touches: [{ clientX: 50, clientY: 100 }] });
    fireEvent.touchMove(heading, { touches: [{ clientX: 50, clientY: 180 }] });
    fireEvent.touchMove(heading, { touches: [{ clientX: 50, clientY: 260 }] });
    await act(async () => fireEvent.touchEnd(heading, { touches: [], changedTouches: [{ clientX: 50, clientY: 260 }] }));
    expect(await screen.findByText('¥2,500')).toBeInTheDocument();
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('ダッシュボードを更新しました'));
    expect(calls.filter((call) => call.path === '/dashboard')).toHaveLength(2);
  });
});
