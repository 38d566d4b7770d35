import type { Sale } from '@inventory/contracts/sales';
import { DeleteConfirmModal } from '../../../components/ui/delete-confirm-modal.tsx';
import { formatQuantity, formatYen } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { DELETE_SALE_MESSAGES, useDeleteSale } from '../api/delete-sale.ts';

/** Asks before deleting a sale, naming it and saying that its quantity goes back to stock. */
export function DeleteSaleModal({ sale, onClose }: { sale: Sale; onClose: () => void }) {
  const remove = useDeleteSale();

  const handleConfirm = () => {
    remove.mutate(sale.id, {
      onSuccess: () => notify.success(DELETE_SALE_MESSAGES.success),
      onError: (error) => notify.error(error.message),
      onSettled: onClose,
    });
  };

  return (
    <DeleteConfirmModal
      title="売上記録の削除"
      question="次の売上記録を削除しますか？"
      consequence="この操作は取り消せません。"
      facts={[
        { label: '商品名', value: sale.product_name },
        { label: '数量', value: formatQuantity(sale.quantity) },
        { label: '合計金額', value: formatYen(sale.total_amount) },
        { label: '販売日', value: sale.sale_date },
      ]}
      onConfirm={handleConfirm}
      pending={remove.isPending}
      onClose={onClose}
    >
      {/* A deleted product has no stock to return to. */}
      {sale.product_id !== null ? <p>販売数量（{formatQuantity(sale.quantity)}）は商品の在庫に戻ります。</p> : null}
    </DeleteConfirmModal>
  );
}
