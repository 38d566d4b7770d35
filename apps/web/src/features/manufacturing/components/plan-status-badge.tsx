import { PLAN_OVERDUE_LABEL, PLAN_STATUS_LABELS } from '@inventory/contracts/plan-texts';
import clsx from 'clsx';
import { PLAN_OVERDUE_CLASSES, PLAN_STATUS_CLASSES, planStatusKind } from '../utils/plan-status.ts';

const BADGE_CLASSES = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';

export function PlanStatusBadge({ status }: { status: string }) {
  const kind = planStatusKind(status);
  return <span className={clsx(BADGE_CLASSES, PLAN_STATUS_CLASSES[kind])}>{PLAN_STATUS_LABELS[kind]}</span>;
}

/** Beside the status badge of an active plan whose end date has passed. */
export function PlanOverdueBadge() {
  return <span className={clsx(BADGE_CLASSES, PLAN_OVERDUE_CLASSES)}>{PLAN_OVERDUE_LABEL}</span>;
}
