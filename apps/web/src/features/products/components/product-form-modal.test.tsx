import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeProduct } from '../../../testing/make-product.ts';
import { ProductFormModal } from './product-form-modal.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

function renderForm(product: Parameters<typeof ProductFormModal>[0]['product']) {
  const onClose = vi.fn();
  const { queryClient } = renderWithQueryClient(<ProductFormModal product={product} onClose={onClose} />);
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const invalidated = () => invalidate.mock.calls.map(([filters]) => filters?.queryKey);
  return { onClose, user: userEvent.setup(), invalidated };
}

describe('ProductFormModal', () => {
  it('adds a product with stock 0 by default and toasts', async () => {
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const calls = mockApi({
      'POST /products': ({ body }) => ({ status: 201, body: makeProduct({ id: 9, ...(body as object) }) }),
      'GET /products': () => ({ body: [] }),
      'GET /manufacturing/capacity/all': () => ({ body: [] }),
    });
    const { onClose, user } = renderForm(null);
    expect(screen.getByRole('dialog', { name: '商品を追加' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('商品名'), '  ランプ  ');
    await user.type(screen.getByLabelText('販売価格（円）'), '4980.5');
    await user.type(screen.getByLabelText('URL'), 'https://example.com/lamp');
    await user.type(screen.getByLabelText('品番'), 'L-1');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'ランプ',
      selling_price: 4980.5,
      current_stock: 0,
      url: 'https://example.com/lamp',
      part_number: 'L-1',
      barcode: null,
    });
    expect(success).toHaveBeenCalledWith('商品「ランプ」を追加しました');
  });

  it('requires the name (商品名は必須です) and sends nothing', async () => {
    const calls = mockApi({});
    const { user } = renderForm(null);
    await user.type(screen.getByLabelText('販売価格（円）'), '-1');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('商品名は必須です')).toBeInTheDocument();
    expect(screen.getByText('販売価格は0以上で入力してください')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('edits without sending the untouched stock', async () => {
    const product = makeProduct({ id: 4, name: 'ランプ', current_stock: 20, selling_price: 100 });
    const calls = mockApi({
      'PUT /products/4': ({ body }) => ({ body: { ...product, ...(body as object) } }),
      'GET /products': () => ({ body: [product] }),
    });
    const { onClose, user, invalidated } = renderForm(product);
    expect(screen.getByRole('dialog', { name: '商品を編集' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('商品名'));
    await user.type(screen.getByLabelText('商品名'), 'ランプ 改');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'ランプ 改', selling_price: 100, url: null, part_number: null, barcode: null });
    // The plans show the product's name (製造計画 screen).
    expect(invalidated()).toEqual(expect.arrayContaining([queryKeys.products.all, queryKeys.manufacturing.plans]));
  });

  it('sends the stock when it was changed', async () => {
    const product = makeProduct({ id: 4, current_stock: 20 });
    const calls = mockApi({ 'PUT /products/4': ({ body }) => ({ body: { ...product, ...(body as object) } }), 'GET /products': () => ({ body: [product] }) });
    const { onClose, user } = renderForm(product);
    await user.clear(screen.getByLabelText('在庫数'));
    await user.type(screen.getByLabelText('在庫数'), '25');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ current_stock: 25 });
  });

  it('toasts the server text, or 商品の保存に失敗しました without one, and stays open', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    let reply = { status: 500, body: {} as object };
    mockApi({ 'POST /products': () => reply });
    const { onClose, user } = renderForm(null);
    await user.type(screen.getByLabelText('商品名'), 'ランプ');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('商品の保存に失敗しました'));

    reply = { status: 400, body: { error: 'URLはhttp://またはhttps://で始まる正しい形式で入力してください', details: [{ path: 'url', message: 'URLの形式が正しくありません' }] } };
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(error).toHaveBeenLastCalledWith('URLはhttp://またはhttps://で始まる正しい形式で入力してください'));
    expect(await screen.findByText('URLの形式が正しくありません')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });
});
