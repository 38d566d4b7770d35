import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makePart } from '../../../testing/make-part.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { DeletePartDialog } from './delete-part-dialog.tsx';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('DeletePartDialog', () => {
  it('asks first, deletes on confirmation and closes', async () => {
    const calls = mockApi({ 'DELETE /parts/7': () => ({ status: 204 }) });
    const onClose = vi.fn();
    renderWithQueryClient(<DeletePartDialog part={makePart({ id: 7, name: 'ネジ' })} onClose={onClose} />);
    expect(screen.getByText('ネジ')).toBeInTheDocument();
    expect(calls).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: '削除' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toEqual([{ method: 'DELETE', path: '/parts/7', body: undefined }]);
  });

  it('shows the server refusal naming the products and stays open', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const refusal = '部品「ネジ」は商品「ランプ」のレシピで使われているため削除できません';
    mockApi({ 'DELETE /parts/7': () => ({ status: 409, body: { error: refusal } }) });
    const onClose = vi.fn();
    renderWithQueryClient(<DeletePartDialog part={makePart({ id: 7, name: 'ネジ' })} onClose={onClose} />);
    await userEvent.setup().click(screen.getByRole('button', { name: '削除' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('falls back to the specified message when the server gives no text', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'DELETE /parts/7': () => ({ status: 500, body: {} }) });
    renderWithQueryClient(<DeletePartDialog part={makePart({ id: 7 })} onClose={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: '削除' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('部品の削除に失敗しました');
  });
});
