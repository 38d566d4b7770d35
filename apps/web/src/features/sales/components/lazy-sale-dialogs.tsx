import { loadOnRender } from '../../../lib/load-on-render.tsx';

// The dialogs of 販売管理 load when they first open, so the screen opened directly does not
// download their forms and Headless UI before it shows.
export const EditSaleModal = loadOnRender(async () => (await import('./edit-sale-modal.tsx')).EditSaleModal);
export const DeleteSaleModal = loadOnRender(async () => (await import('./delete-sale-modal.tsx')).DeleteSaleModal);
