import type { ProductSalesStatistics, Sale, SalesTrendPoint } from '@inventory/contracts/sales';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type ApiCall, mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeProduct } from '../../../testing/make-product.ts';
import { makeProductSalesStatistics, makeSale, makeSalesSummary, makeSalesTrendPoint } from '../../../testing/make-sale.ts';
import type { TrendChartPoint } from '../utils/sales-trend.ts';
import { SalesManagement } from './sales-management.tsx';

// jsdom draws no SVG layout: the lazily loaded chart is replaced by the data it is given.
vi.mock('./sales-trend-chart.tsx', () => ({
  SalesTrendChart: ({ data }: { data: TrendChartPoint[] }) => (
    <p data-testid="trend-chart">{data.map((point) => `${point.label}:${point.sales}/${point.cost}/${point.profit}`).join(' ')}</p>
  ),
}));

const PRODUCTS = [makeProduct({ id: 1, name: 'ランプ' }), makeProduct({ id: 2, name: 'コースター' })];

const LAMP_SALE = makeSale({
  id: 1,
  product_id: 1,
  product_name: 'ランプ',
  quantity: 2,
  unit_price: 4980.5,
  total_amount: 9961,
  total_cost: 4000,
  profit: 5961,
  profit_margin: 59.8,
  sale_date: '2026-05-10',
  url: 'https://shop.example.com/orders/1',
  notes: '初回注文',
});
const COASTER_SALE = makeSale({
  id: 2,
  product_id: 2,
  product_name: 'コースター',
  quantity: 1,
  unit_price: 500,
  total_amount: 500,
  total_cost: 800,
  profit: -300,
  profit_margin: -60,
  sale_date: '2026-05-01',
});
const SALES: Sale[] = [LAMP_SALE, COASTER_SALE];

const SUMMARY = makeSalesSummary({
  total_sales: 10461,
  total_cost: 4800,
  total_profit: 5661,
  profit_margin: 54.1,
  total_transactions: 2,
  average_transaction: 5230.5,
});

const BY_PRODUCT: ProductSalesStatistics[] = [
  makeProductSalesStatistics({
    product_id: 1,
    product_name: 'ランプ',
    total_quantity: 2,
    total_amount: 9961,
    total_cost: 4000,
    total_profit: 5961,
    profit_margin: 59.8,
    avg_unit_price: 4980.5,
    total_transactions: 1,
  }),
  makeProductSalesStatistics({
    product_id: null,
    product_name: 'ガラス花瓶',
    total_quantity: 1500,
    total_amount: 1_851_600,
    total_cost: 2_000_000,
    total_profit: -148_400,
    profit_margin: -8,
    avg_unit_price: 1234.4,
    total_transactions: 1200,
  }),
];

const TREND: SalesTrendPoint[] = [
  makeSalesTrendPoint({ month: '2026-04', total_sales: 20000, total_cost: 8000, total_profit: 12000, total_transactions: 4 }),
  makeSalesTrendPoint({ month: '2026-05', total_sales: 10461, total_cost: 4800, total_profit: 5661, total_transactions: 2 }),
];

const DEFAULT_QUERY = { start_date: '2025-06-01', end_date: '2026-05-15' };

/** The screen with every call answered from the constants above unless the test answers it otherwise. */
function renderScreen(handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /products': () => ({ body: PRODUCTS }),
    'GET /sales': () => ({ body: SALES }),
    'GET /sales/summary': () => ({ body: SUMMARY }),
    'GET /sales/by-product': () => ({ body: BY_PRODUCT }),
    'GET /sales/trend': () => ({ body: TREND }),
    ...handlers,
  });
  const { queryClient } = renderWithQueryClient(<SalesManagement />);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const invalidated = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { user: userEvent.setup(), calls, invalidated };
}

/** The queries sent to one of the filtered calls, in order. */
const queriesOf = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path).map((call) => call.query);

function desktop() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) => ({ matches: true, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

const card = (title: string) => screen.getByRole('listitem', { name: title });
// jsdom has no layout: the media query answers false, so the screen shows the phone cards.
const saleCards = () => within(screen.getByRole('list', { name: '売上記録' })).getAllByRole('listitem');

describe('SalesManagement', () => {
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

  describe('summary cards', () => {
    it('show the six figures of the default period, profit and margin in green', async () => {
      const { calls } = renderScreen();
      await screen.findByRole('list', { name: '売上サマリー' });
      expect(within(card('総売上')).getByText('¥10,461')).toBeInTheDocument();
      expect(within(card('総原価')).getByText('¥4,800')).toBeInTheDocument();
      expect(within(card('総利益')).getByText('¥5,661')).toHaveClass('text-green-700');
      expect(within(card('利益率')).getByText('54.1%')).toHaveClass('text-green-700');
      expect(within(card('取引件数')).getByText('2件')).toBeInTheDocument();
      // Floored like every yen amount.
      expect(within(card('平均取引額')).getByText('¥5,230')).toBeInTheDocument();
      expect(queriesOf(calls, '/sales/summary')).toEqual([DEFAULT_QUERY]);
    });

    it('show a loss in red, and 0 in green', async () => {
      renderScreen({
        'GET /sales/summary': () => ({ body: makeSalesSummary({ total_sales: 500, total_cost: 800, total_profit: -300, profit_margin: -60 }) }),
      });
      await screen.findByRole('list', { name: '売上サマリー' });
      expect(within(card('総利益')).getByText('-¥300')).toHaveClass('text-red-700');
      expect(within(card('利益率')).getByText('-60.0%')).toHaveClass('text-red-700');
    });

    it('show 0 as green when nothing was sold', async () => {
      renderScreen({ 'GET /sales/summary': () => ({ body: makeSalesSummary() }) });
      await screen.findByRole('list', { name: '売上サマリー' });
      expect(within(card('総利益')).getByText('¥0')).toHaveClass('text-green-700');
      expect(within(card('利益率')).getByText('0.0%')).toHaveClass('text-green-700');
      expect(within(card('取引件数')).getByText('0件')).toBeInTheDocument();
    });

    it('show a banner with a retry when the summary cannot be loaded', async () => {
      let fail = true;
      const { user } = renderScreen({ 'GET /sales/summary': () => (fail ? { status: 500, body: {} } : { body: SUMMARY }) });
      const banner = await screen.findByRole('alert');
      expect(banner).toHaveTextContent('売上サマリーの取得に失敗しました');
      fail = false;
      await user.click(within(banner).getByRole('button', { name: '再試行' }));
      expect(await screen.findByRole('list', { name: '売上サマリー' })).toBeInTheDocument();
    });
  });

  describe('filters', () => {
    it('start at the first day of the month 11 months ago and today, with 全商品 and, once the select is touched, the products by name', async () => {
      const { user, calls } = renderScreen();
      expect(screen.getByLabelText('開始日')).toHaveValue('2025-06-01');
      expect(screen.getByLabelText('終了日')).toHaveValue('2026-05-15');
      const product = screen.getByLabelText('商品');
      await screen.findByRole('list', { name: '売上サマリー' });
      expect(queriesOf(calls, '/products')).toHaveLength(1);
      // A workspace's thousand products would slow the screen's first drawing: they are listed on first use.
      expect(within(product).getAllByRole('option').map((option) => option.textContent)).toEqual(['全商品']);
      await user.click(product);
      await waitFor(() => expect(within(product).getAllByRole('option').map((option) => option.textContent)).toEqual(['全商品', 'コースター', 'ランプ']));
      expect(product).toHaveValue('');
      expect(screen.getByRole('button', { name: 'リセット' })).toBeDisabled();
    });

    it('reload the summary, the records and the per-product table on every change, and reset', async () => {
      const { user, calls } = renderScreen();
      await screen.findByRole('list', { name: '売上サマリー' });
      await user.click(screen.getByLabelText('商品'));
      await waitFor(() => expect(within(screen.getByLabelText('商品')).getAllByRole('option')).toHaveLength(3));

      await user.selectOptions(screen.getByLabelText('商品'), 'コースター');
      fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-01-01' } });
      fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2026-03-31' } });
      const filtered = { start_date: '2026-01-01', end_date: '2026-03-31', product_id: '2' };
      await waitFor(() => expect(queriesOf(calls, '/sales/summary').at(-1)).toEqual(filtered));
      expect(queriesOf(calls, '/sales/by-product').at(-1)).toEqual(filtered);
      expect(queriesOf(calls, '/sales').at(-1)).toEqual({ ...filtered, limit: '1000' });
      expect(queriesOf(calls, '/sales/summary')).toEqual([
        DEFAULT_QUERY,
        { ...DEFAULT_QUERY, product_id: '2' },
        { start_date: '2026-01-01', end_date: '2026-05-15', product_id: '2' },
        filtered,
      ]);

      await user.click(screen.getByRole('button', { name: 'リセット' }));
      expect(screen.getByLabelText('開始日')).toHaveValue('2025-06-01');
      expect(screen.getByLabelText('終了日')).toHaveValue('2026-05-15');
      expect(screen.getByLabelText('商品')).toHaveValue('');
      expect(screen.getByRole('button', { name: 'リセット' })).toBeDisabled();
      await waitFor(() => expect(queriesOf(calls, '/sales/summary').at(-1)).toEqual(DEFAULT_QUERY));
      expect(queriesOf(calls, '/sales').at(-1)).toEqual({ ...DEFAULT_QUERY, limit: '1000' });
      expect(within(card('総売上')).getByText('¥10,461')).toBeInTheDocument();
    });

    it('send no bound for a cleared date', async () => {
      const { calls } = renderScreen();
      await screen.findByRole('list', { name: '売上サマリー' });
      fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '' } });
      await waitFor(() => expect(queriesOf(calls, '/sales/summary').at(-1)).toEqual({ end_date: '2026-05-15' }));
    });

    it('say when the end is before the start and send nothing, keeping the shown figures', async () => {
      const { calls } = renderScreen();
      await screen.findByRole('list', { name: '売上サマリー' });
      const sent = calls.length;
      fireEvent.change(screen.getByLabelText('終了日'), { target: { value: '2025-05-31' } });
      expect(await screen.findByText('終了日は開始日以降の日付にしてください')).toBeInTheDocument();
      expect(screen.getByLabelText('終了日')).toHaveAttribute('aria-invalid', 'true');
      expect(within(card('総売上')).getByText('¥10,461')).toBeInTheDocument();
      expect(calls).toHaveLength(sent);
    });
  });

  describe('records', () => {
    it('list the sales as cards on phones, with - for a missing URL and notes', async () => {
      renderScreen();
      await screen.findByRole('list', { name: '売上記録' });
      expect(screen.getByText('2件（新しい順）')).toBeInTheDocument();
      const [lamp, coaster] = saleCards();
      expect(lamp).toHaveTextContent('ランプ2026-05-10');
      expect(lamp).toHaveTextContent('数量2個単価¥4,980合計金額¥9,961原価¥4,000利益¥5,961利益率59.8%');
      expect(lamp).toHaveTextContent('備考初回注文');
      expect(within(lamp!).getByRole('link', { name: '「ランプ」2026-05-10の売上のURLを開く' })).toHaveAttribute(
        'href',
        'https://shop.example.com/orders/1',
      );
      expect(within(coaster!).queryByRole('link')).not.toBeInTheDocument();
      expect(within(coaster!).getAllByText('-')).toHaveLength(2);
      expect(within(coaster!).getByText('-¥300')).toHaveClass('text-red-700');
    });

    it('show every column in a table from 768 px, the URL as an external link', async () => {
      desktop();
      renderScreen();
      const table = await screen.findByRole('table', { name: '売上記録' });
      expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
        '商品名',
        '数量',
        '単価',
        '合計金額',
        '原価',
        '利益',
        '利益率',
        '販売日',
        'URL',
        '備考',
        '操作',
      ]);
      const rows = within(table).getAllByRole('row').slice(1);
      expect(within(rows[0]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
        '2個',
        '¥4,980',
        '¥9,961',
        '¥4,000',
        '¥5,961',
        '59.8%',
        '2026-05-10',
        '',
        '初回注文',
        '',
      ]);
      const link = within(rows[0]!).getByRole('link', { name: '「ランプ」2026-05-10の売上のURLを開く' });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(within(rows[1]!).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
        '1個',
        '¥500',
        '¥500',
        '¥800',
        '-¥300',
        '-60.0%',
        '2026-05-01',
        '-',
        '-',
        '',
      ]);
    });

    it('say when the period has no sales', async () => {
      renderScreen({ 'GET /sales': () => ({ body: [] }), 'GET /sales/by-product': () => ({ body: [] }) });
      expect(await screen.findByText('この条件の売上記録はありません')).toBeInTheDocument();
      expect(screen.getByText('この条件で販売された商品はありません')).toBeInTheDocument();
    });

    it('say when only the newest 1,000 are shown', async () => {
      desktop();
      const many = Array.from({ length: 1000 }, (_, index) => makeSale({ id: 100 + index }));
      renderScreen({ 'GET /sales': () => ({ body: many }) });
      expect(await screen.findByText('新しい順に1,000件まで表示しています')).toBeInTheDocument();
    });

    it('show a banner when the records cannot be loaded', async () => {
      renderScreen({ 'GET /sales': () => ({ status: 500, body: {} }) });
      expect(await screen.findByRole('alert')).toHaveTextContent('売上記録の取得に失敗しました');
    });
  });

  describe('per-product statistics', () => {
    it('round the average unit price and show totals, margin and transactions', async () => {
      desktop();
      renderScreen();
      const table = await screen.findByRole('table', { name: '商品別売上' });
      expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
        '商品名',
        '販売数量',
        '売上金額',
        '総原価',
        '総利益',
        '利益率',
        '平均単価',
        '取引件数',
      ]);
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows.map((row) => row.textContent)).toEqual([
        'ランプ2個¥9,961¥4,000¥5,96159.8%¥4,9811件',
        'ガラス花瓶1,500個¥1,851,600¥2,000,000-¥148,400-8.0%¥1,2341,200件',
      ]);
    });

    it('are cards on phones', async () => {
      renderScreen();
      const list = await screen.findByRole('list', { name: '商品別売上' });
      const lamp = within(list).getAllByRole('listitem')[0];
      expect(lamp).toHaveTextContent('ランプ取引 1件');
      expect(lamp).toHaveTextContent('販売数量2個売上金額¥9,961総原価¥4,000総利益¥5,961利益率59.8%平均単価¥4,981');
    });
  });

  describe('edit', () => {
    async function openEdit(user: ReturnType<typeof userEvent.setup>, sale: Sale = LAMP_SALE) {
      await screen.findByRole('list', { name: '売上記録' });
      await user.click(screen.getByRole('button', { name: `「${sale.product_name}」${sale.sale_date}の売上記録を編集` }));
      const dialog = await screen.findByRole('dialog', { name: '売上記録の編集' });
      await within(dialog).findByLabelText('商品');
      return dialog;
    }

    it('opens with the sale filled in', async () => {
      const { user } = renderScreen();
      const dialog = await openEdit(user);
      const product = within(dialog).getByLabelText('商品');
      expect(within(product).getAllByRole('option').map((option) => option.textContent)).toEqual(['コースター', 'ランプ']);
      expect(product).toHaveValue('1');
      const quantity = within(dialog).getByLabelText('数量');
      expect(quantity).toHaveValue(2);
      expect(quantity).toHaveAttribute('min', '1');
      expect(quantity).toHaveAttribute('step', '1');
      const price = within(dialog).getByLabelText('単価（円）');
      expect(price).toHaveValue(4980.5);
      expect(price).toHaveAttribute('min', '0');
      expect(price).toHaveAttribute('step', '1');
      expect(within(dialog).getByLabelText('販売日')).toHaveValue('2026-05-10');
      expect(within(dialog).getByLabelText('URL')).toHaveValue('https://shop.example.com/orders/1');
      expect(within(dialog).getByLabelText('備考')).toHaveValue('初回注文');
      expect(dialog).toHaveTextContent('合計金額: ¥9,961');
      expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toBeEnabled();
    });

    it("checks the fields with the contract's messages and sends nothing", async () => {
      const { user, calls } = renderScreen();
      const dialog = await openEdit(user);
      await user.clear(within(dialog).getByLabelText('数量'));
      await user.clear(within(dialog).getByLabelText('単価（円）'));
      await user.clear(within(dialog).getByLabelText('販売日'));
      await user.clear(within(dialog).getByLabelText('URL'));
      await user.type(within(dialog).getByLabelText('URL'), 'shop.example.com');
      await user.click(within(dialog).getByRole('button', { name: '更新' }));
      expect(await within(dialog).findByText('数量は数値で入力してください')).toBeInTheDocument();
      expect(within(dialog).getByText('単価は数値で入力してください')).toBeInTheDocument();
      expect(within(dialog).getByText('販売日は必須です')).toBeInTheDocument();
      expect(within(dialog).getByText('URLはhttp://またはhttps://で始まる正しい形式で入力してください')).toBeInTheDocument();

      await user.type(within(dialog).getByLabelText('数量'), '0');
      await user.type(within(dialog).getByLabelText('単価（円）'), '-1');
      await user.click(within(dialog).getByRole('button', { name: '更新' }));
      expect(await within(dialog).findByText('数量は1以上で入力してください')).toBeInTheDocument();
      expect(within(dialog).getByText('単価は0以上で入力してください')).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    });

    it('asks for a product when the sold product was deleted', async () => {
      const orphan = makeSale({ id: 9, product_id: null, product_name: '廃番ランプ', sale_date: '2026-04-02' });
      const { user, calls } = renderScreen({ 'GET /sales': () => ({ body: [orphan] }) });
      const dialog = await openEdit(user, orphan);
      const product = within(dialog).getByLabelText('商品');
      expect(product).toHaveValue('');
      expect(within(product).getAllByRole('option')[0]).toHaveTextContent('商品を選択してください');
      await user.click(within(dialog).getByRole('button', { name: '更新' }));
      // The empty choice and the message under the select.
      await waitFor(() => expect(within(dialog).getAllByText('商品を選択してください')).toHaveLength(2));
      expect(product).toHaveAttribute('aria-invalid', 'true');
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    });

    it('reads 更新中... while saving, then toasts, closes and reloads sales, products and the dashboard', async () => {
      let release = () => {};
      const { user, calls, invalidated } = renderScreen({
        'PUT /sales/1': () => new Promise((resolve) => (release = () => resolve({ body: { ...LAMP_SALE, quantity: 3 } }))),
      });
      const dialog = await openEdit(user);
      await user.selectOptions(within(dialog).getByLabelText('商品'), 'コースター');
      await user.clear(within(dialog).getByLabelText('数量'));
      await user.type(within(dialog).getByLabelText('数量'), '3');
      await user.clear(within(dialog).getByLabelText('単価（円）'));
      await user.type(within(dialog).getByLabelText('単価（円）'), '1200');
      await user.clear(within(dialog).getByLabelText('URL'));
      await user.clear(within(dialog).getByLabelText('備考'));
      await user.type(within(dialog).getByLabelText('備考'), '  再注文  ');
      expect(dialog).toHaveTextContent('合計金額: ¥3,600');
      await user.click(within(dialog).getByRole('button', { name: '更新' }));

      expect(await within(dialog).findByRole('button', { name: '更新中...' })).toBeDisabled();
      expect(within(dialog).getByRole('button', { name: 'キャンセル' })).toBeDisabled();
      release();
      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('売上記録を更新しました'));
      expect(calls.find((call) => call.method === 'PUT')).toEqual({
        method: 'PUT',
        path: '/sales/1',
        body: { product_id: 2, quantity: 3, unit_price: 1200, sale_date: '2026-05-10', url: null, notes: '再注文' },
      });
      expect(invalidated()).toEqual(expect.arrayContaining([queryKeys.sales.all, queryKeys.products.all, queryKeys.dashboard.all]));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it("shows the server's refusal and stays open", async () => {
      const { user, invalidated } = renderScreen({
        'PUT /sales/1': () => ({ status: 409, body: { error: '販売数量が在庫数を超えています(在庫: 0個)' } }),
      });
      const dialog = await openEdit(user);
      await user.click(within(dialog).getByRole('button', { name: '更新' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('販売数量が在庫数を超えています(在庫: 0個)'));
      expect(screen.getByRole('dialog', { name: '売上記録の編集' })).toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: '更新' })).toBeEnabled();
      // Someone else changed the stock: what the screen shows is reloaded.
      expect(invalidated()).toEqual(expect.arrayContaining([queryKeys.sales.all, queryKeys.products.all]));
    });

    it('says 売上記録の更新に失敗しました when the server gives no error text', async () => {
      const { user } = renderScreen({ 'PUT /sales/1': () => ({ status: 500, body: {} }) });
      const dialog = await openEdit(user);
      await user.click(within(dialog).getByRole('button', { name: '更新' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('売上記録の更新に失敗しました'));
    });
  });

  describe('delete', () => {
    async function openDelete(user: ReturnType<typeof userEvent.setup>, sale: Sale = LAMP_SALE) {
      await screen.findByRole('list', { name: '売上記録' });
      await user.click(screen.getByRole('button', { name: `「${sale.product_name}」${sale.sale_date}の売上記録を削除` }));
      return screen.findByRole('dialog', { name: '売上記録の削除' });
    }

    it('asks first, naming the sale and the stock it returns; キャンセル sends nothing', async () => {
      const { user, calls } = renderScreen();
      const dialog = await openDelete(user);
      expect(dialog).toHaveTextContent('商品名ランプ数量2個合計金額¥9,961販売日2026-05-10');
      expect(dialog).toHaveTextContent('販売数量（2個）は商品の在庫に戻ります。');
      await user.click(within(dialog).getByRole('button', { name: 'キャンセル' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);
    });

    it('deletes after confirmation, toasts and reloads sales, products and the dashboard', async () => {
      const { user, calls, invalidated } = renderScreen({ 'DELETE /sales/1': () => ({ body: { message: '削除しました' } }) });
      const dialog = await openDelete(user);
      await user.click(within(dialog).getByRole('button', { name: '削除' }));
      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('売上記録を削除しました'));
      expect(calls).toContainEqual({ method: 'DELETE', path: '/sales/1', body: undefined });
      expect(invalidated()).toEqual(expect.arrayContaining([queryKeys.sales.all, queryKeys.products.all, queryKeys.dashboard.all]));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it("shows the server's error, else 売上記録の削除に失敗しました", async () => {
      let reply = { status: 404, body: { error: '売上記録が見つかりません' } as object };
      const { user } = renderScreen({ 'DELETE /sales/:id': () => reply });
      await user.click(within(await openDelete(user)).getByRole('button', { name: '削除' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('売上記録が見つかりません'));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      reply = { status: 500, body: {} };
      await user.click(within(await openDelete(user, COASTER_SALE)).getByRole('button', { name: '削除' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('売上記録の削除に失敗しました'));
    });

    it('does not promise stock back for a deleted product', async () => {
      const orphan = makeSale({ id: 9, product_id: null, product_name: '廃番ランプ', sale_date: '2026-04-02' });
      const { user } = renderScreen({ 'GET /sales': () => ({ body: [orphan] }) });
      const dialog = await openDelete(user, orphan);
      expect(dialog).not.toHaveTextContent('在庫に戻ります');
    });
  });

  describe('trend', () => {
    it('asks for 12 months and hands the chart the months with their labels', async () => {
      const { calls } = renderScreen();
      expect(await screen.findByTestId('trend-chart')).toHaveTextContent('4月:20000/8000/12000 5月:10461/4800/5661');
      expect(queriesOf(calls, '/sales/trend')).toEqual([{ months: '12' }]);
      const section = screen.getByRole('region', { name: '月別売上推移' });
      expect(section).toHaveTextContent('直近12か月の売上・原価・利益');
    });

    it('gives screen readers the figures as a table', async () => {
      renderScreen();
      const table = await screen.findByRole('table', { name: '月別売上推移（直近12か月の売上・原価・利益）' });
      expect(within(table).getAllByRole('row').map((row) => row.textContent)).toEqual([
        '月売上原価利益',
        '2026年4月¥20,000¥8,000¥12,000',
        '2026年5月¥10,461¥4,800¥5,661',
      ]);
    });

    it('follows the product filter (not the dates), says whose months it shows, and goes back to every product', async () => {
      const lampTrend = [makeSalesTrendPoint({ month: '2026-05', total_sales: 9961, total_cost: 4000, total_profit: 5961, total_transactions: 1 })];
      const { user, calls } = renderScreen({
        'GET /sales/trend': (call) => ({ body: call.query?.product_id === '1' ? lampTrend : TREND }),
      });
      await screen.findByTestId('trend-chart');
      await user.click(screen.getByLabelText('商品'));
      await waitFor(() => expect(within(screen.getByLabelText('商品')).getAllByRole('option')).toHaveLength(3));

      await user.selectOptions(screen.getByLabelText('商品'), 'ランプ');
      await waitFor(() => expect(screen.getByTestId('trend-chart')).toHaveTextContent(/^5月:9961\/4000\/5961$/));
      const section = screen.getByRole('region', { name: '月別売上推移' });
      expect(section).toHaveTextContent('「ランプ」の直近12か月の売上・原価・利益');
      fireEvent.change(screen.getByLabelText('開始日'), { target: { value: '2026-01-01' } });
      await waitFor(() => expect(queriesOf(calls, '/sales/summary').at(-1)).toMatchObject({ start_date: '2026-01-01' }));

      await user.selectOptions(screen.getByLabelText('商品'), '全商品');
      await waitFor(() => expect(screen.getByTestId('trend-chart')).toHaveTextContent('4月:20000/8000/12000 5月:10461/4800/5661'));
      expect(section).toHaveTextContent('直近12か月の売上・原価・利益');
      expect(section).not.toHaveTextContent('ランプ');
      // The dates are never sent: the chart keeps its 12 months.
      expect(queriesOf(calls, '/sales/trend')).toEqual([{ months: '12' }, { months: '12', product_id: '1' }, { months: '12' }]);
    });

    it("says when the chosen product's 12 months had no sale", async () => {
      const { user } = renderScreen({
        'GET /sales/trend': (call) => ({ body: call.query?.product_id ? [makeSalesTrendPoint({ month: '2026-05' })] : TREND }),
      });
      await screen.findByTestId('trend-chart');
      await user.click(screen.getByLabelText('商品'));
      await waitFor(() => expect(within(screen.getByLabelText('商品')).getAllByRole('option')).toHaveLength(3));
      await user.selectOptions(screen.getByLabelText('商品'), 'コースター');
      expect(await screen.findByText('「コースター」の直近12か月の売上はありません')).toBeInTheDocument();
    });

    it('says when the 12 months had no sale', async () => {
      renderScreen({ 'GET /sales/trend': () => ({ body: [makeSalesTrendPoint({ month: '2026-05' })] }) });
      expect(await screen.findByText('直近12か月の売上はありません')).toBeInTheDocument();
      expect(screen.queryByTestId('trend-chart')).not.toBeInTheDocument();
    });

    it('shows a banner when the trend cannot be loaded', async () => {
      renderScreen({ 'GET /sales/trend': () => ({ status: 500, body: {} }) });
      expect(await screen.findByRole('alert')).toHaveTextContent('売上推移の取得に失敗しました');
    });
  });
});
