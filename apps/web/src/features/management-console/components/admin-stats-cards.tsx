import type { AdminStats } from '@inventory/contracts/management-console';
import { Boxes, Building2, Factory, Package, ReceiptText, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCount } from '../../../lib/format.ts';

const iconClass = 'h-5 w-5';

function toCards(stats: AdminStats): Array<{ title: string; value: string; icon: ReactNode }> {
  return [
    { title: '総ユーザー数', value: `${formatCount(stats.totalUsers)}人`, icon: <Users className={iconClass} /> },
    { title: '総部品数', value: `${formatCount(stats.totalParts)}件`, icon: <Boxes className={iconClass} /> },
    { title: '総商品数', value: `${formatCount(stats.totalProducts)}件`, icon: <Package className={iconClass} /> },
    { title: '総ワークスペース数', value: `${formatCount(stats.totalWorkspaces)}件`, icon: <Building2 className={iconClass} /> },
    { title: '製造記録数', value: `${formatCount(stats.totalManufacturingRecords)}件`, icon: <Factory className={iconClass} /> },
    { title: '販売記録数', value: `${formatCount(stats.totalSalesRecords)}件`, icon: <ReceiptText className={iconClass} /> },
  ];
}

/** The six system-wide counts: two per row on phones, three from 768 px, six from 1280 px. */
export function AdminStatsCards({ stats }: { stats: AdminStats }) {
  return (
    <ul aria-label="システム統計" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
      {toCards(stats).map((card) => (
        <li
          key={card.title}
          aria-label={card.title}
          className="rounded-xl border border-gray-200 bg-white p-3 sm:p-4 dark:border-gray-800 dark:bg-gray-900"
        >
          <div className="flex items-center justify-between gap-2 text-gray-500 dark:text-gray-400">
            <p className="text-xs font-medium">{card.title}</p>
            <span aria-hidden="true" className="shrink-0">
              {card.icon}
            </span>
          </div>
          <p className="mt-1 truncate text-xl font-bold text-gray-900 tabular-nums sm:text-2xl dark:text-gray-100" title={card.value}>
            {card.value}
          </p>
        </li>
      ))}
    </ul>
  );
}
