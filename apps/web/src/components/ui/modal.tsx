import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import clsx from 'clsx';
import type { ReactNode } from 'react';
import { CloseButton } from './close-button.tsx';

export type ModalSize = 'sm' | 'md' | 'lg' | 'xl' | 'full';

const SIZE_CLASSES: Record<ModalSize, string> = {
  sm: 'md:max-w-sm',
  md: 'md:max-w-lg',
  lg: 'md:max-w-2xl',
  xl: 'md:max-w-4xl',
  full: 'md:max-w-[calc(100vw-2rem)] md:h-[calc(100dvh-2rem)]',
};

export function Modal({
  open,
  onClose,
  title,
  size = 'md',
  children,
  footer,
  closeDisabled = false,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  size?: ModalSize;
  children: ReactNode;
  footer?: ReactNode;
  closeDisabled?: boolean;
}) {
  // Headless UI calls onClose for Escape and outside clicks; ignoring it keeps a pending request's modal open.
  const handleClose = () => {
    if (!closeDisabled) onClose();
  };

  return (
    <Dialog open={open} onClose={handleClose} className="relative z-50">
      <div className="fixed inset-0 flex bg-black/50 md:items-center md:justify-center md:p-4">
        <DialogPanel
          className={clsx(
            'flex h-full w-full flex-col bg-white text-gray-900 shadow-xl dark:bg-gray-900 dark:text-gray-100',
            'md:h-auto md:max-h-[calc(100dvh-2rem)] md:rounded-xl md:ring-1 md:ring-black/5 dark:md:ring-white/10',
            SIZE_CLASSES[size],
          )}
        >
          <header className="flex items-center justify-between gap-4 border-b border-gray-200 px-4 py-3 md:px-6 dark:border-gray-700">
            <DialogTitle className="min-w-0 truncate text-lg font-semibold">{title}</DialogTitle>
            <CloseButton onClick={onClose} disabled={closeDisabled} />
          </header>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-4 md:px-6">{children}</div>
          {footer && (
            <footer className="flex flex-wrap justify-end gap-2 border-t border-gray-200 px-4 py-3 md:px-6 dark:border-gray-700">
              {footer}
            </footer>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  );
}
