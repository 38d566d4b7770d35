import { loadOnRender } from '../../../lib/load-on-render.tsx';

// The dialogs of 商品管理 load when they first open: their forms (react-hook-form, zod), the
// recipe editor's part selector and Headless UI's combobox would otherwise be part of the screen's
// first download when it is opened directly.
export const ProductFormModal = loadOnRender(async () => (await import('./product-form-modal.tsx')).ProductFormModal);
export const RecipeModal = loadOnRender(async () => (await import('./recipe-modal.tsx')).RecipeModal);
export const ManufactureModal = loadOnRender(async () => (await import('./manufacture-modal.tsx')).ManufactureModal);
export const SellModal = loadOnRender(async () => (await import('./sell-modal.tsx')).SellModal);
export const CopyProductModal = loadOnRender(async () => (await import('./copy-product-modal.tsx')).CopyProductModal);
export const DeleteProductDialog = loadOnRender(async () => (await import('./delete-product-dialog.tsx')).DeleteProductDialog);
export const ProductDetailModal = loadOnRender(async () => (await import('./product-detail-modal.tsx')).ProductDetailModal);
