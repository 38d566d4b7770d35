import type { Product } from '@inventory/contracts/products';
import { DeleteConfirmModal } from '../../../components/ui/delete-confirm-modal.tsx';
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
    <DeleteConfirmModal
      title="商品の削除"
      question={
        <>
          商品「<span className="font-semibold break-all">{product.name}</span>」を削除しますか？
        </>
      }
      consequence="レシピと製造計画も削除されます。販売と製造の記録は商品名とともに残ります。この操作は取り消せません。"
      onConfirm={handleDelete}
      pending={deleteProduct.isPending}
      error={deleteProduct.error}
      onClose={onClose}
    />
  );
}
