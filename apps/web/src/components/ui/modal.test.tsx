import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './modal.tsx';

function renderModal(props: Partial<Parameters<typeof Modal>[0]> = {}) {
  const onClose = vi.fn();
  const view = render(
    <Modal open onClose={onClose} title="部品を追加" footer={<button type="button">保存</button>} {...props}>
      <p>本文</p>
    </Modal>,
  );
  return { onClose, ...view };
}

// The dimmed overlay is the dialog's first child; the panel sits inside it.
function overlay() {
  const element = screen.getByRole('dialog').firstElementChild;
  if (!element) throw new Error('overlay not rendered');
  return element;
}

describe('Modal', () => {
  it('is a modal dialog named by its title, with body and footer', () => {
    renderModal();
    const dialog = screen.getByRole('dialog', { name: '部品を追加' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByText('本文')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存' })).toBeInTheDocument();
  });

  it('renders nothing when closed', () => {
    renderModal({ open: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes on Escape, on an overlay click and with the close button', async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal();

    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);

    await user.click(overlay());
    expect(onClose).toHaveBeenCalledTimes(2);

    await user.click(screen.getByRole('button', { name: '閉じる' }));
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('does not close on a click inside the panel', async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal();
    await user.click(screen.getByText('本文'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('ignores Escape and overlay clicks and disables the close button while closeDisabled', async () => {
    const user = userEvent.setup();
    const { onClose } = renderModal({ closeDisabled: true });

    await user.keyboard('{Escape}');
    await user.click(overlay());
    expect(screen.getByRole('button', { name: '閉じる' })).toBeDisabled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('locks page scroll while open and releases it when closed', async () => {
    const { rerender } = renderModal();
    await waitFor(() => expect(document.documentElement.style.overflow).toBe('hidden'));

    rerender(
      <Modal open={false} onClose={() => {}} title="部品を追加">
        <p>本文</p>
      </Modal>,
    );
    await waitFor(() => expect(document.documentElement.style.overflow).toBe(''));
  });
});
