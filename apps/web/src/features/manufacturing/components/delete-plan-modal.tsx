import type { Plan } from '@inventory/contracts/manufacturing';
import { ConfirmModal } from '../../../components/ui/confirm-modal.tsx';
import { formatFullDate, formatQuantity } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { DELETE_PLAN_MESSAGES, useDeletePlan } from '../api/delete-plan.ts';

/** Delete confirmation showing the product, quantity and period of the plan. */
export function DeletePlanModal({ plan, onClose }: { plan: Plan; onClose: () => void }) {
  const remove = useDeletePlan();

  const handleConfirm = () =>
    remove.mutate(plan.id, {
      onSuccess: () => notify.success(DELETE_PLAN_MESSAGES.success(plan.product_name)),
      onError: (error) => notify.error(error.message),
      onSettled: onClose,
    });

  return (
    <ConfirmModal
      open
      onClose={onClose}
      title="製造計画の削除"
      onConfirm={handleConfirm}
      pending={remove.isPending}
      confirmLabel="削除"
      pendingLabel="削除中..."
      variant="danger"
    >
      <p>
        次の製造計画を削除しますか？
        <br />
        この操作は取り消せません。製造記録は残ります。
      </p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 rounded-lg bg-gray-50 px-3 py-2 dark:bg-gray-800/60">
        <dt className="text-gray-500 dark:text-gray-400">商品名</dt>
        <dd className="font-medium break-words text-gray-900 dark:text-gray-100">{plan.product_name}</dd>
        <dt className="text-gray-500 dark:text-gray-400">数量</dt>
        <dd>{formatQuantity(plan.quantity)}</dd>
        <dt className="text-gray-500 dark:text-gray-400">期間</dt>
        <dd>
          {formatFullDate(plan.start_date)} 〜 {formatFullDate(plan.end_date)}
        </dd>
      </dl>
    </ConfirmModal>
  );
}
