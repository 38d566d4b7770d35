import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { makePart } from '../../../testing/make-part.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { PartFormModal, type SavePartTags, type TagPickerProps } from './part-form-modal.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

const TAG_NAMES: Record<number, string> = { 1: '残す', 2: '外す', 3: '足す' };

// The route hands in the tags feature's picker; checkboxes stand in for it here.
function renderTagPicker({ selectedIds, onChange, disabled }: TagPickerProps) {
  return (
    <fieldset disabled={disabled}>
      <legend>タグ</legend>
      {Object.entries(TAG_NAMES).map(([id, name]) => (
        <label key={id}>
          <input
            type="checkbox"
            checked={selectedIds.includes(Number(id))}
            onChange={(event) => onChange(event.target.checked ? [...selectedIds, Number(id)] : selectedIds.filter((tagId) => tagId !== Number(id)))}
          />
          {name}
        </label>
      ))}
    </fieldset>
  );
}

function renderForm(part: Parameters<typeof PartFormModal>[0]['part'], onClose: () => void = vi.fn()) {
  const saveTags = vi.fn<SavePartTags>(async () => {});
  renderWithQueryClient(<PartFormModal onClose={onClose} part={part} renderTagPicker={renderTagPicker} saveTags={saveTags} />);
  return { saveTags, onClose };
}

describe('PartFormModal', () => {
  it('adds a part with the defaults (stock 0, minimum 0) and its tags', async () => {
    const calls = mockApi({
      'POST /parts': ({ body }) => ({ status: 201, body: makePart({ id: 9, ...(body as object), tag_ids: [] }) }),
      'GET /parts': () => ({ body: [] }),
    });
    const { onClose, saveTags } = renderForm(null);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('部品名'), '  ボルト  ');
    await user.click(screen.getByLabelText('足す'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const create = calls.find((call) => call.method === 'POST' && call.path === '/parts');
    expect(create?.body).toMatchObject({ name: 'ボルト', current_stock: 0, min_stock_alert: 0, unit: null, unit_price: null, url: null });
    // The tags go to the new part's id, once the part exists.
    expect(saveTags).toHaveBeenCalledExactlyOnceWith({ partId: 9, from: [], to: [3] });
  });

  it('shows the validation messages and sends nothing', async () => {
    const calls = mockApi({});
    const { saveTags } = renderForm(null);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('単価（円）'), '-1');
    await user.clear(screen.getByLabelText('現在在庫'));
    await user.type(screen.getByLabelText('現在在庫'), '-2');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('部品名は必須です')).toBeInTheDocument();
    expect(screen.getByText('単価は0以上で入力してください')).toBeInTheDocument();
    expect(screen.getByText('現在在庫は0以上で入力してください')).toBeInTheDocument();
    expect(calls).toEqual([]);
    expect(saveTags).not.toHaveBeenCalled();
  });

  it('edits: sends the form without the untouched stock, then the tag change', async () => {
    const part = makePart({ id: 4, name: 'ケーブル', current_stock: 20, min_stock_alert: 2, unit_price: 80, tag_ids: [1, 2] });
    const calls = mockApi({
      'PUT /parts/4': ({ body }) => ({ body: { ...part, ...(body as object) } }),
      'GET /parts': () => ({ body: [part] }),
    });
    const { onClose, saveTags } = renderForm(part);
    const user = userEvent.setup();
    expect(screen.getByRole('dialog', { name: '部品を編集' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('部品名'));
    await user.type(screen.getByLabelText('部品名'), 'ケーブル 1m');
    await user.click(screen.getByLabelText('外す'));
    await user.click(screen.getByLabelText('足す'));
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const writes = calls.filter((call) => call.method !== 'GET');
    expect(writes.map((call) => `${call.method} ${call.path}`)).toEqual(['PUT /parts/4']);
    expect(writes[0]?.body).toEqual({ name: 'ケーブル 1m', unit: null, unit_price: 80, min_stock_alert: 2, url: null, part_number: null, category: null, barcode: null });
    expect(saveTags).toHaveBeenCalledExactlyOnceWith({ partId: 4, from: [1, 2], to: [1, 3] });
  });

  it('sends the stock when it was changed', async () => {
    const part = makePart({ id: 4, current_stock: 20 });
    const calls = mockApi({ 'PUT /parts/4': ({ body }) => ({ body: { ...part, ...(body as object) } }), 'GET /parts': () => ({ body: [part] }) });
    const { onClose } = renderForm(part);
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('現在在庫'));
    await user.type(screen.getByLabelText('現在在庫'), '25');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ current_stock: 25 });
  });

  it('asks why the stock changed, only once it changed, and sends the reason with the stock', async () => {
    const part = makePart({ id: 4, current_stock: 20 });
    const calls = mockApi({ 'PUT /parts/4': ({ body }) => ({ body: { ...part, ...(body as object) } }), 'GET /parts': () => ({ body: [part] }) });
    const { onClose } = renderForm(part);
    const user = userEvent.setup();
    expect(screen.queryByLabelText('在庫修正の理由')).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('現在在庫'));
    await user.type(screen.getByLabelText('現在在庫'), '18');
    await user.selectOptions(screen.getByLabelText('在庫修正の理由'), 'その他');
    await user.click(screen.getByRole('button', { name: '保存' }));
    expect(await screen.findByText('その他の場合は理由の詳細を入力してください')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.selectOptions(screen.getByLabelText('在庫修正の理由'), '破損');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({ current_stock: 18, reason: 'damaged' });
  });

  it('keeps the form open and toasts the specified fallback when saving fails without a server text', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'POST /parts': () => ({ status: 500, body: {} }) });
    const toast = vi.spyOn(notify, 'error');
    const { onClose, saveTags } = renderForm(null);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('部品名'), 'ボルト');
    await user.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith('部品の保存に失敗しました'));
    expect(onClose).not.toHaveBeenCalled();
    expect(saveTags).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: '部品を追加' })).toBeInTheDocument();
  });
});
