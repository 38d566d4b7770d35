import type { Tag } from '@inventory/contracts/tags';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../../lib/notify.ts';
import { mockApi, renderWithQueryClient } from '../../../testing/api-mock.tsx';
import { makeTag } from '../../../testing/make-tag.ts';
import { TagSelector } from './tag-selector.tsx';

vi.mock('../../../lib/notify.ts', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const TAGS = [
  makeTag({ id: 1, name: 'LED', color: '#EF4444' }),
  makeTag({ id: 2, name: 'ネジ', color: '#6B7280' }),
  makeTag({ id: 3, name: 'ケーブル', color: '#10B981' }),
  makeTag({ id: 4, name: 'led-strip', color: '#F59E0B' }),
];

function Harness({ initial = [], tags = TAGS, onChange, disabled }: { initial?: number[]; tags?: Tag[]; onChange?: (ids: number[]) => void; disabled?: boolean }) {
  const [ids, setIds] = useState(initial);
  return (
    <TagSelector
      tags={tags}
      selectedIds={ids}
      disabled={disabled}
      onChange={(next) => {
        setIds(next);
        onChange?.(next);
      }}
    />
  );
}

const input = () => screen.getByRole('combobox', { name: 'タグ' });
const optionNames = () => screen.queryAllByRole('option').map((option) => option.textContent);
const chosenNames = () => {
  const list = screen.queryByRole('list', { name: '選択中のタグ' });
  return list ? within(list).getAllByRole('listitem').map((item) => item.textContent) : [];
};
const createButton = () => screen.getByRole('button', { name: '作成' });

beforeEach(() => vi.clearAllMocks());

describe('TagSelector', () => {
  it('lists every tag not chosen yet when the search box gets the focus', async () => {
    renderWithQueryClient(<Harness initial={[2]} />);
    expect(chosenNames()).toEqual(['ネジ']);
    await userEvent.click(input());
    expect(input()).toHaveAttribute('aria-expanded', 'true');
    expect(optionNames()).toEqual(['LED', 'ケーブル', 'led-strip']);
  });

  it('searches case-insensitively and folds full-width, half-width and hiragana forms', async () => {
    renderWithQueryClient(<Harness />);
    await userEvent.type(input(), 'ＬＥＤ');
    expect(optionNames()).toEqual(['LED', 'led-strip']);

    await userEvent.clear(input());
    await userEvent.type(input(), 'ｹｰﾌﾞﾙ');
    expect(optionNames()).toEqual(['ケーブル']);

    await userEvent.clear(input());
    await userEvent.type(input(), 'けーぶる');
    expect(optionNames()).toEqual(['ケーブル']);

    await userEvent.clear(input());
    await userEvent.type(input(), 'zzz');
    expect(optionNames()).toEqual([]);
    expect(screen.getByText('該当するタグがありません')).toBeInTheDocument();
  });

  it('excludes chosen tags from the results', async () => {
    renderWithQueryClient(<Harness initial={[1]} />);
    await userEvent.type(input(), 'led');
    expect(optionNames()).toEqual(['led-strip']);
  });

  it('adds a tag by click and by keyboard, and removes a chosen one with its button', async () => {
    const onChange = vi.fn();
    renderWithQueryClient(<Harness onChange={onChange} />);
    await userEvent.type(input(), 'ネ');
    await userEvent.click(screen.getByRole('option', { name: 'ネジ' }));
    expect(onChange).toHaveBeenLastCalledWith([2]);
    expect(input()).toHaveValue('');

    // The list stays open for the next pick.
    expect(optionNames()).toEqual(['LED', 'ケーブル', 'led-strip']);
    await userEvent.type(input(), 'ケ');
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith([2, 3]);
    expect(chosenNames()).toEqual(['ネジ', 'ケーブル']);

    await userEvent.click(screen.getByRole('button', { name: 'ネジを外す' }));
    expect(onChange).toHaveBeenLastCalledWith([3]);
  });

  it('keeps the create button disabled while the name is empty or only spaces', async () => {
    renderWithQueryClient(<Harness />);
    expect(createButton()).toBeDisabled();
    await userEvent.type(input(), '   ');
    expect(createButton()).toBeDisabled();
    await userEvent.type(input(), '新規');
    expect(createButton()).toBeEnabled();
  });

  it('refuses names longer than 50 characters', async () => {
    renderWithQueryClient(<Harness />);
    await userEvent.click(input());
    await userEvent.paste('あ'.repeat(51));
    expect(screen.getByText('タグ名は50文字以内で入力してください')).toBeInTheDocument();
    expect(createButton()).toBeDisabled();
    await userEvent.keyboard('{Backspace}');
    expect(createButton()).toBeEnabled();
  });

  it('creates a tag from the trimmed text without a colour and chooses it', async () => {
    let resolveCreate: (reply: { status: number; body: Tag }) => void = () => {};
    const calls = mockApi({
      'POST /tags': () => new Promise((resolve) => (resolveCreate = resolve)),
      'GET /tags': () => ({ body: TAGS }),
      'GET /parts': () => ({ body: [] }),
    });
    const onChange = vi.fn();
    renderWithQueryClient(<Harness initial={[2]} onChange={onChange} />);
    await userEvent.type(input(), '  センサー  ');
    await userEvent.click(createButton());

    expect(screen.getByRole('button', { name: '作成中...' })).toBeDisabled();
    expect(calls).toContainEqual({ method: 'POST', path: '/tags', body: { name: 'センサー' } });
    resolveCreate({ status: 201, body: makeTag({ id: 9, name: 'センサー', color: '#8B5CF6' }) });

    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([2, 9]));
    expect(input()).toHaveValue('');
  });

  it('creates with Enter when no result is highlighted', async () => {
    const calls = mockApi({ 'POST /tags': () => ({ status: 201, body: makeTag({ id: 10, name: '新タグ' }) }) });
    const onChange = vi.fn();
    renderWithQueryClient(<Harness onChange={onChange} />);
    await userEvent.type(input(), '新タグ{Enter}');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith([10]));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('picks the existing tag instead of creating a duplicate with another width or case', async () => {
    const calls = mockApi({});
    const onChange = vi.fn();
    renderWithQueryClient(<Harness onChange={onChange} />);
    await userEvent.type(input(), 'ｌｅｄ');
    await userEvent.click(createButton());
    expect(onChange).toHaveBeenLastCalledWith([1]);
    expect(calls).toEqual([]);
  });

  it('only logs a failed creation and keeps the typed name', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'POST /tags': () => ({ status: 409, body: { error: '同じ名前のタグが既にあります' } }) });
    const onChange = vi.fn();
    renderWithQueryClient(<Harness onChange={onChange} />);
    await userEvent.type(input(), 'センサー');
    await userEvent.click(createButton());

    await waitFor(() => expect(warn).toHaveBeenCalledWith('タグの作成に失敗しました', expect.objectContaining({ message: '同じ名前のタグが既にあります' })));
    expect(onChange).not.toHaveBeenCalled();
    expect(input()).toHaveValue('センサー');
    expect(notify.error).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('cannot be changed while disabled', () => {
    renderWithQueryClient(<Harness initial={[1]} disabled />);
    expect(input()).toBeDisabled();
    expect(createButton()).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'LEDを外す' })).not.toBeInTheDocument();
  });
});
