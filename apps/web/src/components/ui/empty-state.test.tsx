import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state.tsx';

describe('EmptyState', () => {
  it('shows the message, and the hint and icon only when given', () => {
    const { container, rerender } = render(<EmptyState message="部品が登録されていません" />);
    expect(screen.getByText('部品が登録されていません')).toBeInTheDocument();
    expect(container.querySelectorAll('p')).toHaveLength(1);
    expect(container.querySelector('svg')).toBeNull();

    rerender(<EmptyState message="発注はまだありません" hint="部品管理から登録できます。" icon={<svg aria-hidden="true" />} />);
    expect(screen.getByText('部品管理から登録できます。')).toBeInTheDocument();
    expect(container.querySelector('svg')).not.toBeNull();
  });
});
