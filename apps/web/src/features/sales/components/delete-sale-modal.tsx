import type { Sale } from '@inventory/contracts/sales';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
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
    <ConfirmModal
      open
      onClose={onClose}
      title="売上記録の削除"
      onConfirm={handleConfirm}
      pending={remove.isPending}
      confirmLabel="削除"
      pendingLabel="削除中..."
      variant="danger"
    >
      <p>
        次の売上記録を削除しますか？
        <br />
        この操作は取り消せません。
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg bg-gray-50 px-3 py-2 dark:bg-gray-800/60">
        <dt className="text-gray-500 dark:text-gray-400">商品名</dt>
        <dd className="font-medium break-words text-gray-900 dark:text-gray-100">{sale.product_name}</dd>
        <dt className="text-gray-500 dark:text-gray-400">数量</dt>
        <dd>{formatQuantity(sale.quantity)}</dd>
        <dt className="text-gray-500 dark:text-gray-400">合計金額</dt>
        <dd>{formatYen(sale.total_amount)}</dd>
        <dt className="text-gray-500 dark:text-gray-400">販売日</dt>
        <dd>{sale.sale_date}</dd>
      </dl>
      {/* A deleted product has no stock to return to. */}
      {sale.product_id !== null ? <p>販売数量（{formatQuantity(sale.quantity)}）は商品の在庫に戻ります。</p> : null}
    </ConfirmModal>
  );
}
