import clsx from 'clsx';
import { formatCount } from '../../../lib/format.ts';

/** Shown until the batch capacity call answers. */
export const CAPACITY_PENDING_LABEL = '計算中...';

/** A product's manufacturable count; null while it is being computed. */
export function ManufacturableCount({ count }: { count: number | null }) {
  if (count === null) return <span className="text-gray-500 dark:text-gray-400">{CAPACITY_PENDING_LABEL}</span>;
  return <span className={clsx('tabular-nums', count === 0 && 'text-gray-500 dark:text-gray-400')}>{formatCount(count)}個</span>;
}
