import { loadOnRender } from '../../../lib/load-on-render.tsx';

// The dialogs of 発注管理 load when they first open, so the screen opened directly does not
// download their forms and Headless UI before it shows.
export const OrderStatusModal = loadOnRender(async () => (await import('./order-status-modal.tsx')).OrderStatusModal);
export const DeliverOrderModal = loadOnRender(async () => (await import('./deliver-order-modal.tsx')).DeliverOrderModal);
export const DeleteOrderModal = loadOnRender(async () => (await import('./delete-order-modal.tsx')).DeleteOrderModal);
