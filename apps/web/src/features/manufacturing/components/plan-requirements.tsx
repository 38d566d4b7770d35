import type { Plan } from '@inventory/contracts/manufacturing';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { formatIsoDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { usePlanRequirements } from '../api/get-plan-requirements.ts';
import { useOrderPlanShortages } from '../api/order-plan-shortages.ts';
import { defaultDeliveryDate, notifyShortageOrders } from '../utils/shortage-orders.ts';
import { RequirementsTable } from './requirements-table.tsx';

/**
 * What an expanded plan card shows: recipe × remaining quantity against stock. The query stays
 * mounted while the card is collapsed, so a second expansion shows the cached answer.
 */
export function PlanRequirements({ plan, expanded }: { plan: Plan; expanded: boolean }) {
  const requirements = usePlanRequirements(plan.id, { enabled: expanded });
  const orderShortages = useOrderPlanShortages();

  if (!expanded) return null;
  if (!requirements.data) return <LoadingSpinner size="sm" label="必要部品を計算中..." className="justify-start py-2" />;

  const handleOrderShortages = (expectedDeliveryDate: string) =>
    orderShortages.mutate(
      { planId: plan.id, expectedDeliveryDate },
      {
        onSuccess: notifyShortageOrders,
        onError: (error) => notify.error(error.message),
      },
    );

  return (
    <RequirementsTable
      result={requirements.data}
      caption={`「${plan.product_name}」の必要部品`}
      deliveryDate={defaultDeliveryDate(plan.start_date, formatIsoDate(new Date()))}
      onOrderShortages={handleOrderShortages}
      ordering={orderShortages.isPending}
    />
  );
}
