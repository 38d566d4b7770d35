import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingSpinner } from './loading-spinner.tsx';

describe('LoadingSpinner', () => {
  it('announces a hidden default label when none is given', () => {
    render(<LoadingSpinner />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('読み込み中');
    expect(screen.getByText('読み込み中')).toHaveClass('sr-only');
  });

  it('shows the given label visibly', () => {
    render(<LoadingSpinner label="ダッシュボードのデータを読み込み中..." />);
    expect(screen.getByRole('status')).toHaveTextContent('ダッシュボードのデータを読み込み中...');
    expect(screen.getByText('ダッシュボードのデータを読み込み中...')).not.toHaveClass('sr-only');
    expect(screen.queryByText('読み込み中')).not.toBeInTheDocument();
  });

  it('spins and accepts extra classes', () => {
    render(<LoadingSpinner size="lg" className="py-12" />);
    const status = screen.getByRole('status');
    expect(status).toHaveClass('py-12');
    expect(status.querySelector('.animate-spin')).toHaveClass('h-12', 'w-12');
  });
});
