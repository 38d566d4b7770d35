import type { Order } from '@inventory/contracts/orders';
import { DeleteConfirmModal } from '../../../components/ui/delete-confirm-modal.tsx';
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
    <DeleteConfirmModal
      title="発注の削除"
      question="次の発注を削除しますか？"
      consequence="この操作は取り消せません。"
      facts={[
        { label: '部品名', value: order.part_name },
        { label: '発注数量', value: formatQuantity(order.quantity) },
        { label: '発注日', value: formatFullDate(order.order_date) },
      ]}
      onConfirm={handleConfirm}
      pending={remove.isPending}
      onClose={onClose}
    />
  );
}
