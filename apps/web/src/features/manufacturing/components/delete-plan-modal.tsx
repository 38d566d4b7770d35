import type { Plan } from '@inventory/contracts/manufacturing';
import { DeleteConfirmModal } from '../../../components/ui/delete-confirm-modal.tsx';
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
    <DeleteConfirmModal
      title="製造計画の削除"
      question="次の製造計画を削除しますか？"
      consequence="この操作は取り消せません。製造記録は残ります。"
      facts={[
        { label: '商品名', value: plan.product_name },
        { label: '数量', value: formatQuantity(plan.quantity) },
        { label: '期間', value: `${formatFullDate(plan.start_date)} 〜 ${formatFullDate(plan.end_date)}` },
      ]}
      onConfirm={handleConfirm}
      pending={remove.isPending}
      onClose={onClose}
    />
  );
}
