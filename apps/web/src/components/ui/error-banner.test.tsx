import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ErrorBanner } from './error-banner.tsx';

describe('ErrorBanner', () => {
  it('is an alert with the default title and the message', () => {
    render(<ErrorBanner message="製造計画の作成に失敗しました" />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('製造計画の作成に失敗しました');
    expect(screen.getByRole('heading', { name: 'エラーが発生しました' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('uses a custom title', () => {
    render(<ErrorBanner title="読み込みに失敗しました" message="x" />);
    expect(screen.getByRole('heading', { name: '読み込みに失敗しました' })).toBeInTheDocument();
  });

  it('calls onRetry and onDismiss from their buttons', async () => {
    const user = userEvent.setup();
    const onRetry = vi.fn();
    const onDismiss = vi.fn();
    render(<ErrorBanner message="x" onRetry={onRetry} onDismiss={onDismiss} />);

    await user.click(screen.getByRole('button', { name: '再試行' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(onDismiss).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: '閉じる' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
