import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeStocktake, makeStocktakeLine } from '../../../testing/make-stocktake.ts';
import { StocktakeCounting } from './stocktake-counting.tsx';

const LINES = [
  makeStocktakeLine({ item_id: 1, name: '杉板 300', part_number: 'W-300', unit: '枚', unit_value: 420, expected: 12, tag_ids: [3] }),
  makeStocktakeLine({ item_id: 2, name: '木ネジ 25', unit: '本', unit_value: 4.5, expected: 300 }),
  makeStocktakeLine({ item_id: 3, name: '蝶番 小', unit_value: 180, expected: 4, counted: 4, variance: 0, counted_by: '田中' }),
];

function renderScreen(handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ 'GET /stocktakes/7': () => ({ body: makeStocktake(LINES) }), ...handlers });
  renderWithQueryClient(
    <MemoryRouter>
      <StocktakeCounting id={7} tags={[{ id: 3, name: '木材' }]} />
    </MemoryRouter>,
  );
  return { calls, user: userEvent.setup() };
}

describe('StocktakeCounting', () => {
  beforeEach(() => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    vi.spyOn(notify, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the progress and the uncounted lines, found by name or part number and by tag', async () => {
    const { user } = renderScreen();
    await screen.findByRole('heading', { name: '期末棚卸し' });
    expect(screen.getByRole('progressbar', { name: '数えた品目' })).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByRole('progressbar', { name: '数えた品目' }).parentElement).toHaveTextContent('1 / 3 件');
    expect(screen.getByRole('button', { name: /杉板 300/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /蝶番 小/ })).not.toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: '品名・品番で検索' }), 'w-300');
    expect(screen.queryByRole('button', { name: /木ネジ/ })).not.toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: '品名・品番で検索' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'タグで絞り込み' }), '木材');
    expect(screen.queryByRole('button', { name: /木ネジ/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: '表示する品目' }), 'カウント済み');
    await user.selectOptions(screen.getByRole('combobox', { name: 'タグで絞り込み' }), 'すべてのタグ');
    expect(screen.getByRole('button', { name: /蝶番 小/ })).toBeInTheDocument();
  });

  it('hides the expected quantity until counted (unless asked), and saves a count typed and stepped', async () => {
    const saved = makeStocktakeLine({ ...LINES[0], counted: 11, variance: -1, counted_by: '佐藤' });
    const { calls, user } = renderScreen({ 'PUT /stocktakes/7/counts': () => ({ body: { lines: [saved], counted_count: 2, remaining_count: 1 } }) });
    await user.click(await screen.findByRole('button', { name: /杉板 300/ }));
    expect(screen.getByText('予定数は数えた後に表示')).toBeInTheDocument();
    expect(screen.queryByText(/予定 12/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /予定数を表示/ }));
    expect(screen.getByText(/予定 12枚/)).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: '数えた数（枚）' }), '１０');
    await user.click(screen.getByRole('button', { name: '1増やす' }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByRole('progressbar', { name: '数えた品目' })).toHaveAttribute('aria-valuenow', '2'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ counts: [{ part_id: 1, counted: 11 }] });
    // Counted, it leaves the uncounted list.
    expect(screen.queryByRole('button', { name: /杉板 300/ })).not.toBeInTheDocument();
  });

  it('refuses a count that is not a whole number before sending it', async () => {
    const { calls, user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: /木ネジ 25/ }));
    await user.type(screen.getByRole('textbox', { name: '数えた数（本）' }), '2.5');
    expect(screen.getByText('0以上の整数で入力してください')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存' })).toBeDisabled();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('reviews the variances by value and commits with a reason, showing every item a refusal names', async () => {
    const counted = [
      makeStocktakeLine({ ...LINES[0], counted: 10, variance: -2, counted_by: '佐藤' }),
      makeStocktakeLine({ ...LINES[1], counted: 330, variance: 30, counted_by: '田中' }),
      LINES[2]!,
    ];
    const { calls, user } = renderScreen({
      'GET /stocktakes/7': () => ({ body: makeStocktake(counted) }),
      'POST /stocktakes/7/commit': () => ({
        status: 409,
        body: {
          error: '確定すると在庫が0未満になる品目が1件あるため確定できません。数え直してください',
          details: [{ path: 'part:1', message: '部品「杉板 300」: 現在の在庫 1、差異 -2、確定後 -1' }],
        },
      }),
    });
    await user.click(await screen.findByRole('tab', { name: '差異の確認' }));
    const variances = await screen.findByRole('list', { name: '差異のある品目（金額の大きい順）' });
    expect(within(variances).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^杉板 300W-300-¥840予定 12 → 実数 10枚差異 -2/),
      expect.stringMatching(/^木ネジ 25\+¥135予定 300 → 実数 330本差異 \+30/),
    ]);
    await user.selectOptions(screen.getByRole('combobox', { name: '理由' }), 'その他');
    expect(screen.getByRole('button', { name: '確定する' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: '理由の詳細（必須）' }), '展示会で使用');
    await user.click(screen.getByRole('button', { name: '確定する' }));
    await user.click(await screen.findByRole('button', { name: '確定' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('確定すると在庫が0未満になる品目が1件あるため確定できません');
    expect(alert).toHaveTextContent('部品「杉板 300」: 現在の在庫 1、差異 -2、確定後 -1');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'other', reason_note: '展示会で使用' });
  });
});
