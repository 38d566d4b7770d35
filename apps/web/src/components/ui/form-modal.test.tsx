import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormModal } from './form-modal.tsx';

function renderFormModal(props: Partial<Parameters<typeof FormModal>[0]> = {}) {
  const onClose = vi.fn();
  const onSubmit = vi.fn((event: FormEvent) => event.preventDefault());
  render(
    <FormModal
      open
      onClose={onClose}
      title="入荷"
      formId="receive-form"
      pending={false}
      submitLabel="入荷を登録"
      pendingLabel="登録中..."
      {...props}
    >
      <form id="receive-form" aria-label="入荷フォーム" onSubmit={onSubmit}>
        <input aria-label="数量" />
      </form>
    </FormModal>,
  );
  return { onClose, onSubmit };
}

describe('FormModal', () => {
  it('submits the form from the footer button and closes with キャンセル', async () => {
    const user = userEvent.setup();
    const { onClose, onSubmit } = renderFormModal();
    expect(screen.getByRole('dialog', { name: '入荷' })).toContainElement(screen.getByRole('form', { name: '入荷フォーム' }));

    await user.click(screen.getByRole('button', { name: '入荷を登録' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'キャンセル' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the pending label and cannot be closed or resubmitted while pending', async () => {
    const user = userEvent.setup();
    const { onClose } = renderFormModal({ pending: true });

    expect(screen.getByRole('button', { name: '登録中...' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'キャンセル' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '閉じる' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('disables only the submit button when submitDisabled', () => {
    renderFormModal({ submitDisabled: true });
    expect(screen.getByRole('button', { name: '入荷を登録' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'キャンセル' })).toBeEnabled();
  });
});
