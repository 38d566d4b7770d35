import type { StockMovement } from '@inventory/contracts/parts';
import { STOCK_REASON_LABELS, type StockReason } from '@inventory/contracts/stock-reasons';
import type { UseQueryResult } from '@tanstack/react-query';
import clsx from 'clsx';
import { formatCount, formatDateTime, formatSignedCount } from '../../lib/format.ts';
import { ErrorBanner } from './error-banner.tsx';
import { LoadingSpinner } from './loading-spinner.tsx';

const EMPTY = <span className="text-gray-400 dark:text-gray-500">-</span>;
const TABLE_HEAD = 'px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-gray-600 dark:text-gray-300';
const TABLE_CELL = 'px-3 py-2 whitespace-nowrap';

/** 備考: the reason of a count or an edit (破損, 棚卸差異, …) before the note. */
function remarkOf(movement: StockMovement): string | null {
  const reason = movement.reason ? (STOCK_REASON_LABELS[movement.reason as StockReason] ?? movement.reason) : null;
  if (reason && movement.note) return `${reason}: ${movement.note}`;
  return reason ?? movement.note;
}

// Newest first; rows written in the same millisecond (one transaction) keep the id order.
const newestFirst = (movements: readonly StockMovement[]) =>
  [...movements].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);

/**
 * 在庫履歴: the stock ledger of a part or a product (GET …/{id}/movements), with its loading,
 * failure and empty states. Each feature passes its own query and the Japanese names of its kinds.
 */
export function StockMovementsTable({
  movements,
  kindLabel,
  unit,
}: {
  movements: UseQueryResult<StockMovement[], Error>;
  kindLabel: (kind: string) => string;
  unit: string;
}) {
  if (movements.isPending) return <LoadingSpinner size="sm" label="在庫履歴を読み込み中..." className="justify-start py-4" />;
  if (movements.isError) return <ErrorBanner message={movements.error.message} onRetry={() => void movements.refetch()} />;
  if (movements.data.length === 0) return <p className="py-2 text-sm text-gray-500 dark:text-gray-400">在庫の履歴はありません</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-700">
      <table aria-label="在庫履歴" className="w-full text-sm">
        <thead className="bg-gray-50 dark:bg-gray-800">
          <tr>
            <th scope="col" className={TABLE_HEAD}>日時</th>
            <th scope="col" className={TABLE_HEAD}>種別</th>
            <th scope="col" className={clsx(TABLE_HEAD, 'text-right')}>増減</th>
            <th scope="col" className={clsx(TABLE_HEAD, 'text-right')}>変更後在庫</th>
            <th scope="col" className={TABLE_HEAD}>担当者</th>
            <th scope="col" className={TABLE_HEAD}>備考</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 dark:divide-gray-800">
          {newestFirst(movements.data).map((movement) => (
            <tr key={movement.id}>
              <td className={clsx(TABLE_CELL, 'tabular-nums')}>{formatDateTime(movement.created_at)}</td>
              <td className={TABLE_CELL}>{kindLabel(movement.kind)}</td>
              <td
                className={clsx(
                  TABLE_CELL,
                  'text-right font-medium tabular-nums',
                  movement.quantity_delta > 0 && 'text-green-700 dark:text-green-400',
                  movement.quantity_delta < 0 && 'text-red-700 dark:text-red-400',
                )}
              >
                {formatSignedCount(movement.quantity_delta)}
              </td>
              <td className={clsx(TABLE_CELL, 'text-right tabular-nums')}>
                {formatCount(movement.balance_after)}
                {unit}
              </td>
              <td className={TABLE_CELL}>{movement.user_name ?? EMPTY}</td>
              <td className="max-w-60 truncate px-3 py-2" title={remarkOf(movement) ?? undefined}>
                {remarkOf(movement) ?? EMPTY}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
