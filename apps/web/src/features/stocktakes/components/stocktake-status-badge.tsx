import { STOCKTAKE_STATUS_LABELS, type StocktakeStatus } from '@inventory/contracts/stocktake-texts';
import clsx from 'clsx';

const STATUS_CLASSES: Record<StocktakeStatus, string> = {
  counting: 'bg-blue-100 text-blue-800 dark:bg-blue-900/60 dark:text-blue-100',
  committed: 'bg-green-100 text-green-800 dark:bg-green-900/60 dark:text-green-100',
  cancelled: 'bg-gray-200 text-gray-700 dark:bg-gray-700 dark:text-gray-100',
};

export function StocktakeStatusBadge({ status }: { status: StocktakeStatus }) {
  return <span className={clsx('inline-flex shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium', STATUS_CLASSES[status])}>{STOCKTAKE_STATUS_LABELS[status]}</span>;
}

/** N / M 件 with a bar: how much of the stocktake is counted. */
export function CountProgress({ counted, total }: { counted: number; total: number }) {
  const percent = total === 0 ? 100 : Math.round((counted / total) * 100);
  return (
    <div className="min-w-0">
      <p className="text-sm text-gray-700 tabular-nums dark:text-gray-200">
        <span className="text-lg font-semibold text-gray-900 dark:text-gray-50">{counted.toLocaleString('ja-JP')}</span> / {total.toLocaleString('ja-JP')} 件
      </p>
      <div
        role="progressbar"
        aria-label="数えた品目"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={counted}
        className="mt-1 h-2 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
      >
        <div className="h-full rounded-full bg-blue-600 dark:bg-blue-400" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
