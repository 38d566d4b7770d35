import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeTag } from '../../testing/make-tag.ts';
import { SingleTagFilter } from './single-tag-filter.tsx';

const TAGS = [makeTag({ id: 1, name: '電子部品', color: '#EF4444' }), makeTag({ id: 2, name: '金具', color: '#10B981' })];

function Harness({ initial = null, onChange }: { initial?: number | null; onChange?: (id: number | null) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return <SingleTagFilter tags={TAGS} value={value} onChange={(next) => (setValue(next), onChange?.(next))} />;
}

describe('SingleTagFilter', () => {
  it('starts at すべてのタグ and picks one tag at a time', async () => {
    const handleChange = vi.fn();
    render(<Harness onChange={handleChange} />);
    const user = userEvent.setup();
    const button = screen.getByRole('button', { name: 'タグで絞り込み' });
    expect(button).toHaveTextContent('すべてのタグ');

    await user.click(button);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['すべてのタグ', '電子部品', '金具']);
    await user.click(screen.getByRole('option', { name: '金具' }));
    expect(handleChange).toHaveBeenLastCalledWith(2);
    expect(button).toHaveTextContent('金具');

    await user.click(button);
    await user.click(screen.getByRole('option', { name: '電子部品' }));
    expect(handleChange).toHaveBeenLastCalledWith(1);
    expect(button).toHaveTextContent('電子部品');
    expect(button).not.toHaveTextContent('金具');

    await user.click(button);
    await user.click(screen.getByRole('option', { name: 'すべてのタグ' }));
    expect(handleChange).toHaveBeenLastCalledWith(null);
    expect(button).toHaveTextContent('すべてのタグ');
  });

  it('falls back to all tags when the chosen tag no longer exists', () => {
    const handleChange = vi.fn();
    render(<SingleTagFilter tags={TAGS} value={99} onChange={handleChange} />);
    expect(handleChange).toHaveBeenCalledWith(null);
    expect(screen.getByRole('button', { name: 'タグで絞り込み' })).toHaveTextContent('すべてのタグ');
  });
});
