import type { Plan } from '@inventory/contracts/manufacturing';
import { CalendarRange } from 'lucide-react';
import { useMemo } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { sortPlans } from '../utils/plan-list.ts';
import { type PlanAction, PlanCard } from './plan-card.tsx';

export function PlanList({ plans, onAction }: { plans: readonly Plan[]; onAction: (action: PlanAction, plan: Plan) => void }) {
  const sorted = useMemo(() => sortPlans(plans), [plans]);
  if (sorted.length === 0) {
    return <EmptyState icon={<CalendarRange aria-hidden="true" />} message="製造計画はまだありません" hint="上のフォームから作成できます" />;
  }
  return (
    <ul aria-label="製造計画一覧" className="space-y-3">
      {sorted.map((plan) => (
        <PlanCard key={plan.id} plan={plan} onAction={onAction} />
      ))}
    </ul>
  );
}
