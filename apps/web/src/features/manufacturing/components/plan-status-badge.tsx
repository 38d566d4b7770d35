import { PLAN_STATUS_LABELS } from '@inventory/contracts/plan-texts';
import clsx from 'clsx';
import { PLAN_STATUS_CLASSES, planStatusKind } from '../utils/plan-status.ts';

export function PlanStatusBadge({ status }: { status: string }) {
  const kind = planStatusKind(status);
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        PLAN_STATUS_CLASSES[kind],
      )}
    >
      {PLAN_STATUS_LABELS[kind]}
    </span>
  );
}
