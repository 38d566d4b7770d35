import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeTag } from '../../../testing/make-tag.ts';
import { InlineTagCell } from './inline-tag-cell.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const TAGS = [makeTag({ id: 1, name: 'LED' }), makeTag({ id: 2, name: 'ネジ' }), makeTag({ id: 3, name: 'ケーブル' })];

beforeEach(() => vi.clearAllMocks());

describe('InlineTagCell', () => {
  it('shows the part tags as badges, without an editor while locked', () => {
    renderWithQueryClient(<InlineTagCell partId={5} tagIds={[2, 1]} tags={TAGS} editable={false} />);
    expect(screen.getByText('ネジ')).toBeInTheDocument();
    expect(screen.getByText('LED')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'タグを編集' })).not.toBeInTheDocument();
  });

  it('shows a dash for a part without tags', () => {
    renderWithQueryClient(<InlineTagCell partId={5} tagIds={[]} tags={TAGS} editable={false} />);
    expect(screen.getByText('-')).toBeInTheDocument();
  });

  it('opens the selector and applies an addition and a removal as individual calls', async () => {
    let answerAdd: (reply: { status: number; body: unknown }) => void = () => {};
    const calls = mockApi({
      'POST /parts/5/tags': () => new Promise((resolve) => (answerAdd = resolve)),
      'DELETE /parts/5/tags/1': () => ({ status: 204 }),
    });
    const { queryClient } = renderWithQueryClient(<InlineTagCell partId={5} tagIds={[1]} tags={TAGS} editable />);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');

    await userEvent.click(screen.getByRole('button', { name: 'タグを編集' }));
    const search = await screen.findByRole('combobox', { name: 'タグ' });
    await waitFor(() => expect(search).toHaveFocus());

    await userEvent.click(screen.getByRole('option', { name: 'ケーブル' }));
    await waitFor(() => expect(calls).toContainEqual({ method: 'POST', path: '/parts/5/tags', body: { tag_id: 3 } }));
    // While the change is on its way the cell already shows where it leads.
    const chosen = () => within(screen.getByRole('list', { name: '選択中のタグ' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(chosen()).toEqual(['LED', 'ケーブル']);

    // A second change waits for the first (same part), then goes out as its own call.
    await userEvent.click(screen.getByRole('button', { name: 'LEDを外す' }));
    expect(chosen()).toEqual(['ケーブル']);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    answerAdd({ status: 201, body: {} });
    await waitFor(() => expect(calls).toContainEqual({ method: 'DELETE', path: '/parts/5/tags/1', body: undefined }));
    expect(calls.filter((call) => call.path.startsWith('/parts/5/tags'))).toHaveLength(2);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.tags.all });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.parts.all });
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('shows the specified toast when the change fails and falls back to the saved tags', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'POST /parts/5/tags': () => ({ status: 500, body: { error: 'サーバーエラー' } }) });
    renderWithQueryClient(<InlineTagCell partId={5} tagIds={[]} tags={TAGS} editable />);

    await userEvent.click(screen.getByRole('button', { name: 'タグを編集' }));
    await userEvent.click(await screen.findByRole('option', { name: 'ネジ' }));

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('部品のタグの更新に失敗しました'));
    await waitFor(() => expect(screen.queryByRole('list', { name: '選択中のタグ' })).not.toBeInTheDocument());
    vi.mocked(console.warn).mockRestore();
  });

  it('draws a look-alike button until the editor code arrives, and a click on it opens the editor then', async () => {
    vi.resetModules();
    // A fresh copy of the module, whose editor code has not been loaded yet (setup-tests loads it for the others).
    const fresh = await import('./inline-tag-cell.tsx');
    renderWithQueryClient(<fresh.InlineTagCell partId={5} tagIds={[1]} tags={TAGS} editable />);
    const standIn = screen.getByRole('button', { name: 'タグを編集' });
    expect(standIn).toHaveTextContent('LED');
    expect(standIn).not.toHaveAttribute('aria-expanded');

    // Synchronously, before the dynamic import of the editor code has settled.
    fireEvent.click(standIn);

    expect(await screen.findByRole('combobox', { name: 'タグ' })).toBeInTheDocument();
  });
});
