import type { ManufacturingRecord } from '@inventory/contracts/manufacturing';
import type { Sale } from '@inventory/contracts/sales';
import { formatCount, formatYen } from '../../../lib/format.ts';
import { DashboardSection } from './dashboard-section.tsx';

/** The 5 latest manufacturing records and the 5 latest sales. */
export const RECENT_LIST_LIMIT = 5;

function EmptyLine({ text }: { text: string }) {
  return <p className="py-6 text-center text-sm text-gray-500 dark:text-gray-400">{text}</p>;
}

// Dates are shown as stored, yyyy-MM-dd.
export function RecentRecords({ records }: { records: ManufacturingRecord[] }) {
  const shown = records.slice(0, RECENT_LIST_LIMIT);
  return (
    <DashboardSection title="最近の製造記録">
      {shown.length === 0 ? (
        <EmptyLine text="製造記録はまだありません" />
      ) : (
        <ul aria-label="最近の製造記録一覧" className="divide-y divide-gray-100 dark:divide-gray-800">
          {shown.map((record) => (
            <li key={record.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2 first:pt-0 last:pb-0">
              <span className="min-w-0 truncate font-medium text-gray-900 dark:text-gray-100" title={record.product_name}>
                {record.product_name}
              </span>
              <span className="ml-auto shrink-0 text-sm text-gray-600 tabular-nums dark:text-gray-400">
                {formatCount(record.quantity)}個 ・ {record.manufacturing_date}
              </span>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}

export function RecentSales({ sales }: { sales: Sale[] }) {
  const shown = sales.slice(0, RECENT_LIST_LIMIT);
  return (
    <DashboardSection title="最近の販売">
      {shown.length === 0 ? (
        <EmptyLine text="販売記録はまだありません" />
      ) : (
        <ul aria-label="最近の販売一覧" className="divide-y divide-gray-100 dark:divide-gray-800">
          {shown.map((sale) => (
            <li key={sale.id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 py-2 first:pt-0 last:pb-0">
              <span className="min-w-0 truncate font-medium text-gray-900 dark:text-gray-100" title={sale.product_name}>
                {sale.product_name}
              </span>
              <span className="ml-auto shrink-0 text-sm text-gray-600 tabular-nums dark:text-gray-400">
                {formatCount(sale.quantity)}個 ・ <span className="font-semibold text-gray-900 dark:text-gray-100">{formatYen(sale.total_amount)}</span> ・{' '}
                {sale.sale_date}
              </span>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
