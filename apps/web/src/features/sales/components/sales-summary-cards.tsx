import type { SalesSummary } from '@inventory/contracts/sales';
import clsx from 'clsx';
import { formatCount, formatMargin, formatYen } from '../../../lib/format.ts';
import { profitToneClass } from '../utils/sales-display.ts';

interface SummaryCard {
  title: string;
  value: string;
  toneClass?: string;
}

function toCards(summary: SalesSummary): SummaryCard[] {
  return [
    { title: '総売上', value: formatYen(summary.total_sales) },
    { title: '総原価', value: formatYen(summary.total_cost) },
    { title: '総利益', value: formatYen(summary.total_profit), toneClass: profitToneClass(summary.total_profit) },
    { title: '利益率', value: formatMargin(summary.profit_margin), toneClass: profitToneClass(summary.profit_margin) },
    { title: '取引件数', value: `${formatCount(summary.total_transactions)}件` },
    { title: '平均取引額', value: formatYen(summary.average_transaction) },
  ];
}

/** The six summary cards of the filtered period: two per row on phones, six in a row from 1280 px. */
export function SalesSummaryCards({ summary, stale }: { summary: SalesSummary; stale: boolean }) {
  return (
    <ul
      aria-label="売上サマリー"
      aria-busy={stale}
      className={clsx('grid grid-cols-2 gap-3 transition-opacity md:grid-cols-3 xl:grid-cols-6', stale && 'opacity-60')}
    >
      {toCards(summary).map((card) => (
        <li
          key={card.title}
          aria-label={card.title}
          className="rounded-xl border border-gray-200 bg-white p-4 dark:border-gray-800 dark:bg-gray-900"
        >
          <p className="text-xs font-medium text-gray-500 dark:text-gray-400">{card.title}</p>
          <p
            className={clsx(
              'mt-1 truncate text-xl font-bold tabular-nums sm:text-2xl',
              card.toneClass ?? 'text-gray-900 dark:text-gray-100',
            )}
            title={card.value}
          >
            {card.value}
          </p>
        </li>
      ))}
    </ul>
  );
}
