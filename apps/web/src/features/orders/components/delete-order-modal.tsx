import type { Order } from '@inventory/contracts/orders';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { formatFullDate, formatQuantity } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { DELETE_ORDER_MESSAGES, useDeleteOrder } from '../api/delete-order.ts';

/** Delete confirmation showing part name, quantity and order date. */
export function DeleteOrderModal({ order, onClose }: { order: Order; onClose: () => void }) {
  const remove = useDeleteOrder();

  const handleConfirm = () => {
    remove.mutate(order.id, {
      onSuccess: () => notify.success(DELETE_ORDER_MESSAGES.success(order.part_name)),
      onError: (error) => notify.error(error.message),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmModal
      open
      onClose={onClose}
      title="発注の削除"
      onConfirm={handleConfirm}
      pending={remove.isPending}
      confirmLabel="削除"
      pendingLabel="削除中..."
      variant="danger"
    >
      <p>
        次の発注を削除しますか？
        <br />
        この操作は取り消せません。
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg bg-gray-50 px-3 py-2 dark:bg-gray-800/60">
        <dt className="text-gray-500 dark:text-gray-400">部品名</dt>
        <dd className="font-medium break-words text-gray-900 dark:text-gray-100">{order.part_name}</dd>
        <dt className="text-gray-500 dark:text-gray-400">発注数量</dt>
        <dd>{formatQuantity(order.quantity)}</dd>
        <dt className="text-gray-500 dark:text-gray-400">発注日</dt>
        <dd>{formatFullDate(order.order_date)}</dd>
      </dl>
    </ConfirmModal>
  );
}
