import type { Plan } from '@inventory/contracts/manufacturing';
import { isPlanOverdue, PLAN_OVERDUE_LABEL, PLAN_STATUS_LABELS, type PlanStatus } from '@inventory/contracts/plan-texts';
import clsx from 'clsx';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatCount, formatFullDate, formatIsoDate } from '../../../lib/format.ts';
import { DashboardSection } from './dashboard-section.tsx';

/** At most 5 plans. */
export const DASHBOARD_PLAN_LIMIT = 5;

// Active green, completed blue, anything else shown as cancelled (grey).
const STATUS_CLASSES: Record<PlanStatus, string> = {
  active: 'bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-900/40 dark:text-green-300 dark:ring-green-400/30',
  completed: 'bg-blue-100 text-blue-800 ring-blue-600/20 dark:bg-blue-900/40 dark:text-blue-300 dark:ring-blue-400/30',
  cancelled: 'bg-gray-100 text-gray-700 ring-gray-500/20 dark:bg-gray-800 dark:text-gray-300 dark:ring-gray-400/30',
};

const statusKind = (status: string): PlanStatus => (status === 'active' || status === 'completed' ? status : 'cancelled');

const BADGE_CLASSES = 'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset';
/** Beside the status of an active plan whose end date has passed. */
const OVERDUE_CLASSES = 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-900/40 dark:text-red-300 dark:ring-red-400/30';

/** The plans of the days around today (the answer's ±3-day window), at most 5, and a link to 製造計画. */
export function PlanList({ plans, className }: { plans: Plan[]; className?: string }) {
  const shown = plans.slice(0, DASHBOARD_PLAN_LIMIT);
  const today = formatIsoDate(new Date());
  return (
    <DashboardSection
      title="製造計画"
      className={className}
      action={
        <Link to={paths.manufacturing} className="text-sm font-medium text-blue-600 hover:underline dark:text-blue-400">
          すべて表示
        </Link>
      }
    >
      {shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-gray-500 dark:text-gray-400">前後3日間の製造計画はありません</p>
      ) : (
        <ul aria-label="製造計画一覧" className="divide-y divide-gray-100 dark:divide-gray-800">
          {shown.map((plan) => {
            const kind = statusKind(plan.status);
            return (
              <li key={plan.id} className="py-2.5 first:pt-0 last:pb-0">
                <div className="flex items-start justify-between gap-2">
                  <p className="min-w-0 font-medium break-all text-gray-900 dark:text-gray-100">{plan.product_name}</p>
                  <span className="flex shrink-0 flex-wrap justify-end gap-1">
                    <span className={clsx(BADGE_CLASSES, STATUS_CLASSES[kind])}>{PLAN_STATUS_LABELS[kind]}</span>
                    {isPlanOverdue(plan, today) && <span className={clsx(BADGE_CLASSES, OVERDUE_CLASSES)}>{PLAN_OVERDUE_LABEL}</span>}
                  </span>
                </div>
                <p className="mt-0.5 text-sm text-gray-600 dark:text-gray-400">
                  {formatFullDate(plan.start_date)} 〜 {formatFullDate(plan.end_date)}
                </p>
                <p className="text-sm text-gray-600 tabular-nums dark:text-gray-400">
                  残り {formatCount(plan.remaining_quantity)}個 / 計画 {formatCount(plan.quantity)}個
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </DashboardSection>
  );
}
