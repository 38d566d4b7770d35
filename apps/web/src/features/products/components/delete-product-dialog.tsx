import type { Product } from '@inventory/contracts/products';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { notify } from '../../../lib/notify.ts';
import { DELETE_PRODUCT_MESSAGES, useDeleteProduct } from '../api/delete-product.ts';

/** Asks before deleting; sales and manufacturing records stay (they keep the product's name). */
export function DeleteProductDialog({ product, onClose }: { product: Product; onClose: () => void }) {
  const deleteProduct = useDeleteProduct();

  const handleDelete = () =>
    deleteProduct.mutate(product.id, {
      onSuccess: () => {
        notify.success(DELETE_PRODUCT_MESSAGES.success(product.name));
        onClose();
      },
      onError: (error) => notify.error(error.message),
    });

  return (
    <ConfirmModal
      open
      onClose={onClose}
      title="商品の削除"
      onConfirm={handleDelete}
      pending={deleteProduct.isPending}
      confirmLabel="削除"
      pendingLabel="削除中..."
      variant="danger"
      error={deleteProduct.error ? <ErrorBanner title="削除できませんでした" message={deleteProduct.error.message} /> : null}
    >
      <p className="text-gray-700 dark:text-gray-200">
        商品「<span className="font-semibold break-all">{product.name}</span>」を削除しますか？
      </p>
      <p className="text-gray-500 dark:text-gray-400">
        レシピと製造計画も削除されます。販売と製造の記録は商品名とともに残ります。この操作は取り消せません。
      </p>
    </ConfirmModal>
  );
}
