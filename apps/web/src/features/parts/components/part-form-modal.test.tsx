import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { makePart } from '../testing/make-part.ts';
import { makeTag, mockApi, renderWithQueryClient } from '../testing/api-mock.tsx';
import { PartFormModal } from './part-form-modal.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const tags = [makeTag({ id: 1, name: '残す' }), makeTag({ id: 2, name: '外す' }), makeTag({ id: 3, name: '足す' })];

describe('PartFormModal', () => {
  it('adds a part with the defaults (stock 0, minimum 0) and its tags', async () => {
    const calls = mockApi({
      'POST /parts': ({ body }) => ({ status: 201, body: makePart({ id: 9, ...(body as object), tag_ids: [] }) }),
      'POST /parts/9/tags': () => ({ status: 201, body: {} }),
      'GET /parts': () => ({ body: [] }),
      'GET /tags': () => ({ body: tags }),
    });
    const onClose = vi.fn();
    renderWithQueryClient(<PartFormModal open onClose={onClose} part={null} tags={tags} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('部品名'), '  ボルト  ');
    await user.click(screen.getByRole('combobox', { name: 'タグ' }));
    await user.click(screen.getByRole('option', { name: '足す' }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const create = calls.find((call) => call.method === 'POST' && call.path === '/parts');
    expect(create?.body).toMatchObject({ name: 'ボルト', current_stock: 0, min_stock_alert: 0, unit: null, unit_price: null, url: null });
    expect(calls.filter((call) => call.path.includes('/tags') && call.method !== 'GET')).toEqual([
      { method: 'POST', path: '/parts/9/tags', body: { tag_id: 3 } },
    ]);
  });

  it('shows the validation messages and sends nothing', async () => {
    const calls = mockApi({});
    renderWithQueryClient(<PartFormModal open onClose={() => {}} part={null} tags={[]} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('単価（円）'), '-1');
    await user.clear(screen.getByLabelText('現在在庫'));
    await user.type(screen.getByLabelText('現在在庫'), '-2');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('部品名は必須です')).toBeInTheDocument();
    expect(screen.getByText('単価は0以上で入力してください')).toBeInTheDocument();
    expect(screen.getByText('現在在庫は0以上で入力してください')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('edits: sends the form without the untouched stock, then removes and adds tags one by one', async () => {
    const part = makePart({ id: 4, name: 'ケーブル', current_stock: 20, min_stock_alert: 2, unit_price: 80, tag_ids: [1, 2] });
    const calls = mockApi({
      'PUT /parts/4': ({ body }) => ({ body: { ...part, ...(body as object) } }),
      'DELETE /parts/4/tags/2': () => ({ status: 204 }),
      'POST /parts/4/tags': () => ({ status: 201, body: {} }),
      'GET /parts': () => ({ body: [part] }),
      'GET /tags': () => ({ body: tags }),
    });
    const onClose = vi.fn();
    renderWithQueryClient(<PartFormModal open onClose={onClose} part={part} tags={tags} />);
    const user = userEvent.setup();
    expect(screen.getByRole('dialog', { name: '部品を編集' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('部品名'));
    await user.type(screen.getByLabelText('部品名'), 'ケーブル 1m');
    await user.click(screen.getByRole('button', { name: '外すを外す' }));
    await user.click(screen.getByRole('combobox', { name: 'タグ' }));
    await user.click(screen.getByRole('option', { name: '足す' }));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.path}`)).toEqual(['PUT /parts/4', 'DELETE /parts/4/tags/2', 'POST /parts/4/tags']);
    expect(writes[0]?.body).toEqual({ name: 'ケーブル 1m', unit: null, unit_price: 80, min_stock_alert: 2, url: null, part_number: null, category: null });
    expect(writes[2]?.body).toEqual({ tag_id: 3 });
  });

  it('sends the stock when it was changed', async () => {
    const part = makePart({ id: 4, current_stock: 20 });
    const calls = mockApi({ 'PUT /parts/4': ({ body }) => ({ body: { ...part, ...(body as object) } }), 'GET /parts': () => ({ body: [part] }) });
    const onClose = vi.fn();
    renderWithQueryClient(<PartFormModal open onClose={onClose} part={part} tags={[]} />);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('現在在庫'));
    await user.type(screen.getByLabelText('現在在庫'), '25');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ current_stock: 25 });
  });

  it('keeps the form open and toasts the specified fallback when saving fails without a server text', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'POST /parts': () => ({ status: 500, body: {} }) });
    const toast = vi.spyOn(notify, 'error');
    const onClose = vi.fn();
    renderWithQueryClient(<PartFormModal open onClose={onClose} part={null} tags={[]} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('部品名'), 'ボルト');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('部品の保存に失敗しました'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: '部品を追加' })).toBeInTheDocument();
  });
});
