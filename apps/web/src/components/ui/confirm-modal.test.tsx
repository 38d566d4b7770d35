import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmModal } from './confirm-modal.tsx';

function renderConfirmModal(props: Partial<Parameters<typeof ConfirmModal>[0]> = {}) {
  const onClose = vi.fn();
  const onConfirm = vi.fn();
  render(
    <ConfirmModal
      open
      onClose={onClose}
      title="部品の削除"
      onConfirm={onConfirm}
      pending={false}
      confirmLabel="削除"
      pendingLabel="削除中..."
      {...props}
    >
      <p>部品「ネジ」を削除しますか？</p>
    </ConfirmModal>,
  );
  return { onClose, onConfirm };
}

describe('ConfirmModal', () => {
  it('shows the question and confirms or cancels from the footer', async () => {
    const user = userEvent.setup();
    const { onClose, onConfirm } = renderConfirmModal();
    expect(screen.getByRole('dialog', { name: '部品の削除' })).toHaveTextContent('部品「ネジ」を削除しますか？');

    await user.click(screen.getByRole('button', { name: '削除' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the pending label and cannot be closed or confirmed again while pending', async () => {
    const user = userEvent.setup();
    const { onClose } = renderConfirmModal({ pending: true });

    expect(screen.getByRole('button', { name: '削除中...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'キャンセル' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '閉じる' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('styles the action as danger or primary', () => {
    renderConfirmModal({ variant: 'danger' });
    expect(screen.getByRole('button', { name: '削除' })).toHaveClass('bg-red-600');
  });

  it('defaults to a primary action', () => {
    renderConfirmModal({ confirmLabel: '納入処理する' });
    expect(screen.getByRole('button', { name: '納入処理する' })).toHaveClass('bg-blue-600');
  });

  it('shows the error under the body', () => {
    renderConfirmModal({ error: <p role="alert">削除できませんでした</p> });
    expect(screen.getByRole('dialog', { name: '部品の削除' })).toContainElement(screen.getByRole('alert'));
  });
});
