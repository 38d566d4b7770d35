import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makePart } from '../../../testing/make-part.ts';
import { makeProduct, makeRecipeLine } from '../../../testing/make-product.ts';
import { makeTag } from '../../../testing/make-tag.ts';
import { RecipeModal } from './recipe-modal.tsx';

const LAMP = makeProduct({ id: 1, name: 'ランプ' });
const PARTS = [
  makePart({ id: 5, name: 'LED', tag_ids: [1] }),
  makePart({ id: 6, name: 'ケース', unit: '台', tag_ids: [2] }),
  makePart({ id: 7, name: 'ネジ', current_stock: 2, min_stock_alert: 10, tag_ids: [2] }),
  makePart({ id: 8, name: '旧基板', status: 'inactive' }),
];
const TAGS = [makeTag({ id: 1, name: '電子部品' }), makeTag({ id: 2, name: '外装' })];

function renderModal(handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({
    'GET /products/1/recipe': () => ({ body: [] }),
    'GET /parts': () => ({ body: PARTS }),
    'GET /tags': () => ({ body: TAGS }),
    ...handlers,
  });
  const onClose = vi.fn();
  const { queryClient } = renderWithQueryClient(<RecipeModal product={LAMP} onClose={onClose} />);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const posts = () => calls.filter((call) => call.method === 'POST');
  return { user: userEvent.setup(), calls, posts, onClose, invalidated: () => invalidate.mock.calls.map(([filters]) => filters?.queryKey) };
}

const rows = () => within(screen.getByRole('list', { name: 'レシピの部品' })).getAllByRole('listitem');

async function choosePart(user: ReturnType<typeof userEvent.setup>, row: number, name: string) {
  await user.click(within(rows()[row - 1]!).getByRole('button', { name: '候補を表示' }));
  await user.click(screen.getByRole('option', { name: new RegExp(name) }));
}

const optionNames = () => screen.getAllByRole('option').map((option) => within(option).getAllByText(/.+/)[0]?.textContent);

describe('RecipeModal', () => {
  beforeEach(() => {
    vi.spyOn(notify, 'success').mockImplementation(() => {});
    vi.spyOn(notify, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('starts from the saved recipe with the row count', async () => {
    renderModal({
      'GET /products/1/recipe': () => ({
        body: [makeRecipeLine({ part_id: 6, part_name: 'ケース', quantity_required: 1 }), makeRecipeLine({ part_id: 5, part_name: 'LED', quantity_required: 3 })],
      }),
    });
    expect(await screen.findByRole('combobox', { name: '1行目の部品' })).toHaveValue('ケース');
    expect(screen.getByRole('combobox', { name: '2行目の部品' })).toHaveValue('LED');
    expect(screen.getByLabelText('2行目の必要数量')).toHaveValue(3);
    expect(screen.getByText('全2行')).toBeInTheDocument();
  });

  it('starts a product without a recipe with one empty row, and adds rows', async () => {
    const { user } = renderModal();
    expect(await screen.findByRole('combobox', { name: '1行目の部品' })).toHaveValue('');
    expect(screen.getByLabelText('1行目の必要数量')).toHaveValue(1);
    expect(screen.getByText('全1行')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '部品を追加' }));
    expect(rows()).toHaveLength(2);
    expect(screen.getByText('全2行')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '1行目を削除' }));
    expect(rows()).toHaveLength(1);
  });

  it('asks for at least one part (少なくとも1つの部品を設定してください) and sends nothing', async () => {
    const { user, posts } = renderModal();
    await screen.findByRole('combobox', { name: '1行目の部品' });
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('少なくとも1つの部品を設定してください');

    // A part with quantity 0 is not a valid line either.
    await choosePart(user, 1, 'LED');
    await user.clear(screen.getByLabelText('1行目の必要数量'));
    await user.type(screen.getByLabelText('1行目の必要数量'), '0');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('少なくとも1つの部品を設定してください');
    expect(posts()).toEqual([]);
  });

  it('saves only the valid lines, toasts, and reloads products and capacities', async () => {
    const { user, posts, onClose, invalidated } = renderModal({
      'POST /products/1/recipe': () => ({ body: [] }),
      'GET /products': () => ({ body: [] }),
      'GET /manufacturing/capacity/all': () => ({ body: [] }),
    });
    await screen.findByRole('combobox', { name: '1行目の部品' });
    await choosePart(user, 1, 'LED');
    await user.clear(screen.getByLabelText('1行目の必要数量'));
    await user.type(screen.getByLabelText('1行目の必要数量'), '4');
    await user.click(screen.getByRole('button', { name: '部品を追加' }));
    // Row 2: no part chosen. Row 3: a part with an empty quantity. Row 4: valid.
    await user.click(screen.getByRole('button', { name: '部品を追加' }));
    await choosePart(user, 3, 'ケース');
    await user.clear(screen.getByLabelText('3行目の必要数量'));
    await user.click(screen.getByRole('button', { name: '部品を追加' }));
    await choosePart(user, 4, '旧基板');
    await user.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posts()).toEqual([
      {
        method: 'POST',
        path: '/products/1/recipe',
        body: {
          recipes: [
            { part_id: 5, quantity_required: 4 },
            { part_id: 8, quantity_required: 1 },
          ],
        },
      },
    ]);
    expect(notify.success).toHaveBeenCalledWith('「ランプ」のレシピを保存しました');
    // The capacities and every plan's requirements (both under the manufacturing key) follow the recipe.
    expect(invalidated()).toEqual(expect.arrayContaining([queryKeys.products.all, queryKeys.manufacturing.all]));
  });

  it('refuses a quantity with decimals with the contract message', async () => {
    const { user, posts } = renderModal();
    await screen.findByRole('combobox', { name: '1行目の部品' });
    await choosePart(user, 1, 'LED');
    await user.clear(screen.getByLabelText('1行目の必要数量'));
    await user.type(screen.getByLabelText('1行目の必要数量'), '1.5');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('必要数量は整数で入力してください');
    expect(posts()).toEqual([]);
  });

  it('offers inactive parts, marks low stock, and leaves out parts chosen in other rows', async () => {
    const { user } = renderModal();
    await screen.findByRole('combobox', { name: '1行目の部品' });
    await choosePart(user, 1, 'LED');
    await user.click(screen.getByRole('button', { name: '部品を追加' }));
    await user.click(within(rows()[1]!).getByRole('button', { name: '候補を表示' }));
    expect(optionNames()).toEqual(['ケース', 'ネジ', '旧基板']);
    expect(screen.getByRole('option', { name: /ネジ/ })).toHaveTextContent('在庫不足');
    expect(screen.getByRole('option', { name: /旧基板/ })).toHaveTextContent('停止中');
  });

  it('narrows the part choices by one tag', async () => {
    const { user } = renderModal();
    await screen.findByRole('combobox', { name: '1行目の部品' });
    await user.click(screen.getByRole('button', { name: '部品をタグで絞り込み' }));
    await user.click(screen.getByRole('option', { name: '外装' }));
    await user.click(within(rows()[0]!).getByRole('button', { name: '候補を表示' }));
    expect(optionNames()).toEqual(['ケース', 'ネジ']);
  });

  it("toasts the server's text, or レシピの保存に失敗しました without one", async () => {
    let reply = { status: 409, body: { error: '部品が見つかりません' } as object };
    const { user, onClose } = renderModal({ 'POST /products/1/recipe': () => reply });
    await screen.findByRole('combobox', { name: '1行目の部品' });
    await choosePart(user, 1, 'LED');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('部品が見つかりません'));
    reply = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(notify.error).toHaveBeenLastCalledWith('レシピの保存に失敗しました'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
