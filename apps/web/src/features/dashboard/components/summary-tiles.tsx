import type { WorkspaceStats } from '@inventory/contracts/dashboard';
import clsx from 'clsx';
import { Boxes, JapaneseYen, Package, PackageX } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCount, formatYen } from '../../../lib/format.ts';

// A group of a <dl> may hold only its <dt> and <dd>: the icon sits inside the <dt>, placed at the
// tile's left edge (the padding keeps room for it) and centred on the two lines.
function Tile({ label, value, icon, tone }: { label: string; value: string; icon: ReactNode; tone: string }) {
  return (
    <div className="relative min-w-0 rounded-xl border border-gray-200 bg-white p-4 sm:pl-17 dark:border-gray-800 dark:bg-gray-900">
      <dt className="text-sm text-gray-500 dark:text-gray-400">
        <span
          className={clsx('absolute top-1/2 left-4 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-lg sm:flex [&>svg]:h-5 [&>svg]:w-5', tone)}
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="text-xl font-bold break-all text-gray-900 tabular-nums dark:text-gray-50">{value}</dd>
    </div>
  );
}

/** Total parts, total products, low-stock parts, and this month's revenue (yen floored). */
export function SummaryTiles({ stats, monthRevenue }: { stats: WorkspaceStats; monthRevenue: number }) {
  return (
    <section aria-label="概要">
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Tile
          label="総部品数"
          value={formatCount(stats.parts)}
          icon={<Boxes aria-hidden="true" />}
          tone="bg-blue-50 text-blue-600 dark:bg-blue-950/60 dark:text-blue-300"
        />
        <Tile
          label="総商品数"
          value={formatCount(stats.products)}
          icon={<Package aria-hidden="true" />}
          tone="bg-green-50 text-green-600 dark:bg-green-950/60 dark:text-green-300"
        />
        <Tile
          label="在庫不足の部品"
          value={formatCount(stats.lowStockParts)}
          icon={<PackageX aria-hidden="true" />}
          tone="bg-yellow-50 text-yellow-700 dark:bg-yellow-950/60 dark:text-yellow-300"
        />
        <Tile
          label="今月の売上"
          value={formatYen(monthRevenue)}
          icon={<JapaneseYen aria-hidden="true" />}
          tone="bg-purple-50 text-purple-600 dark:bg-purple-950/60 dark:text-purple-300"
        />
      </dl>
    </section>
  );
}
