import { loadOnRender } from '../../lib/load-on-render.tsx';

// A screen that only asks now and then (ワークスペース設定) need not bring the dialog code (Headless
// UI's Dialog and its portal, about 17 KB gzip) with its first render: it loads on the first question.
/** ConfirmModal, loaded when first shown. */
export const LazyConfirmModal = loadOnRender(async () => (await import('./confirm-modal.tsx')).ConfirmModal);
