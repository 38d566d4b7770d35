import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../form/button.tsx';
import { Modal } from './modal.tsx';

/** A small modal asking before an action: the body says what happens, the footer has キャンセル and the action. */
export function ConfirmModal({
  open,
  onClose,
  title,
  onConfirm,
  pending,
  confirmLabel,
  pendingLabel,
  variant = 'primary',
  error,
  children,
}: Pick<ComponentProps<typeof Modal>, 'open' | 'onClose' | 'title' | 'children'> & {
  onConfirm: () => void;
  /** While the request runs the modal cannot be closed and both buttons are disabled. */
  pending: boolean;
  confirmLabel: string;
  pendingLabel: string;
  /** danger for actions that cannot be undone, such as deleting. */
  variant?: 'primary' | 'danger';
  /** Shown under the body, e.g. why the server refused; the modal stays open so the user can read it. */
  error?: ReactNode;
}) {
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="sm"
      closeDisabled={pending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            キャンセル
          </Button>
          <Button variant={variant} onClick={onConfirm} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div className="space-y-3 text-sm text-gray-700 dark:text-gray-300">
        {children}
        {error}
      </div>
    </Modal>
  );
}
