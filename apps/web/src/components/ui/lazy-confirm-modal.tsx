import { type ComponentProps, lazy, Suspense } from 'react';
import type { ConfirmModal } from './confirm-modal.tsx';

// A screen that only asks now and then (ワークスペース設定) need not bring the dialog code (Headless
// UI's Dialog and its portal, about 17 KB gzip) with its first render: it loads on the first question.
const LoadedConfirmModal = lazy(async () => ({ default: (await import('./confirm-modal.tsx')).ConfirmModal }));

/** ConfirmModal, loaded when first shown. */
export function LazyConfirmModal(props: ComponentProps<typeof ConfirmModal>) {
  return (
    <Suspense fallback={null}>
      <LoadedConfirmModal {...props} />
    </Suspense>
  );
}
