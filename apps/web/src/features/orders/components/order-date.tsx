import clsx from 'clsx';
import { formatFullDate, formatShortDate } from '../../../lib/format.ts';

const NO_DELIVERY_DATE_LABEL = '未設定';

/**
 * An order or expected delivery date: M月d日, with the year when it is not `today`'s year, the
 * full date as its tooltip; red when the order is late; 未設定 without a date.
 */
export function OrderDate({ date, today, late = false, className }: { date: string | null; today: Date; late?: boolean; className?: string }) {
  if (!date) return <span className={clsx('text-gray-500 dark:text-gray-400', className)}>{NO_DELIVERY_DATE_LABEL}</span>;
  return (
    <time dateTime={date} title={formatFullDate(date)} className={clsx(late && 'font-medium text-red-700 dark:text-red-400', className)}>
      {formatShortDate(date, today)}
    </time>
  );
}
