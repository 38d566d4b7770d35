import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeProduct } from '../../../testing/make-product.ts';
import { SellModal, type SellableProduct } from './sell-modal.tsx';

const LAMP = makeProduct({ id: 1, name: 'ランプ', current_stock: 5, selling_price: 4980.5 });

function renderModal(product: SellableProduct = LAMP, handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi(handlers);
  const onClose = vi.fn();
  renderWithQueryClient(<SellModal product={product} onClose={onClose} />);
  return { user: userEvent.setup(), calls, onClose };
}

describe('SellModal', () => {
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

  it('defaults to 1, the selling price, today and no URL, and shows the stock', () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: '販売' });
    expect(dialog).toHaveTextContent('在庫: 5個');
    expect(within(dialog).getByLabelText('販売数量')).toHaveValue(1);
    const price = within(dialog).getByLabelText('販売単価（円）');
    expect(price).toHaveValue(4980.5);
    expect(price).toHaveAttribute('min', '0');
    expect(price).toHaveAttribute('step', '0.01');
    expect(price).toBeRequired();
    expect(within(dialog).getByLabelText('販売日')).toHaveValue('2026-05-15');
    expect(within(dialog).getByLabelText('URL')).toHaveValue('');
    expect(dialog).toHaveTextContent('販売金額: ¥4,980');
  });

  it('defaults the unit price to 0 without a selling price', () => {
    renderModal({ ...LAMP, selling_price: null });
    expect(screen.getByLabelText('販売単価（円）')).toHaveValue(0);
  });

  it('shows the quantity, stock and date messages and sends nothing', async () => {
    const { user, calls } = renderModal();
    await user.clear(screen.getByLabelText('販売数量'));
    await user.clear(screen.getByLabelText('販売日'));
    await user.click(screen.getByRole('button', { name: '販売する' }));
    expect(await screen.findByText('販売数量は1以上で入力してください')).toBeInTheDocument();
    expect(screen.getByText('販売日は必須です')).toBeInTheDocument();

    await user.type(screen.getByLabelText('販売数量'), '6');
    await user.type(screen.getByLabelText('販売日'), '2026-05-14');
    await user.click(screen.getByRole('button', { name: '販売する' }));
    expect(await screen.findByText('販売数量が在庫数を超えています(在庫: 5個)')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('requires a unit price of 0 or more', async () => {
    const { user, calls } = renderModal();
    await user.clear(screen.getByLabelText('販売単価（円）'));
    await user.click(screen.getByRole('button', { name: '販売する' }));
    expect(await screen.findByText('販売単価は数値で入力してください')).toBeInTheDocument();
    await user.type(screen.getByLabelText('販売単価（円）'), '-1');
    await user.click(screen.getByRole('button', { name: '販売する' }));
    expect(await screen.findByText('販売単価は0以上で入力してください')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('sells, toasts and closes', async () => {
    const { user, calls, onClose } = renderModal(LAMP, {
      'POST /products/1/sell': () => ({ status: 201, body: { sale: {}, product: { ...LAMP, current_stock: 0 } } }),
      'GET /products': () => ({ body: [] }),
    });
    await user.clear(screen.getByLabelText('販売数量'));
    await user.type(screen.getByLabelText('販売数量'), '5');
    await user.clear(screen.getByLabelText('販売単価（円）'));
    await user.type(screen.getByLabelText('販売単価（円）'), '4500');
    await user.type(screen.getByLabelText('URL'), 'https://shop.example.com/order/1');
    await user.click(screen.getByRole('button', { name: '販売する' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notify.success).toHaveBeenCalledWith('ランプを5個販売しました');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      quantity: 5,
      unit_price: 4500,
      sale_date: '2026-05-15',
      url: 'https://shop.example.com/order/1',
    });
  });

  it("toasts the server's text, or 販売に失敗しました without one", async () => {
    let reply = { status: 409, body: { error: '在庫が足りません' } as object };
    const { user, onClose } = renderModal(LAMP, { 'POST /products/1/sell': () => reply });
    await user.click(screen.getByRole('button', { name: '販売する' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('在庫が足りません'));
    reply = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: '販売する' }));
    await waitFor(() => expect(notify.error).toHaveBeenLastCalledWith('販売に失敗しました'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
