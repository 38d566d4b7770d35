import { loadOnRender } from '../../../lib/load-on-render.tsx';

// The dialogs of 部品管理 load when they first open: their forms (react-hook-form, zod), the tag
// picker and Headless UI would otherwise be part of the screen's first download when it is
// opened directly.
export const PartFormModal = loadOnRender(async () => (await import('./part-form-modal.tsx')).PartFormModal);
export const ReceiveStockModal = loadOnRender(async () => (await import('./receive-stock-modal.tsx')).ReceiveStockModal);
export const CreateOrderModal = loadOnRender(async () => (await import('./create-order-modal.tsx')).CreateOrderModal);
export const DeletePartDialog = loadOnRender(async () => (await import('./delete-part-dialog.tsx')).DeletePartDialog);
export const PartDetailModal = loadOnRender(async () => (await import('./part-detail-modal.tsx')).PartDetailModal);
export const CsvImportModal = loadOnRender(async () => (await import('./csv-import-modal.tsx')).CsvImportModal);
