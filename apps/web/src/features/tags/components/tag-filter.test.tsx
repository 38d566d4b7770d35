import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeTag } from '../../../testing/make-tag.ts';
import { TagFilter } from './tag-filter.tsx';

const TAGS = [makeTag({ id: 1, name: 'LED' }), makeTag({ id: 2, name: 'ネジ' }), makeTag({ id: 3, name: 'ケーブル' })];

function Harness({ initial = [], onChange }: { initial?: number[]; onChange: (ids: number[]) => void }) {
  const [ids, setIds] = useState(initial);
  return (
    <TagFilter
      tags={TAGS}
      tagsLoaded
      selectedIds={ids}
      onChange={(next) => {
        setIds(next);
        onChange(next);
      }}
    />
  );
}

describe('TagFilter', () => {
  it('says all tags when nothing is chosen and lists every tag', async () => {
    render(<Harness onChange={() => {}} />);
    const button = screen.getByRole('button', { name: 'タグで絞り込み: すべてのタグ' });
    expect(button).toHaveTextContent('すべてのタグ');
    await userEvent.click(button);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['LED', 'ネジ', 'ケーブル']);
    expect(screen.getByRole('listbox')).toHaveAttribute('aria-multiselectable', 'true');
  });

  it('chooses several tags and takes one away again, keeping the list open', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'タグで絞り込み: すべてのタグ' }));
    await userEvent.click(screen.getByRole('option', { name: 'ネジ' }));
    await userEvent.click(screen.getByRole('option', { name: 'LED' }));
    expect(onChange).toHaveBeenLastCalledWith([2, 1]);
    expect(screen.getByRole('option', { name: 'ネジ' })).toHaveAttribute('aria-selected', 'true');

    await userEvent.click(screen.getByRole('option', { name: 'ネジ' }));
    expect(onChange).toHaveBeenLastCalledWith([1]);
    await userEvent.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'タグで絞り込み: LED' })).toHaveTextContent('LED');
  });

  it('drops a chosen tag that no longer exists with the next change', async () => {
    const onChange = vi.fn();
    render(<Harness initial={[99]} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'タグで絞り込み: すべてのタグ' }));
    await userEvent.click(screen.getByRole('option', { name: 'ケーブル' }));
    expect(onChange).toHaveBeenLastCalledWith([3]);
  });

  it('drops a chosen tag at once when it is deleted, keeping the other choices', () => {
    const onChange = vi.fn();
    const { rerender } = render(<TagFilter tags={TAGS} tagsLoaded selectedIds={[1, 2]} onChange={onChange} />);
    expect(onChange).not.toHaveBeenCalled();
    rerender(<TagFilter tags={TAGS.filter((tag) => tag.id !== 2)} tagsLoaded selectedIds={[1, 2]} onChange={onChange} />);
    expect(onChange).toHaveBeenCalledExactlyOnceWith([1]);
    rerender(<TagFilter tags={[]} tagsLoaded selectedIds={[1]} onChange={onChange} />);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('keeps chosen ids (from the URL) while the tags are still loading', () => {
    const onChange = vi.fn();
    const { rerender } = render(<TagFilter tags={[]} tagsLoaded={false} selectedIds={[1, 2]} onChange={onChange} />);
    expect(onChange).not.toHaveBeenCalled();
    rerender(<TagFilter tags={TAGS} tagsLoaded selectedIds={[1, 2]} onChange={onChange} />);
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'タグで絞り込み: LED、ネジ' })).toBeInTheDocument();
  });

  it('says so when there are no tags', async () => {
    render(<TagFilter tags={[]} tagsLoaded selectedIds={[]} onChange={() => {}} />);
    await userEvent.click(screen.getByRole('button', { name: 'タグで絞り込み: すべてのタグ' }));
    expect(screen.getByText('タグがありません')).toBeInTheDocument();
  });

  it('draws a look-alike button until the listbox code arrives, and a click on it opens the list then', async () => {
    vi.resetModules();
    // A fresh copy of the module, whose listbox code has not been loaded yet (setup-tests loads it for the others).
    const fresh = await import('./tag-filter.tsx');
    render(<fresh.TagFilter tags={TAGS} tagsLoaded selectedIds={[2]} onChange={() => {}} />);
    const standIn = screen.getByRole('button', { name: 'タグで絞り込み: ネジ' });
    expect(standIn).toHaveAttribute('aria-haspopup', 'listbox');
    expect(standIn).not.toHaveAttribute('aria-expanded');

    // Synchronously, before the dynamic import of the listbox code has settled.
    fireEvent.click(standIn);

    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'ネジ' })).toHaveAttribute('aria-selected', 'true');
  });
});
