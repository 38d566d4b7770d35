import { TAG_PALETTE, type Tag } from '@inventory/contracts/tags';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { type ApiCall, mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeTag } from '../../../testing/make-tag.ts';
import { suggestTagColor } from './create-tag-form.tsx';
import { TagManagementModal } from './tag-management-modal.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

let tags: Tag[];

/** A small in-memory tags API: the list answers what the other calls changed. */
function mockTagsApi(overrides: Record<string, (call: ApiCall) => { status?: number; body?: unknown }> = {}) {
  const one = (path: string) => tags.find((tag) => path.startsWith(`/tags/${tag.id}`))!;
  return mockApi({
    'GET /tags': () => ({ body: tags }),
    'POST /tags': ({ body }) => {
      const created = makeTag({ id: 100 + tags.length, ...(body as Partial<Tag>) });
      tags = [...tags, created];
      return { status: 201, body: created };
    },
    ...Object.fromEntries(
      [1, 2, 3].flatMap((id) => [
        [
          `PUT /tags/${id}`,
          ({ path, body }: ApiCall) => {
            const updated = { ...one(path), ...(body as Partial<Tag>) };
            tags = tags.map((tag) => (tag.id === updated.id ? updated : tag));
            return { body: updated };
          },
        ],
        [
          `DELETE /tags/${id}`,
          ({ path }: ApiCall) => {
            const tag = one(path);
            if (tag.part_count > 0) return { status: 409, body: { error: `タグ「${tag.name}」は${tag.part_count}件の部品で使用されています` } };
            tags = tags.filter((item) => item !== tag);
            return { status: 204 };
          },
        ],
        [
          `DELETE /tags/${id}/force`,
          ({ path }: ApiCall) => {
            tags = tags.filter((item) => item !== one(path));
            return { status: 204 };
          },
        ],
      ]),
    ),
    ...overrides,
  });
}

function renderModal() {
  const onClose = vi.fn();
  renderWithQueryClient(<TagManagementModal onClose={onClose} />);
  return { onClose };
}

const row = (name: string) => screen.getByText(name, { selector: 'span' }).closest('li')!;

beforeEach(() => {
  vi.clearAllMocks();
  tags = [
    makeTag({ id: 1, name: 'LED', color: '#EF4444', part_count: 0 }),
    makeTag({ id: 2, name: 'ネジ', color: '#6B7280', part_count: 3 }),
  ];
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('suggestTagColor', () => {
  it('picks among the palette colours no tag uses, and the default when all are used', () => {
    const used = TAG_PALETTE.filter((color) => color !== '#06B6D4').map((color) => ({ color }));
    expect(suggestTagColor(used, 0)).toBe('#06B6D4');
    expect(suggestTagColor(used, 0.99)).toBe('#06B6D4');
    expect(suggestTagColor([...used, { color: '#06b6d4' }], 0.5)).toBe('#3B82F6');
    expect(suggestTagColor([], 0)).toBe(TAG_PALETTE[0]);
    expect(suggestTagColor([], 0.999)).toBe(TAG_PALETTE[9]);
  });
});

describe('TagManagementModal', () => {
  it('lists the tags under タグ一覧 (N個) with their use', async () => {
    mockTagsApi();
    renderModal();
    expect(screen.getByRole('dialog', { name: 'タグ管理' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'タグ一覧 (2個)' })).toBeInTheDocument();
    expect(within(row('LED')).getByText('未使用')).toBeInTheDocument();
    expect(within(row('ネジ')).getByText('3件の部品で使用中')).toBeInTheDocument();
  });

  it('creates a tag with the chosen colour; the suggestion is a colour no tag uses', async () => {
    const calls = mockTagsApi();
    vi.spyOn(Math, 'random').mockReturnValue(0);
    renderModal();
    await screen.findByRole('heading', { name: 'タグ一覧 (2個)' });

    const palette = screen.getByRole('group', { name: '新しいタグの色' });
    // #EF4444 is used by LED, so the first unused palette colour is suggested.
    expect(within(palette).getByRole('button', { pressed: true })).toHaveAccessibleName('黄 (#F59E0B)');

    const create = screen.getByRole('button', { name: '作成' });
    expect(create).toBeDisabled();
    await userEvent.type(screen.getByLabelText('タグ名'), '  電子部品 ');
    await userEvent.click(within(palette).getByRole('button', { name: '紫 (#8B5CF6)' }));
    await userEvent.click(create);

    await screen.findByRole('heading', { name: 'タグ一覧 (3個)' });
    expect(calls).toContainEqual({ method: 'POST', path: '/tags', body: { name: '電子部品', color: '#8B5CF6' } });
    expect(screen.getByLabelText('タグ名')).toHaveValue('');
  });

  it('shows the server message next to the form when creating fails, and logs it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockTagsApi({ 'POST /tags': () => ({ status: 409, body: { error: '同じ名前のタグが既にあります' } }) });
    renderModal();
    await screen.findByRole('heading', { name: 'タグ一覧 (2個)' });
    await userEvent.type(screen.getByLabelText('タグ名'), 'LED');
    await userEvent.click(screen.getByRole('button', { name: '作成' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('同じ名前のタグが既にあります');
    expect(warn).toHaveBeenCalledWith('タグの作成に失敗しました', expect.anything());
    expect(notify.error).not.toHaveBeenCalled();
  });

  it('refuses a name longer than 50 characters before sending', async () => {
    const calls = mockTagsApi();
    renderModal();
    await screen.findByRole('heading', { name: 'タグ一覧 (2個)' });
    await userEvent.click(screen.getByLabelText('タグ名'));
    await userEvent.paste('あ'.repeat(51));
    expect(screen.getByText('タグ名は50文字以内で入力してください')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '作成' })).toBeDisabled();
    expect(calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('renames a tag inline; Escape cancels without closing the modal', async () => {
    const calls = mockTagsApi();
    const { onClose } = renderModal();
    await screen.findByRole('heading', { name: 'タグ一覧 (2個)' });

    await userEvent.click(screen.getByRole('button', { name: '「LED」の名前を変更' }));
    const input = screen.getByRole('textbox', { name: '「LED」の新しい名前' });
    expect(input).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: '「LED」の新しい名前' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '「LED」の名前を変更' }));
    await userEvent.clear(screen.getByRole('textbox', { name: '「LED」の新しい名前' }));
    await userEvent.type(screen.getByRole('textbox', { name: '「LED」の新しい名前' }), '発光ダイオード{Enter}');

    expect(await screen.findByText('発光ダイオード', { selector: 'span' })).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'PUT', path: '/tags/1', body: { name: '発光ダイオード' } });
  });

  it('recolours a tag from the palette', async () => {
    const calls = mockTagsApi();
    renderModal();
    await screen.findByRole('heading', { name: 'タグ一覧 (2個)' });

    await userEvent.click(screen.getByRole('button', { name: '「LED」の色を変更' }));
    const palette = screen.getByRole('group', { name: '「LED」の色' });
    expect(within(palette).getByRole('button', { pressed: true })).toHaveAccessibleName('赤 (#EF4444)');
    await userEvent.click(within(palette).getByRole('button', { name: '緑 (#10B981)' }));

    await waitFor(() => expect(screen.queryByRole('group', { name: '「LED」の色' })).not.toBeInTheDocument());
    expect(calls).toContainEqual({ method: 'PUT', path: '/tags/1', body: { color: '#10B981' } });
    expect(screen.getByText('LED', { selector: 'span' }).parentElement).toHaveStyle({ backgroundColor: '#10B981' });
  });

  it('deletes an unused tag after a confirmation', async () => {
    const calls = mockTagsApi();
    renderModal();
    await screen.findByRole('heading', { name: 'タグ一覧 (2個)' });

    await userEvent.click(screen.getByRole('button', { name: '「LED」を削除' }));
    const confirm = screen.getByRole('group', { name: '「LED」の削除' });
    expect(confirm).toHaveTextContent('「LED」を削除しますか？');
    await userEvent.click(within(confirm).getByRole('button', { name: '削除' }));

    await screen.findByRole('heading', { name: 'タグ一覧 (1個)' });
    expect(calls).toContainEqual({ method: 'DELETE', path: '/tags/1', body: undefined });
  });

  it('deletes a tag in use only through the force option, which says how many parts lose it', async () => {
    const calls = mockTagsApi();
    renderModal();
    await screen.findByRole('heading', { name: 'タグ一覧 (2個)' });

    await userEvent.click(screen.getByRole('button', { name: '「ネジ」を削除' }));
    const confirm = screen.getByRole('group', { name: '「ネジ」の削除' });
    expect(confirm).toHaveTextContent('「ネジ」は3件の部品で使用されています。強制削除すると、3件の部品からこのタグが外れます。');
    await userEvent.click(within(confirm).getByRole('button', { name: 'キャンセル' }));
    expect(screen.queryByRole('group', { name: '「ネジ」の削除' })).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '「ネジ」を削除' }));
    await userEvent.click(screen.getByRole('button', { name: '3件の部品から外して強制削除' }));

    await screen.findByRole('heading', { name: 'タグ一覧 (1個)' });
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([{ method: 'DELETE', path: '/tags/2/force', body: undefined }]);
  });

  it('when the server refuses a delete because the tag came into use, shows why and then offers the force option', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const calls = mockTagsApi();
    renderModal();
    await screen.findByRole('heading', { name: 'タグ一覧 (2個)' });
    // Someone tags two parts with LED after the list was loaded.
    tags = tags.map((tag) => (tag.id === 1 ? { ...tag, part_count: 2 } : tag));

    await userEvent.click(screen.getByRole('button', { name: '「LED」を削除' }));
    await userEvent.click(within(screen.getByRole('group', { name: '「LED」の削除' })).getByRole('button', { name: '削除' }));

    expect(await within(row('LED')).findByRole('alert')).toHaveTextContent('タグ「LED」は2件の部品で使用されています');
    expect(warn).toHaveBeenCalledWith('タグの削除に失敗しました', expect.anything());
    expect(notify.error).not.toHaveBeenCalled();

    await userEvent.click(await screen.findByRole('button', { name: '2件の部品から外して強制削除' }));
    await screen.findByRole('heading', { name: 'タグ一覧 (1個)' });
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual(['/tags/1', '/tags/1/force']);
  });

  it('shows the loading failure with a retry', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'GET /tags': () => ({ status: 500, body: { error: 'タグの取得に失敗しました' } }) });
    renderModal();
    expect(await screen.findByRole('alert')).toHaveTextContent('タグの取得に失敗しました');
    expect(screen.getByRole('button', { name: '再試行' })).toBeInTheDocument();
  });
});
