import type { ComponentProps } from 'react';
import { Button } from '../form/button.tsx';
import { Modal } from './modal.tsx';

/**
 * A modal holding one form, with キャンセル and a submit button in the footer. The form is a
 * child rendered by the caller with `id={formId}`; the footer button submits it through the
 * `form` attribute, so the footer stays visible while the form scrolls.
 */
export function FormModal({
  formId,
  pending,
  submitLabel,
  pendingLabel,
  submitDisabled = false,
  onClose,
  children,
  ...modalProps
}: Omit<ComponentProps<typeof Modal>, 'footer' | 'closeDisabled'> & {
  formId: string;
  /** While the request runs the modal cannot be closed and both buttons are disabled. */
  pending: boolean;
  submitLabel: string;
  pendingLabel: string;
  submitDisabled?: boolean;
}) {
  return (
    <Modal
      {...modalProps}
      onClose={onClose}
      closeDisabled={pending}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            キャンセル
          </Button>
          <Button type="submit" form={formId} disabled={pending || submitDisabled}>
            {pending ? pendingLabel : submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
