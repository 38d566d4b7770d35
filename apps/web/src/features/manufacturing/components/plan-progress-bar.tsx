import type { Plan } from '@inventory/contracts/manufacturing';
import { formatCount, formatQuantity } from '../../../lib/format.ts';
import { planProgress } from '../utils/plan-progress.ts';

/** 進捗: made so far of the planned quantity, as a bar and as N / M個（P%）. */
export function PlanProgressBar({ plan }: { plan: Plan }) {
  const { completed, percentage } = planProgress(plan);
  const text = `${formatCount(completed)} / ${formatQuantity(plan.quantity)}（${percentage}%）`;
  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between gap-2 text-xs text-gray-600 dark:text-gray-400">
        <span>進捗</span>
        <span className="tabular-nums">{text}</span>
      </div>
      <div
        role="progressbar"
        aria-label={`「${plan.product_name}」の進捗`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percentage}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
      >
        <div className="h-full rounded-full bg-blue-600 dark:bg-blue-500" style={{ width: `${Math.min(100, Math.max(0, percentage))}%` }} />
      </div>
    </div>
  );
}
