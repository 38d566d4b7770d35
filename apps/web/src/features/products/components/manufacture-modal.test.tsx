import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeCapacity, makeProduct } from '../../../testing/make-product.ts';
import { ManufactureModal } from './manufacture-modal.tsx';

const LAMP = makeProduct({ id: 1, name: 'ランプ' });
const CAPACITY = makeCapacity({
  product_id: 1,
  max_manufacturable: 3,
  limiting_parts: [{ part_id: 5, part_name: 'LED', current_stock: 7, required_per_product: 2 }],
});

function renderModal(handlers: Parameters<typeof mockApi>[0] = {}) {
  const calls = mockApi({ 'GET /manufacturing/capacity/1': () => ({ body: CAPACITY }), ...handlers });
  const onClose = vi.fn();
  renderWithQueryClient(<ManufactureModal product={{ id: LAMP.id, name: LAMP.name }} onClose={onClose} />);
  const posts = () => calls.filter((call) => call.method === 'POST');
  return { user: userEvent.setup(), calls, posts, onClose };
}

describe('ManufactureModal', () => {
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

  it('starts at quantity 1 and today, and shows the maximum and the limiting parts', async () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: '製造' });
    expect(within(dialog).getByLabelText('製造数量')).toHaveValue(1);
    expect(within(dialog).getByLabelText('製造日')).toHaveValue('2026-05-15');
    expect(within(dialog).getByLabelText('備考')).toHaveValue('');
    expect(await within(dialog).findByText('最大製造可能数:', { exact: false })).toHaveTextContent('最大製造可能数: 3個');
    const limiting = within(dialog).getByRole('list', { name: '製造数を制限している部品' });
    expect(limiting).toHaveTextContent('LED在庫 7 / 1個あたり 2');
  });

  it('refuses a quantity above the maximum with the specified message and sends nothing', async () => {
    const { user, posts } = renderModal();
    await screen.findByText('3個');
    await user.clear(screen.getByLabelText('製造数量'));
    await user.type(screen.getByLabelText('製造数量'), '4');
    await user.click(screen.getByRole('button', { name: '製造する' }));
    expect(await screen.findByText('製造数量が製造可能数を超えています(最大: 3個)')).toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('shows the quantity and date messages', async () => {
    const { user, posts } = renderModal();
    await screen.findByText('3個');
    await user.clear(screen.getByLabelText('製造数量'));
    await user.clear(screen.getByLabelText('製造日'));
    await user.click(screen.getByRole('button', { name: '製造する' }));
    expect(await screen.findByText('製造数量は1以上で入力してください')).toBeInTheDocument();
    expect(screen.getByText('製造日は必須です')).toBeInTheDocument();

    await user.type(screen.getByLabelText('製造数量'), '0');
    await user.click(screen.getByRole('button', { name: '製造する' }));
    expect(await screen.findByText('製造数量は1以上で入力してください')).toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('says a product without a recipe cannot be made, and refuses any quantity', async () => {
    const { user, posts } = renderModal({ 'GET /manufacturing/capacity/1': () => ({ body: makeCapacity({ product_id: 1 }) }) });
    expect(await screen.findByText('レシピが設定されていないため製造できません')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '製造する' }));
    expect(await screen.findByText('製造数量が製造可能数を超えています(最大: 0個)')).toBeInTheDocument();
    expect(posts()).toEqual([]);
  });

  it('counts a failed capacity lookup as 0', async () => {
    renderModal({ 'GET /manufacturing/capacity/1': () => ({ status: 500, body: {} }) });
    expect(await screen.findByText('製造可能数の取得に失敗しました')).toBeInTheDocument();
    expect(screen.getByText('0個')).toBeInTheDocument();
  });

  it('manufactures with the notes, toasts and closes', async () => {
    const { user, calls, onClose } = renderModal({
      'POST /manufacturing/products/1/manufacture': () => ({ status: 201, body: { record: {}, product: { ...LAMP, current_stock: 3 } } }),
      'GET /products': () => ({ body: [] }),
      'GET /parts': () => ({ body: [] }),
    });
    await screen.findByText('3個');
    await user.clear(screen.getByLabelText('製造数量'));
    await user.type(screen.getByLabelText('製造数量'), '3');
    await user.type(screen.getByLabelText('備考'), '午前の分');
    await user.click(screen.getByRole('button', { name: '製造する' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(notify.success).toHaveBeenCalledWith('ランプを3個製造しました');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ quantity: 3, manufacturing_date: '2026-05-15', notes: '午前の分' });
  });

  it("toasts the server's text, or 製造に失敗しました without one", async () => {
    let reply = { status: 409, body: { error: '部品「LED」の在庫が足りません' } as object };
    const { user, onClose, calls } = renderModal({ 'POST /manufacturing/products/1/manufacture': () => reply });
    await screen.findByText('3個');
    await user.click(screen.getByRole('button', { name: '製造する' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('部品「LED」の在庫が足りません'));
    // The maximum shown may be stale after a refusal: it is asked again.
    await waitFor(() => expect(calls.filter((call) => call.path === '/manufacturing/capacity/1')).toHaveLength(2));
    reply = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: '製造する' }));
    await waitFor(() => expect(notify.error).toHaveBeenLastCalledWith('製造に失敗しました'));
    expect(onClose).not.toHaveBeenCalled();
  });
});
