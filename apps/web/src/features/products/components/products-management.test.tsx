import { MemoryRouter } from 'react-router';
import type { CapacitySummary } from '@inventory/contracts/manufacturing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeCapacity, makeProduct, makeProductCost } from '../../../testing/make-product.ts';
import { ProductsManagement } from './products-management.tsx';

const PRODUCTS = [
  makeProduct({ id: 1, name: 'ランプ', current_stock: 3, selling_price: 4980, url: 'https://example.com/lamp', part_number: 'L-1' }),
  makeProduct({ id: 2, name: 'キーホルダー', current_stock: 12, selling_price: 1234.56 }),
  makeProduct({ id: 3, name: 'アクセサリー台', current_stock: 0 }),
];
const CAPACITIES: CapacitySummary[] = [
  { product_id: 1, max_manufacturable: 7 },
  { product_id: 2, max_manufacturable: 1500 },
  { product_id: 3, max_manufacturable: 0 },
];

function desktop(matches: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) => ({ matches, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
  );
}

function renderScreen(handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /products': () => ({ body: PRODUCTS }),
    'GET /manufacturing/capacity/all': () => ({ body: CAPACITIES }),
    ...handlers,
  });
  const { queryClient } = renderWithQueryClient(
    <MemoryRouter>
      <ProductsManagement />
    </MemoryRouter>,
  );
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const invalidated = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { user: userEvent.setup(), calls, invalidated, queryClient };
}

const cardNames = () =>
  within(screen.getByRole('list', { name: '商品一覧' }))
    .getAllByRole('article')
    .map((card) => card.getAttribute('aria-label'));

describe('ProductsManagement', () => {
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

  it('shows 計算中... until the one batch capacity call answers, then the counts', async () => {
    desktop(true);
    let answer: (value: { body: CapacitySummary[] }) => void = () => {};
    const { calls, queryClient } = renderScreen({
      'GET /manufacturing/capacity/all': () => new Promise((resolve) => (answer = resolve)),
    });
    const table = await screen.findByRole('table', { name: '商品一覧' });
    expect(within(table).getAllByText('計算中...')).toHaveLength(3);

    answer({ body: CAPACITIES });
    await waitFor(() => expect(within(table).queryByText('計算中...')).not.toBeInTheDocument());
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual(['0個', '1,500個', '7個']);
    expect(calls.filter((call) => call.path.startsWith('/manufacturing'))).toEqual([
      { method: 'GET', path: '/manufacturing/capacity/all', body: undefined },
    ]);
    // The manufacturing screen reads the same key: the cache holds the answer as the server sent it.
    expect(queryClient.getQueryData(queryKeys.manufacturing.capacities)).toEqual(CAPACITIES);
  });

  it('lists the products by name with stock, floored yen, count and URL link in the table', async () => {
    desktop(true);
    renderScreen();
    const table = await screen.findByRole('table', { name: '商品一覧' });
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      '商品名',
      '在庫数',
      '販売価格',
      '製造可能数',
      'URL',
      '操作',
    ]);
    await waitFor(() => expect(within(table).queryByText('計算中...')).not.toBeInTheDocument());
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['アクセサリー台0個-0個-', 'キーホルダー12個¥1,2341,500個-', 'ランプL-13個¥4,9807個']);
    expect(within(rows[2]!).getByRole('link', { name: '「ランプ」のURLを開く' })).toHaveAttribute('href', 'https://example.com/lamp');
    expect(screen.getByText('全3件')).toBeInTheDocument();
  });

  it('counts every product as 0 when the capacity call fails', async () => {
    desktop(true);
    renderScreen({ 'GET /manufacturing/capacity/all': () => ({ status: 500, body: {} }) });
    const table = await screen.findByRole('table', { name: '商品一覧' });
    await waitFor(() => expect(within(table).getAllByText('0個')).toHaveLength(4));
    expect(within(table).queryByText('計算中...')).not.toBeInTheDocument();
  });

  it('shows cards under 768 px, sorted by name', async () => {
    desktop(false);
    renderScreen();
    await screen.findByRole('list', { name: '商品一覧' });
    expect(cardNames()).toEqual(['アクセサリー台', 'キーホルダー', 'ランプ']);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when there are no products and offers the add button', async () => {
    desktop(true);
    renderScreen({ 'GET /products': () => ({ body: [] }) });
    expect(await screen.findByText('商品が登録されていません')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '商品を追加' })).toBeInTheDocument();
  });

  it('offers the six row actions in the specified order, with ラベル印刷 before 削除', async () => {
    desktop(true);
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: '「ランプ」の操作' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['レシピ', '製造', '販売', 'コピー', '編集', 'ラベル印刷', '削除']);
  });

  it('manufactures from the menu: toast, and products, parts and manufacturing reload', async () => {
    desktop(true);
    let products = PRODUCTS;
    const { user, calls, invalidated } = renderScreen({
      'GET /products': () => ({ body: products }),
      'GET /manufacturing/capacity/1': () => ({ body: makeCapacity({ product_id: 1, max_manufacturable: 7 }) }),
      'POST /manufacturing/products/1/manufacture': () => {
        const made = { ...PRODUCTS[0]!, current_stock: 5 };
        products = products.map((product) => (product.id === 1 ? made : product));
        const record = { id: 1, product_id: 1, product_name: 'ランプ', quantity: 2, manufacturing_date: '2026-05-15', notes: null, created_at: '' };
        return { status: 201, body: { record, product: made } };
      },
    });
    await user.click(await screen.findByRole('button', { name: '「ランプ」の操作' }));
    await user.click(screen.getByRole('menuitem', { name: '製造' }));
    const dialog = await screen.findByRole('dialog', { name: '製造' });
    await within(dialog).findByText('7個');
    await user.clear(within(dialog).getByLabelText('製造数量'));
    await user.type(within(dialog).getByLabelText('製造数量'), '2');
    await user.click(within(dialog).getByRole('button', { name: '製造する' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('ランプを2個製造しました'));
    expect(calls).toContainEqual({
      method: 'POST',
      path: '/manufacturing/products/1/manufacture',
      body: { quantity: 2, manufacturing_date: '2026-05-15', notes: null },
    });
    expect(invalidated()).toEqual(expect.arrayContaining([queryKeys.products.all, queryKeys.parts.all, queryKeys.manufacturing.all]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')[3]).toHaveTextContent('ランプL-15個'));
  });

  it('sells from the menu with the product selling price: toast and products reload', async () => {
    desktop(true);
    const { user, calls, invalidated } = renderScreen({
      'POST /products/2/sell': () => ({ status: 201, body: { sale: {}, product: { ...PRODUCTS[1]!, current_stock: 9 } } }),
    });
    await user.click(await screen.findByRole('button', { name: '「キーホルダー」の操作' }));
    await user.click(screen.getByRole('menuitem', { name: '販売' }));
    const dialog = await screen.findByRole('dialog', { name: '販売' });
    await user.clear(within(dialog).getByLabelText('販売数量'));
    await user.type(within(dialog).getByLabelText('販売数量'), '3');
    await user.click(within(dialog).getByRole('button', { name: '販売する' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('キーホルダーを3個販売しました'));
    expect(calls).toContainEqual({ method: 'POST', path: '/products/2/sell', body: { quantity: 3, unit_price: 1234.56, sale_date: '2026-05-15', url: null } });
    expect(invalidated()).toContainEqual(queryKeys.products.all);
    expect(invalidated()).not.toContainEqual(queryKeys.parts.all);
  });

  it('deletes after confirmation, and shows the server text or the specified fallback when it fails', async () => {
    desktop(true);
    let fail = true;
    let products = PRODUCTS;
    const { user, calls } = renderScreen({
      'GET /products': () => ({ body: products }),
      'DELETE /products/3': () => {
        if (fail) return { status: 500, body: {} };
        products = products.filter((product) => product.id !== 3);
        return { body: { message: '商品を削除しました' } };
      },
    });
    await user.click(await screen.findByRole('button', { name: '「アクセサリー台」の操作' }));
    await user.click(screen.getByRole('menuitem', { name: '削除' }));
    const dialog = await screen.findByRole('dialog', { name: '商品の削除' });
    expect(dialog).toHaveTextContent('商品「アクセサリー台」を削除しますか？');
    await user.click(within(dialog).getByRole('button', { name: '削除' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('商品の削除に失敗しました'));

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: '削除' }));
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('商品「アクセサリー台」を削除しました'));
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'アクセサリー台' })).not.toBeInTheDocument());
    expect(screen.getByText('全2件')).toBeInTheDocument();
  });

  it('opens the detail from the name: movements in Japanese and the cost breakdown', async () => {
    desktop(true);
    const { user } = renderScreen({
      'GET /products/1/movements': () => ({
        body: [
          { id: 1, kind: 'initial', quantity_delta: 1, balance_after: 1, reference_id: null, note: null, user_name: '山田', created_at: '2026-05-01T01:00:00.000Z' },
          { id: 2, kind: 'manufacture', quantity_delta: 4, balance_after: 5, reference_id: 1, note: null, user_name: '山田', created_at: '2026-05-02T01:00:00.000Z' },
          { id: 3, kind: 'sale', quantity_delta: -2, balance_after: 3, reference_id: 1, note: null, user_name: '山田', created_at: '2026-05-03T01:00:00.000Z' },
        ],
      }),
      'GET /products/1/cost': () => ({
        body: makeProductCost({
          product_id: 1,
          selling_price: 4980,
          total_cost: 1210.5,
          profit_per_unit: 3769.5,
          margin: 75.7,
          unpriced_parts: 1,
          lines: [
            { part_id: 5, part_name: 'LED', unit: null, unit_price: 80.25, quantity_required: 2, line_cost: 160.5 },
            { part_id: 6, part_name: 'ケース', unit: null, unit_price: 1050, quantity_required: 1, line_cost: 1050 },
            { part_id: 7, part_name: 'ネジ', unit: '本', unit_price: null, quantity_required: 4, line_cost: 0 },
          ],
        }),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'ランプ' }));
    const dialog = await screen.findByRole('dialog', { name: 'ランプ' });

    const movements = await within(dialog).findByRole('table', { name: '在庫履歴' });
    expect(
      within(movements)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]?.textContent),
    ).toEqual(['販売', '製造', '初期在庫']);
    expect(movements).toHaveTextContent('-2');

    const cost = await within(dialog).findByRole('table', { name: '原価内訳' });
    expect(within(cost).getAllByRole('row').slice(1).map((row) => row.textContent)).toEqual([
      'LED¥802個¥160',
      'ケース¥1,0501個¥1,050',
      'ネジ単価未設定4本¥0',
    ]);
    expect(dialog).toHaveTextContent('原価合計¥1,210');
    expect(dialog).toHaveTextContent('1個あたりの利益¥3,769');
    expect(dialog).toHaveTextContent('利益率75.7%');
    expect(dialog).toHaveTextContent('単価が未設定の部品が1件あります');
    expect(dialog).toHaveTextContent('製造可能数7個');
  });

  it('refreshes on a 60 px pull on a phone, not below it', async () => {
    desktop(false);
    const { calls } = renderScreen();
    await screen.findByRole('list', { name: '商品一覧' });
    const target = screen.getByRole('heading', { name: '商品管理' });
    const pull = (distance: number) => {
      fireEvent.touchStart(target, { touches: [{ clientX: 10, clientY: 100 }] });
      fireEvent.touchMove(target, { touches: [{ clientX: 10, clientY: 100 + distance }] });
      fireEvent.touchEnd(target, { changedTouches: [{ clientX: 10, clientY: 100 + distance }] });
    };
    const productFetches = () => calls.filter((call) => call.path === '/products').length;

    pull(118); // 59 px after the half resistance
    expect(productFetches()).toBe(1);
    pull(120); // 60 px
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('商品リストを更新しました'));
    expect(productFetches()).toBe(2);
    expect(calls.filter((call) => call.path === '/manufacturing/capacity/all')).toHaveLength(2);
  });
});
