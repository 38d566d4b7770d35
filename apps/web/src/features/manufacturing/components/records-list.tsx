import type { ManufacturingRecord } from '@inventory/contracts/manufacturing';
import { Factory } from 'lucide-react';
import { useMemo } from 'react';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { formatQuantity } from '../../../lib/format.ts';
import { DESKTOP_TABLE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { sortRecords } from '../utils/record-list.ts';

// Dates other than plan dates are shown as yyyy-MM-dd, as stored.

/** 製造記録 (recent): product name, quantity, date, notes; a table on desktop, cards on phones. */
export function RecordsList({ records }: { records: readonly ManufacturingRecord[] }) {
  const desktop = useMediaQuery(DESKTOP_TABLE_QUERY);
  const sorted = useMemo(() => sortRecords(records), [records]);
  if (sorted.length === 0) {
    return (
      <EmptyState
        icon={<Factory aria-hidden="true" />}
        message="製造記録はまだありません"
        hint="ダッシュボードや商品管理の「製造」から記録できます"
      />
    );
  }
  return desktop ? <RecordsTable records={sorted} /> : <RecordCards records={sorted} />;
}

function RecordsTable({ records }: { records: readonly ManufacturingRecord[] }) {
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <table className="min-w-full divide-y divide-gray-200 text-sm dark:divide-gray-800">
        <caption className="sr-only">製造記録</caption>
        <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-600 dark:bg-gray-800/60 dark:text-gray-300">
          <tr>
            <th scope="col" className="px-4 py-3">商品名</th>
            <th scope="col" className="px-4 py-3 text-right">数量</th>
            <th scope="col" className="px-4 py-3">製造日</th>
            <th scope="col" className="px-4 py-3">備考</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 text-gray-800 dark:divide-gray-800 dark:text-gray-200">
          {records.map((record) => (
            <tr key={record.id}>
              <th scope="row" className="max-w-xs truncate px-4 py-3 text-left font-medium text-gray-900 dark:text-gray-100" title={record.product_name}>
                {record.product_name}
              </th>
              <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{formatQuantity(record.quantity)}</td>
              <td className="px-4 py-3 whitespace-nowrap tabular-nums">
                <time dateTime={record.manufacturing_date}>{record.manufacturing_date}</time>
              </td>
              <td className="max-w-md px-4 py-3 break-words whitespace-pre-line text-gray-600 dark:text-gray-400">{record.notes}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RecordCards({ records }: { records: readonly ManufacturingRecord[] }) {
  return (
    <ul aria-label="製造記録" className="space-y-3">
      {records.map((record) => (
        <li key={record.id} className="rounded-xl border border-gray-200 bg-white p-4 text-sm dark:border-gray-800 dark:bg-gray-900">
          <div className="flex items-start justify-between gap-3">
            <p className="min-w-0 font-medium break-words text-gray-900 dark:text-gray-100">{record.product_name}</p>
            <span className="shrink-0 font-medium tabular-nums">{formatQuantity(record.quantity)}</span>
          </div>
          <p className="mt-1 text-gray-600 tabular-nums dark:text-gray-400">
            <time dateTime={record.manufacturing_date}>{record.manufacturing_date}</time>
          </p>
          {record.notes ? (
            <p className="mt-2 break-words whitespace-pre-line text-gray-600 dark:text-gray-400">{record.notes}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
