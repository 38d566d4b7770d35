import { useCallback, useState } from 'react';

/**
 * The one way a screen opens its dialogs: one state naming the open dialog (with what it is for,
 * e.g. { kind: 'edit', part }), and only that dialog mounted. Dialogs take their subject and
 * onClose and are open while mounted, so every opening starts with a fresh form.
 */
export function useModal<M>() {
  const [modal, setModal] = useState<M | null>(null);
  const closeModal = useCallback(() => setModal(null), []);
  const openModal = useCallback((next: M) => setModal(next), []);
  return { modal, openModal, closeModal };
}
