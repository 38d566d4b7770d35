import type { Plan } from '@inventory/contracts/manufacturing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type ApiCall, mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeManufacturingRecord, makePlan, makeRequirement, makeRequirementsResult } from '../../../testing/make-plan.ts';
import { makeProduct } from '../../../testing/make-product.ts';
import { ManufacturingManagement } from './manufacturing-management.tsx';

const PRODUCTS = [
  makeProduct({ id: 1, name: 'ランプ', current_stock: 4 }),
  makeProduct({ id: 2, name: 'アクセサリー', current_stock: 0, recipe_line_count: 0 }),
];

const PLANS: Plan[] = [
  makePlan({ id: 1, product_id: 1, product_name: 'ランプ', quantity: 10, remaining_quantity: 7, start_date: '2026-05-10', end_date: '2026-05-20' }),
  makePlan({ id: 2, product_id: 1, product_name: 'ランプ大', quantity: 3, remaining_quantity: 0, status: 'completed', start_date: '2026-04-01', end_date: '2026-04-03' }),
  makePlan({ id: 3, product_id: 2, product_name: 'アクセサリー', quantity: 3, remaining_quantity: 2, status: 'cancelled', start_date: '2026-03-01', end_date: '2026-03-05' }),
];

const LAMP_REQUIREMENTS = makeRequirementsResult([
  makeRequirement({ part_id: 11, part_name: 'LED', required_quantity: 14, current_stock: 20 }),
  makeRequirement({ part_id: 12, part_name: 'ケーブル', unit: 'm', required_quantity: 21, current_stock: 5, on_order: 6 }),
]);

type Handlers = Parameters<typeof mockApi>[0];

/** The screen with the plan, product, record and capacity lists answered unless the test says otherwise. */
function renderScreen(handlers: Handlers = {}) {
  const calls = mockApi({
    'GET /manufacturing/plans': () => ({ body: PLANS }),
    'GET /products': () => ({ body: PRODUCTS }),
    'GET /manufacturing/records': () => ({ body: [] }),
    'GET /manufacturing/capacity/all': () => ({ body: [] }),
    ...handlers,
  });
  const { queryClient } = renderWithQueryClient(<ManufacturingManagement />);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const invalidated = (key: readonly unknown[]) =>
    invalidate.mock.calls.filter(([filters]) => JSON.stringify(filters?.queryKey) === JSON.stringify(key)).length;
  const requests = (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path);
  return { user: userEvent.setup(), calls, invalidated, requests };
}

const planList = () => screen.getByRole('list', { name: '製造計画一覧' });
const planCard = (name: string) =>
  within(planList())
    .getAllByRole('listitem')
    .find((item) => within(item).queryByRole('button', { name: new RegExp(`^${name}`) }))!;
const planToggle = (name: string) => within(planCard(name)).getByRole('button', { name: new RegExp(`^${name}`) });
const createForm = () => screen.getByRole('region', { name: '製造計画の作成' });
const errorSummary = () => within(createForm()).getByRole('alert');
const summaryMessages = (container: HTMLElement) => within(container).getAllByRole('listitem').map((item) => item.textContent);

async function chooseProduct(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.type(within(createForm()).getByRole('combobox', { name: '商品' }), name);
  await user.click(await screen.findByRole('option', { name }));
}

/** Sets a date input as a browser does once a date is complete (user-event cannot type into date inputs). */
function setDate(input: HTMLElement, value: string) {
  fireEvent.change(input, { target: { value } });
}

describe('ManufacturingManagement', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 15, 10));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    vi.spyOn(notify, 'error').mockImplementation(() => {});
    vi.spyOn(notify, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  describe('tabs', () => {
    it('opens on the plan tab and loads only what it shows', async () => {
      const { requests } = renderScreen();
      const tabs = screen.getAllByRole('tab');
      expect(tabs.map((tab) => tab.textContent)).toEqual(['製造計画', '製造記録', '製造可能数']);
      expect(screen.getByRole('tab', { name: '製造計画' })).toHaveAttribute('aria-selected', 'true');
      await screen.findByRole('list', { name: '製造計画一覧' });
      expect(requests('GET', '/manufacturing/records')).toHaveLength(0);
      expect(requests('GET', '/manufacturing/capacity/all')).toHaveLength(0);
    });

    it('shows the recent records: product name, quantity, yyyy-MM-dd date and notes, newest first', async () => {
      const { user } = renderScreen({
        'GET /manufacturing/records': () => ({
          body: [
            makeManufacturingRecord({ id: 1, product_name: 'ランプ', quantity: 3, manufacturing_date: '2026-05-02', notes: '試作' }),
            makeManufacturingRecord({ id: 2, product_name: 'アクセサリー', quantity: 12, manufacturing_date: '2026-05-09' }),
          ],
        }),
      });
      await user.click(screen.getByRole('tab', { name: '製造記録' }));
      const list = await screen.findByRole('list', { name: '製造記録' });
      const items = within(list).getAllByRole('listitem');
      expect(items.map((item) => item.textContent)).toEqual(['アクセサリー12個2026-05-09', 'ランプ3個2026-05-02試作']);
      expect(screen.getByRole('tab', { name: '製造記録' })).toHaveAttribute('aria-selected', 'true');
    });

    it('says when there are no records yet', async () => {
      const { user } = renderScreen();
      await user.click(screen.getByRole('tab', { name: '製造記録' }));
      expect(await screen.findByText('製造記録はまだありません')).toBeInTheDocument();
    });

    it('shows one card per product with its count from one capacity call', async () => {
      const { user, requests, calls } = renderScreen({
        'GET /manufacturing/capacity/all': () => ({ body: [{ product_id: 1, max_manufacturable: 1234 }] }),
      });
      await user.click(screen.getByRole('tab', { name: '製造可能数' }));
      const cards = within(await screen.findByRole('list', { name: '製造可能数' })).getAllByRole('listitem');
      expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(['アクセサリー', 'ランプ']);
      await waitFor(() => expect(within(cards[1]!).getByText('1,234個')).toBeInTheDocument());
      expect(within(cards[1]!).getByText('4個')).toBeInTheDocument();
      const none = within(cards[0]!).getByText('製造可能数').nextElementSibling;
      expect(none).toHaveTextContent('0個');
      // Nothing to make is grey; a count that can be made is green.
      expect(none).toHaveClass('text-gray-500');
      expect(within(cards[1]!).getByText('製造可能数').nextElementSibling).toHaveClass('text-green-700');
      expect(cards[0]).toHaveTextContent('レシピが未設定のため製造できません');
      expect(requests('GET', '/manufacturing/capacity/all')).toHaveLength(1);
      expect(calls.filter((call) => /^\/manufacturing\/capacity\/\d+$/.test(call.path))).toHaveLength(0);
    });
  });

  describe('plan list', () => {
    it('shows progress, status badges and yyyy年M月d日 dates, active plans first', async () => {
      renderScreen();
      await screen.findByRole('list', { name: '製造計画一覧' });
      const items = within(planList()).getAllByRole('listitem');
      expect(items.map((item) => within(item).getAllByRole('button')[0]!.textContent)).toEqual([
        'ランプアクティブ数量 10個2026年5月10日 〜 2026年5月20日',
        'ランプ大完了数量 3個2026年4月1日 〜 2026年4月3日',
        'アクセサリーキャンセル数量 3個2026年3月1日 〜 2026年3月5日',
      ]);
      const progress = screen.getAllByRole('progressbar');
      expect(progress.map((bar) => bar.getAttribute('aria-valuenow'))).toEqual(['30', '100', '33']);
      expect(items[0]).toHaveTextContent('3 / 10個（30%）');
      expect(items[2]).toHaveTextContent('1 / 3個（33%）');
      expect(within(items[0]!).getByText('アクティブ')).toHaveClass('bg-green-100');
      expect(within(items[1]!).getByText('完了')).toHaveClass('bg-blue-100');
      expect(within(items[2]!).getByText('キャンセル')).toHaveClass('bg-gray-100');
    });

    it('marks an active plan whose end date has passed as 期限切れ; it stays アクティブ', async () => {
      renderScreen({
        'GET /manufacturing/plans': () => ({
          body: [
            { ...PLANS[0]!, remaining_quantity: 10, start_date: '2026-05-01', end_date: '2026-05-14' },
            { ...PLANS[1]!, start_date: '2026-05-01', end_date: '2026-05-10' },
            { ...PLANS[0]!, id: 4, product_name: 'ランプ小', start_date: '2026-05-10', end_date: '2026-05-15' },
          ],
        }),
      });
      await screen.findByRole('list', { name: '製造計画一覧' });
      const late = within(planCard('ランプ'));
      expect(late.getByText('アクティブ')).toBeInTheDocument();
      expect(late.getByText('期限切れ')).toHaveClass('bg-red-100');
      expect(within(planCard('ランプ大')).queryByText('期限切れ')).not.toBeInTheDocument();
      // Its last day is today: not late yet.
      expect(within(planCard('ランプ小')).queryByText('期限切れ')).not.toBeInTheDocument();
    });

    it('shows an unknown status as キャンセル', async () => {
      renderScreen({ 'GET /manufacturing/plans': () => ({ body: [{ ...PLANS[0]!, status: 'paused' }] }) });
      await screen.findByRole('list', { name: '製造計画一覧' });
      expect(within(planList()).getByText('キャンセル')).toHaveClass('bg-gray-100');
    });

    it('says when there are no plans yet', async () => {
      renderScreen({ 'GET /manufacturing/plans': () => ({ body: [] }) });
      expect(await screen.findByText('製造計画はまだありません')).toBeInTheDocument();
    });

    it('loads requirements on the first expansion only and shows them', async () => {
      const { user, requests } = renderScreen({
        'GET /manufacturing/plans/1/requirements': () => ({ body: LAMP_REQUIREMENTS }),
      });
      await screen.findByRole('list', { name: '製造計画一覧' });
      expect(requests('GET', '/manufacturing/plans/1/requirements')).toHaveLength(0);

      await user.click(planToggle('ランプ'));
      expect(planToggle('ランプ')).toHaveAttribute('aria-expanded', 'true');
      const table = await within(planCard('ランプ')).findByRole('table', { name: '「ランプ」の必要部品' });
      expect(within(table).getAllByRole('row').map((row) => Array.from(row.children, (cell) => cell.textContent))).toEqual([
        ['部品名', '必要数', '在庫', '不足', '発注済み', '要発注'],
        ['LED', '14個', '20個', '0個', '0個', '0個'],
        ['ケーブル', '21m', '5m', '16m', '6m', '10m'],
      ]);
      expect(planCard('ランプ')).toHaveTextContent('在庫が不足している部品があります（1件）');

      await user.click(planToggle('ランプ'));
      expect(planToggle('ランプ')).toHaveAttribute('aria-expanded', 'false');
      expect(within(planCard('ランプ')).queryByRole('table')).not.toBeInTheDocument();
      await user.click(planToggle('ランプ'));
      expect(within(planCard('ランプ')).getByRole('table')).toBeInTheDocument();
      expect(requests('GET', '/manufacturing/plans/1/requirements')).toHaveLength(1);
    });

    it('says when nothing is short', async () => {
      const { user } = renderScreen({
        'GET /manufacturing/plans/1/requirements': () => ({
          body: makeRequirementsResult([makeRequirement({ part_id: 11, required_quantity: 1, current_stock: 9 })]),
        }),
      });
      await screen.findByRole('list', { name: '製造計画一覧' });
      await user.click(planToggle('ランプ'));
      expect(await within(planCard('ランプ')).findByText('すべての部品の在庫が足りています')).toBeInTheDocument();
      const order = within(planCard('ランプ')).getByRole('button', { name: '不足分を発注' });
      expect(order).toBeDisabled();
      expect(order).toHaveAccessibleDescription('不足している部品はありません');
      expect(within(planCard('ランプ')).queryByLabelText('納入予定日')).not.toBeInTheDocument();
    });

    it('caches an empty list without shortages when the requirements fail to load', async () => {
      const { user, requests } = renderScreen({
        'GET /manufacturing/plans/1/requirements': () => ({ status: 500, body: {} }),
      });
      await screen.findByRole('list', { name: '製造計画一覧' });
      await user.click(planToggle('ランプ'));
      expect(await within(planCard('ランプ')).findByText('必要な部品はありません')).toBeInTheDocument();
      await user.click(planToggle('ランプ'));
      await user.click(planToggle('ランプ'));
      expect(within(planCard('ランプ')).getByText('必要な部品はありません')).toBeInTheDocument();
      expect(requests('GET', '/manufacturing/plans/1/requirements')).toHaveLength(1);
      expect(screen.queryByText('エラーが発生しました')).not.toBeInTheDocument();
      expect(notify.error).not.toHaveBeenCalled();
    });
  });

  describe('create form validation', () => {
    it('lists every missing field above the form', async () => {
      const { user, requests } = renderScreen();
      await screen.findByRole('list', { name: '製造計画一覧' });
      await user.clear(within(createForm()).getByLabelText('数量'));
      setDate(within(createForm()).getByLabelText('開始日'), '');
      setDate(within(createForm()).getByLabelText('終了日'), '');
      await user.click(within(createForm()).getByRole('button', { name: '計画を作成' }));

      expect(summaryMessages(await within(createForm()).findByRole('alert'))).toEqual([
        '商品を選択してください',
        '数量は1以上の整数で入力してください',
        '開始日を入力してください',
        '終了日を入力してください',
      ]);
      // Missing dates are said above only; the field-level texts are for what was typed.
      expect(within(createForm()).queryByText('有効な日付を入力してください')).not.toBeInTheDocument();
      expect(requests('POST', '/manufacturing/plans')).toHaveLength(0);
    });

    it('refuses a quantity that is not a whole number of 1 or more', async () => {
      const { user } = renderScreen();
      await screen.findByRole('list', { name: '製造計画一覧' });
      await chooseProduct(user, 'ランプ');
      const quantity = within(createForm()).getByLabelText('数量');
      for (const value of ['0', '1.5', '-2']) {
        await user.clear(quantity);
        await user.type(quantity, value);
        await user.click(within(createForm()).getByRole('button', { name: '計画を作成' }));
        await waitFor(() => expect(summaryMessages(errorSummary())).toEqual(['数量は1以上の整数で入力してください']));
      }
    });

    it('says a date that is not a calendar date is invalid, above and under the input', async () => {
      const { user } = renderScreen();
      await screen.findByRole('list', { name: '製造計画一覧' });
      await chooseProduct(user, 'ランプ');
      // A browser's date input takes years of five digits, which are not dates the API accepts.
      setDate(within(createForm()).getByLabelText('開始日'), '20260-05-01');
      setDate(within(createForm()).getByLabelText('終了日'), '20260-05-09');
      expect(within(createForm()).getAllByText('有効な日付を入力してください')).toHaveLength(2);

      await user.click(within(createForm()).getByRole('button', { name: '計画を作成' }));
      expect(summaryMessages(await within(createForm()).findByRole('alert'))).toEqual(['開始日が無効です', '終了日が無効です']);
    });

    it('says a half-typed date is invalid rather than missing', async () => {
      const { user } = renderScreen();
      await screen.findByRole('list', { name: '製造計画一覧' });
      await chooseProduct(user, 'ランプ');
      const start = within(createForm()).getByLabelText<HTMLInputElement>('開始日');
      setDate(start, '');
      // What a browser reports while only the year of a date input is filled in.
      Object.defineProperty(start, 'validity', { value: { ...start.validity, badInput: true } });
      await user.click(within(createForm()).getByRole('button', { name: '計画を作成' }));
      expect(summaryMessages(await within(createForm()).findByRole('alert'))).toEqual(['開始日が無効です']);
      expect(within(createForm()).getByText('有効な日付を入力してください')).toBeInTheDocument();
    });

    it('needs the end after the start, above the form and under the end date', async () => {
      const { user, requests } = renderScreen();
      await screen.findByRole('list', { name: '製造計画一覧' });
      await chooseProduct(user, 'ランプ');
      setDate(within(createForm()).getByLabelText('開始日'), '2026-05-20');
      setDate(within(createForm()).getByLabelText('終了日'), '2026-05-20');
      // Under the input as soon as both dates are there.
      expect(within(createForm()).getByText('開始日より後の日付を入力してください')).toBeInTheDocument();
      expect(within(createForm()).getByLabelText('終了日')).toHaveAttribute('min', '2026-05-21');
      // The summary above waits for a submit.
      expect(within(createForm()).queryByRole('alert')).not.toBeInTheDocument();

      await user.click(within(createForm()).getByRole('button', { name: '計画を作成' }));
      expect(summaryMessages(await within(createForm()).findByRole('alert'))).toEqual(['終了日は開始日より後の日付にしてください']);

      setDate(within(createForm()).getByLabelText('終了日'), '2026-05-21');
      await waitFor(() => expect(within(createForm()).queryByRole('alert')).not.toBeInTheDocument());
      expect(within(createForm()).queryByText('開始日より後の日付を入力してください')).not.toBeInTheDocument();
      expect(requests('POST', '/manufacturing/plans')).toHaveLength(0);
    });
  });

  describe('create', () => {
    it('creates the plan with product, quantity and dates, toasts and resets the form', async () => {
      const created = makePlan({ id: 9, product_id: 1, product_name: 'ランプ', quantity: 25, start_date: '2026-05-16', end_date: '2026-05-31' });
      const { user, requests } = renderScreen({ 'POST /manufacturing/plans': () => ({ status: 201, body: created }) });
      await screen.findByRole('list', { name: '製造計画一覧' });
      // Defaults: today and a week later, quantity 1.
      expect(within(createForm()).getByLabelText('開始日')).toHaveValue('2026-05-15');
      expect(within(createForm()).getByLabelText('終了日')).toHaveValue('2026-05-22');
      expect(within(createForm()).getByLabelText('数量')).toHaveValue(1);

      await chooseProduct(user, 'ランプ');
      await user.clear(within(createForm()).getByLabelText('数量'));
      await user.type(within(createForm()).getByLabelText('数量'), '25');
      setDate(within(createForm()).getByLabelText('開始日'), '2026-05-16');
      setDate(within(createForm()).getByLabelText('終了日'), '2026-05-31');
      await user.click(within(createForm()).getByRole('button', { name: '計画を作成' }));

      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('「ランプ」の製造計画を作成しました'));
      expect(requests('POST', '/manufacturing/plans').map((call) => call.body)).toEqual([
        { product_id: 1, quantity: 25, start_date: '2026-05-16', end_date: '2026-05-31' },
      ]);
      await waitFor(() => expect(within(createForm()).getByLabelText('数量')).toHaveValue(1));
      expect(within(createForm()).getByRole('combobox', { name: '商品' })).toHaveValue('');
    });

    it("toasts the server's message, or 製造計画の作成に失敗しました without one", async () => {
      let reply: { status: number; body: unknown } = { status: 404, body: { error: '商品が見つかりません' } };
      const { user } = renderScreen({ 'POST /manufacturing/plans': () => reply });
      await screen.findByRole('list', { name: '製造計画一覧' });
      await chooseProduct(user, 'ランプ');
      await user.click(within(createForm()).getByRole('button', { name: '計画を作成' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('商品が見つかりません'));

      reply = { status: 500, body: {} };
      await user.click(within(createForm()).getByRole('button', { name: '計画を作成' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('製造計画の作成に失敗しました'));
      expect(notify.success).not.toHaveBeenCalled();
    });
  });

  describe('requirements check', () => {
    it('needs a product and a quantity above 0', async () => {
      const { user } = renderScreen();
      await screen.findByRole('list', { name: '製造計画一覧' });
      const check = within(createForm()).getByRole('button', { name: '必要部品を確認' });
      expect(check).toBeDisabled();
      await chooseProduct(user, 'ランプ');
      expect(check).toBeEnabled();
      await user.clear(within(createForm()).getByLabelText('数量'));
      expect(check).toBeDisabled();
      await user.type(within(createForm()).getByLabelText('数量'), '0');
      expect(check).toBeDisabled();
    });

    it('posts the one order with the dates and reduce_by_manufacturing, and shows the table', async () => {
      const { user, requests } = renderScreen({
        'POST /manufacturing/requirements': () => ({
          body: { ...LAMP_REQUIREMENTS, orders: [{ product_id: 1, quantity: 5 }], manufacturing_adjusted: true },
        }),
      });
      await screen.findByRole('list', { name: '製造計画一覧' });
      await chooseProduct(user, 'ランプ');
      await user.clear(within(createForm()).getByLabelText('数量'));
      await user.type(within(createForm()).getByLabelText('数量'), '7');
      await user.click(within(createForm()).getByRole('button', { name: '必要部品を確認' }));

      const table = await within(createForm()).findByRole('table', { name: '「ランプ」の必要部品' });
      expect(requests('POST', '/manufacturing/requirements').map((call) => call.body)).toEqual([
        {
          orders: [{ product_id: 1, quantity: 7 }],
          start_date: '2026-05-15',
          end_date: '2026-05-22',
          reduce_by_manufacturing: true,
        },
      ]);
      expect(createForm()).toHaveTextContent('必要部品の確認結果: ランプ × 7個');
      expect(createForm()).toHaveTextContent('期間内に製造済みの2個を差し引き、5個分で計算しました。');
      expect(createForm()).toHaveTextContent('在庫が不足している部品があります（1件）');
      expect(createForm()).toHaveTextContent('必要な部品: 2種類');
      expect(within(table).getAllByRole('row')[2]).toHaveTextContent('ケーブル21m5m16m6m10m');
    });

    it('leaves out dates that are not valid yet', async () => {
      const { user, requests } = renderScreen({
        'POST /manufacturing/requirements': () => ({ body: makeRequirementsResult([]) }),
      });
      await screen.findByRole('list', { name: '製造計画一覧' });
      await chooseProduct(user, 'ランプ');
      setDate(within(createForm()).getByLabelText('終了日'), '');
      await user.click(within(createForm()).getByRole('button', { name: '必要部品を確認' }));
      await within(createForm()).findByText('必要な部品はありません');
      expect(requests('POST', '/manufacturing/requirements')[0]!.body).toEqual({
        orders: [{ product_id: 1, quantity: 1 }],
        start_date: '2026-05-15',
        reduce_by_manufacturing: true,
      });
    });

    it('toasts 計算に失敗しました when the check fails', async () => {
      const { user } = renderScreen({ 'POST /manufacturing/requirements': () => ({ status: 500, body: {} }) });
      await screen.findByRole('list', { name: '製造計画一覧' });
      await chooseProduct(user, 'ランプ');
      await user.click(within(createForm()).getByRole('button', { name: '必要部品を確認' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('計算に失敗しました'));
      expect(within(createForm()).queryByRole('table')).not.toBeInTheDocument();
    });
  });

  describe('shortage orders', () => {
    it("orders a plan's shortages in one action, toasts the count and reloads orders and requirements", async () => {
      let ordered = false;
      const { user, requests, invalidated } = renderScreen({
        'GET /manufacturing/plans/1/requirements': () => ({
          body: ordered
            ? makeRequirementsResult([makeRequirement({ part_id: 12, part_name: 'ケーブル', unit: 'm', required_quantity: 21, current_stock: 5, on_order: 16 })])
            : LAMP_REQUIREMENTS,
        }),
        'POST /manufacturing/plans/1/order-shortages': () => {
          ordered = true;
          return { status: 201, body: { orders: [{ id: 40 }, { id: 41 }] } };
        },
      });
      await screen.findByRole('list', { name: '製造計画一覧' });
      await user.click(planToggle('ランプ'));
      // The plan started on the 10th: the expected delivery date starts at today, the 15th.
      expect(await within(planCard('ランプ')).findByLabelText('納入予定日')).toHaveValue('2026-05-15');
      await user.click(within(planCard('ランプ')).getByRole('button', { name: '不足分を発注' }));

      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('2件の発注を作成しました'));
      expect(requests('POST', '/manufacturing/plans/1/order-shortages').map((call: ApiCall) => call.body)).toEqual([
        { expected_delivery_date: '2026-05-15' },
      ]);
      expect(invalidated(queryKeys.orders.all)).toBe(1);
      expect(invalidated(queryKeys.manufacturing.plans)).toBeGreaterThanOrEqual(1);
      // The new orders are on the dashboard's calendar.
      expect(invalidated(queryKeys.dashboard.all)).toBe(1);
      // The reloaded requirements show the new orders as on order, nothing left to order.
      await waitFor(() => expect(requests('GET', '/manufacturing/plans/1/requirements')).toHaveLength(2));
      const row = await within(planCard('ランプ')).findByRole('row', { name: /ケーブル/ });
      await waitFor(() => expect(row).toHaveTextContent('ケーブル21m5m16m16m0m'));
      const again = within(planCard('ランプ')).getByRole('button', { name: '不足分を発注' });
      expect(again).toBeDisabled();
      expect(again).toHaveAccessibleDescription('不足分はすべて発注済みです');
    });

    it("starts the expected delivery date at a later plan's start; the user changes it, a past date is refused before sending", async () => {
      const { user, requests } = renderScreen({
        'GET /manufacturing/plans': () => ({ body: [{ ...PLANS[0]!, start_date: '2026-05-20', end_date: '2026-05-30' }] }),
        'GET /manufacturing/plans/1/requirements': () => ({ body: LAMP_REQUIREMENTS }),
        'POST /manufacturing/plans/1/order-shortages': () => ({ status: 201, body: { orders: [{ id: 40 }] } }),
      });
      await screen.findByRole('list', { name: '製造計画一覧' });
      await user.click(planToggle('ランプ'));
      const date = await within(planCard('ランプ')).findByLabelText('納入予定日');
      expect(date).toHaveValue('2026-05-20');
      const order = within(planCard('ランプ')).getByRole('button', { name: '不足分を発注' });

      setDate(date, '2026-05-14');
      expect(within(planCard('ランプ')).getByText('納入予定日は本日以降の日付を入力してください')).toBeInTheDocument();
      expect(order).toBeDisabled();
      setDate(date, '');
      expect(order).toBeDisabled();

      setDate(date, '2026-05-18');
      expect(order).toBeEnabled();
      await user.click(order);
      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('1件の発注を作成しました'));
      expect(requests('POST', '/manufacturing/plans/1/order-shortages').map((call: ApiCall) => call.body)).toEqual([
        { expected_delivery_date: '2026-05-18' },
      ]);
    });

    it('says when everything missing is already on order', async () => {
      const { user } = renderScreen({
        'GET /manufacturing/plans/1/requirements': () => ({ body: LAMP_REQUIREMENTS }),
        'POST /manufacturing/plans/1/order-shortages': () => ({ status: 201, body: { orders: [] } }),
      });
      await screen.findByRole('list', { name: '製造計画一覧' });
      await user.click(planToggle('ランプ'));
      await user.click(await within(planCard('ランプ')).findByRole('button', { name: '不足分を発注' }));
      await waitFor(() => expect(notify.info).toHaveBeenCalledWith('発注が必要な部品はありません'));
      expect(notify.success).not.toHaveBeenCalled();
    });

    it("toasts the server's message when ordering fails", async () => {
      const { user } = renderScreen({
        'GET /manufacturing/plans/1/requirements': () => ({ body: LAMP_REQUIREMENTS }),
        'POST /manufacturing/plans/1/order-shortages': () => ({ status: 500, body: {} }),
      });
      await screen.findByRole('list', { name: '製造計画一覧' });
      await user.click(planToggle('ランプ'));
      await user.click(await within(planCard('ランプ')).findByRole('button', { name: '不足分を発注' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('不足分の発注に失敗しました'));
    });

    it("orders the check's shortages with the checked body and checks again", async () => {
      const { user, requests, invalidated } = renderScreen({
        'POST /manufacturing/requirements': () => ({ body: LAMP_REQUIREMENTS }),
        'POST /manufacturing/requirements/order-shortages': () => ({ status: 201, body: { orders: [{ id: 50 }] } }),
      });
      await screen.findByRole('list', { name: '製造計画一覧' });
      await chooseProduct(user, 'ランプ');
      setDate(within(createForm()).getByLabelText('開始日'), '2026-05-22');
      setDate(within(createForm()).getByLabelText('終了日'), '2026-05-29');
      await user.click(within(createForm()).getByRole('button', { name: '必要部品を確認' }));
      // The check's start date is when the parts are needed.
      expect(await within(createForm()).findByLabelText('納入予定日')).toHaveValue('2026-05-22');
      await user.click(within(createForm()).getByRole('button', { name: '不足分を発注' }));

      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('1件の発注を作成しました'));
      const checked = requests('POST', '/manufacturing/requirements')[0]!.body;
      expect(requests('POST', '/manufacturing/requirements/order-shortages').map((call) => call.body)).toEqual([
        { requirements: checked, expected_delivery_date: '2026-05-22' },
      ]);
      expect(invalidated(queryKeys.orders.all)).toBe(1);
      await waitFor(() => expect(requests('POST', '/manufacturing/requirements')).toHaveLength(2));
      expect(requests('POST', '/manufacturing/requirements')[1]!.body).toEqual(checked);
    });
  });

  describe('edit and delete', () => {
    async function openAction(user: ReturnType<typeof userEvent.setup>, name: string, action: '編集' | '削除') {
      await screen.findByRole('list', { name: '製造計画一覧' });
      await user.click(screen.getByRole('button', { name: `「${name}」の製造計画の操作` }));
      await user.click(screen.getByRole('menuitem', { name: action }));
      // In the app the dialogs load when they first open (manufacturing-management.tsx).
      await screen.findByRole('dialog');
    }

    it("mounts a plan's menu only when it is first used, and opens it on that click", async () => {
      const { user } = renderScreen();
      await screen.findByRole('list', { name: '製造計画一覧' });
      const trigger = () => screen.getByRole('button', { name: '「ランプ」の製造計画の操作' });
      // Until then a plain button stands in: no Headless UI menu per card at load.
      expect(trigger()).not.toHaveAttribute('aria-expanded');
      await user.click(trigger());
      expect(trigger()).toHaveAttribute('aria-expanded', 'true');
      expect(screen.getByRole('menuitem', { name: '編集' })).toBeInTheDocument();
    });

    it('updates quantity, dates and status (cancel), toasts and reloads the requirements', async () => {
      let plans = PLANS;
      const { user, requests, invalidated } = renderScreen({
        'GET /manufacturing/plans': () => ({ body: plans }),
        'PUT /manufacturing/plans/1': ({ body }) => {
          plans = [{ ...PLANS[0]!, ...(body as object) }, ...PLANS.slice(1)];
          return { body: plans[0] };
        },
      });
      await openAction(user, 'ランプ', '編集');
      const dialog = screen.getByRole('dialog', { name: '製造計画の編集' });
      expect(dialog).toHaveTextContent('ランプ');
      expect(dialog).toHaveTextContent('製造済み3個');
      const status = within(dialog).getByLabelText('状態');
      expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual(['アクティブ', 'キャンセル']);

      await user.clear(within(dialog).getByLabelText('数量'));
      await user.type(within(dialog).getByLabelText('数量'), '12');
      setDate(within(dialog).getByLabelText('終了日'), '2026-05-25');
      await user.selectOptions(status, 'キャンセル');
      await user.click(within(dialog).getByRole('button', { name: '更新' }));

      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('「ランプ」の製造計画を更新しました'));
      expect(requests('PUT', '/manufacturing/plans/1').map((call) => call.body)).toEqual([
        { quantity: 12, start_date: '2026-05-10', end_date: '2026-05-25', status: 'cancelled' },
      ]);
      expect(invalidated(queryKeys.manufacturing.planRequirements(1))).toBe(1);
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      const card = within(planList()).getAllByRole('listitem').at(-1)!;
      expect(card).toHaveTextContent('ランプキャンセル数量 12個2026年5月10日 〜 2026年5月25日');
    });

    it('sends the status only when it changed, and reopens a cancelled plan', async () => {
      const { user, requests } = renderScreen({
        'PUT /manufacturing/plans/:id': ({ body }) => ({ body: { ...PLANS[2]!, ...(body as object) } }),
      });
      await openAction(user, 'アクセサリー', '編集');
      let dialog = screen.getByRole('dialog', { name: '製造計画の編集' });
      await user.click(within(dialog).getByRole('button', { name: '更新' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      await openAction(user, 'アクセサリー', '編集');
      dialog = screen.getByRole('dialog', { name: '製造計画の編集' });
      await user.selectOptions(within(dialog).getByLabelText('状態'), 'アクティブ');
      await user.click(within(dialog).getByRole('button', { name: '更新' }));
      await waitFor(() => expect(requests('PUT', '/manufacturing/plans/3')).toHaveLength(2));
      expect(requests('PUT', '/manufacturing/plans/3').map((call) => call.body)).toEqual([
        { quantity: 3, start_date: '2026-03-01', end_date: '2026-03-05' },
        { quantity: 3, start_date: '2026-03-01', end_date: '2026-03-05', status: 'active' },
      ]);
    });

    it('validates the edit form like the create form', async () => {
      const { user, requests } = renderScreen();
      await openAction(user, 'ランプ', '編集');
      const dialog = screen.getByRole('dialog', { name: '製造計画の編集' });
      await user.clear(within(dialog).getByLabelText('数量'));
      setDate(within(dialog).getByLabelText('終了日'), '2026-05-01');
      expect(within(dialog).getByText('開始日より後の日付を入力してください')).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: '更新' }));
      expect(summaryMessages(await within(dialog).findByRole('alert'))).toEqual(['数量は1以上の整数で入力してください']);
      await user.type(within(dialog).getByLabelText('数量'), '4');
      await user.click(within(dialog).getByRole('button', { name: '更新' }));
      await waitFor(() => expect(summaryMessages(within(dialog).getByRole('alert'))).toEqual(['終了日は開始日より後の日付にしてください']));
      setDate(within(dialog).getByLabelText('開始日'), '');
      await waitFor(() => expect(summaryMessages(within(dialog).getByRole('alert'))).toEqual(['開始日を入力してください']));
      expect(requests('PUT', '/manufacturing/plans/1')).toHaveLength(0);
    });

    it('toasts 製造計画の更新に失敗しました and keeps the dialog open when the update fails', async () => {
      const { user } = renderScreen({ 'PUT /manufacturing/plans/1': () => ({ status: 500, body: {} }) });
      await openAction(user, 'ランプ', '編集');
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '更新' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('製造計画の更新に失敗しました'));
      expect(screen.getByRole('dialog', { name: '製造計画の編集' })).toBeInTheDocument();
    });

    it('offers 完了 to a completed plan', async () => {
      const { user } = renderScreen();
      await openAction(user, 'ランプ大', '編集');
      const status = within(screen.getByRole('dialog')).getByLabelText('状態');
      expect(status).toHaveValue('completed');
      expect(within(status).getAllByRole('option').map((option) => option.textContent)).toEqual(['完了', 'アクティブ', 'キャンセル']);
    });

    it('deletes after a confirmation showing product, quantity and period', async () => {
      let plans = PLANS;
      const { user, requests } = renderScreen({
        'GET /manufacturing/plans': () => ({ body: plans }),
        'DELETE /manufacturing/plans/3': () => {
          plans = PLANS.slice(0, 2);
          return { status: 204 };
        },
      });
      await openAction(user, 'アクセサリー', '削除');
      const dialog = screen.getByRole('dialog', { name: '製造計画の削除' });
      expect(dialog).toHaveTextContent('アクセサリー');
      expect(dialog).toHaveTextContent('3個');
      expect(dialog).toHaveTextContent('2026年3月1日 〜 2026年3月5日');
      await user.click(within(dialog).getByRole('button', { name: '削除' }));
      await waitFor(() => expect(notify.success).toHaveBeenCalledWith('「アクセサリー」の製造計画を削除しました'));
      expect(requests('DELETE', '/manufacturing/plans/3')).toHaveLength(1);
      await waitFor(() => expect(within(planList()).getAllByRole('listitem')).toHaveLength(2));
    });

    it('toasts 製造計画の削除に失敗しました when the delete fails', async () => {
      const { user } = renderScreen({ 'DELETE /manufacturing/plans/:id': () => ({ status: 500, body: {} }) });
      await openAction(user, 'アクセサリー', '削除');
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: '削除' }));
      await waitFor(() => expect(notify.error).toHaveBeenCalledWith('製造計画の削除に失敗しました'));
      expect(notify.success).not.toHaveBeenCalled();
    });
  });

  describe('error panel', () => {
    it('shows エラーが発生しました with the message of a failed load, and retries', async () => {
      let fail = true;
      const { user } = renderScreen({
        'GET /manufacturing/plans': () => (fail ? { status: 500, body: {} } : { body: PLANS }),
      });
      const panel = await screen.findByRole('alert');
      expect(within(panel).getByRole('heading', { name: 'エラーが発生しました' })).toBeInTheDocument();
      expect(panel).toHaveTextContent('製造計画の取得に失敗しました');
      expect(panel).toHaveClass('bg-red-50');
      fail = false;
      await user.click(within(panel).getByRole('button', { name: '再試行' }));
      await screen.findByRole('list', { name: '製造計画一覧' });
      expect(screen.queryByText('エラーが発生しました')).not.toBeInTheDocument();
    });

    it("shows the first available message: the server's text of the first failed load", async () => {
      renderScreen({
        'GET /manufacturing/plans': () => ({ status: 503, body: { error: '計画を読み込めませんでした' } }),
        'GET /products': () => ({ status: 500, body: {} }),
      });
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('計画を読み込めませんでした'));
      expect(screen.getAllByRole('alert')).toHaveLength(1);
      expect(screen.queryByText('商品一覧の取得に失敗しました')).not.toBeInTheDocument();
    });

    it('counts every product as 0 when the capacities fail, with the panel', async () => {
      const { user } = renderScreen({ 'GET /manufacturing/capacity/all': () => ({ status: 500, body: {} }) });
      await user.click(screen.getByRole('tab', { name: '製造可能数' }));
      await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('製造可能数の取得に失敗しました'));
      const card = within(screen.getByRole('list', { name: '製造可能数' })).getByRole('listitem', { name: 'ランプ' });
      expect(within(card).getByText('製造可能数').nextElementSibling).toHaveTextContent('0個');
    });
  });
});
