import type { Order } from '@inventory/contracts/orders';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { formatQuantity } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { DELIVER_ORDER_MESSAGES, useDeliverOrder } from '../api/deliver-order.ts';

/** Asks before delivering: the stock of the part is updated automatically. */
export function DeliverOrderModal({
  order,
  onClose,
}: {
  order: Order;
  onClose: () => void;
}) {
  const deliver = useDeliverOrder();

  const handleConfirm = () => {
    deliver.mutate(order.id, {
      onSuccess: () => notify.success(DELIVER_ORDER_MESSAGES.success(order.part_name)),
      onError: (error) => notify.error(error.message),
      onSettled: onClose,
    });
  };

  return (
    <ConfirmModal
      open
      onClose={onClose}
      title="納入処理"
      onConfirm={handleConfirm}
      pending={deliver.isPending}
      confirmLabel="納入処理する"
      pendingLabel="処理中..."
    >
      <p>
        発注「<span className="font-medium text-gray-900 dark:text-gray-100">{order.part_name}</span>」（
        {formatQuantity(order.quantity)}）を納入済みにしますか？
      </p>
      <p className="rounded-lg border border-blue-200 bg-blue-50 px-3 py-2 text-blue-800 dark:border-blue-800 dark:bg-blue-950/40 dark:text-blue-200">
        在庫が自動的に更新されます（+{formatQuantity(order.quantity)}）。納入済みの発注は後から変更・削除できません。
      </p>
    </ConfirmModal>
  );
}
