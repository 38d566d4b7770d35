import type { ProductSalesStatistics } from '@inventory/contracts/sales';
import clsx from 'clsx';
import { formatCount, formatMargin, formatQuantity, formatYen } from '../../../lib/format.ts';
import { DESKTOP_TABLE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useWindowRows } from '../../../lib/use-virtual-rows.ts';
import { formatAverageUnitPrice, lossToneClass } from '../utils/sales-display.ts';
import { MobileValue } from './mobile-value.tsx';

// A deleted product's sales keep its name but lose the id: the name tells those rows apart.
const rowKey = (row: ProductSalesStatistics) => (row.product_id === null ? `name:${row.product_name}` : `id:${row.product_id}`);

/**
 * Per-product statistics of the filtered period, in the server's order: a table from 768 px, cards
 * on phones; only the rows or cards in view are drawn.
 */
export function ProductSalesTable({ rows }: { rows: readonly ProductSalesStatistics[] }) {
  const desktop = useMediaQuery(DESKTOP_TABLE_QUERY);
  return desktop ? <DesktopTable rows={rows} /> : <MobileCards rows={rows} />;
}

const HEAD = 'px-3 py-2.5 whitespace-nowrap text-right';
const NUMBER_CELL = 'px-3 py-2 text-right whitespace-nowrap tabular-nums';
const COLUMN_COUNT = 8;
/** Heights of a table row and of a card; each drawn one is measured. */
const ROW_HEIGHT = 37;
const CARD_HEIGHT = 150;

function DesktopTable({ rows }: { rows: readonly ProductSalesStatistics[] }) {
  const { listRef, ...virtual } = useWindowRows<HTMLTableSectionElement>({
    count: rows.length,
    estimateRowHeight: ROW_HEIGHT,
    getRowKey: (index) => (rows[index] ? rowKey(rows[index]) : index),
  });
  const { paddingTop, paddingBottom } = virtual;
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <table aria-label="商品別売上" aria-rowcount={rows.length + 1} className="min-w-full text-sm">
        <thead className="bg-gray-50 text-xs font-semibold text-gray-600 dark:bg-gray-800/60 dark:text-gray-300">
          <tr aria-rowindex={1}>
            <th scope="col" className="px-3 py-2.5 text-left whitespace-nowrap">商品名</th>
            <th scope="col" className={HEAD}>販売数量</th>
            <th scope="col" className={HEAD}>売上金額</th>
            <th scope="col" className={HEAD}>総原価</th>
            <th scope="col" className={HEAD}>総利益</th>
            <th scope="col" className={HEAD}>利益率</th>
            <th scope="col" className={HEAD}>平均単価</th>
            <th scope="col" className={HEAD}>取引件数</th>
          </tr>
        </thead>
        <tbody ref={listRef} className="divide-y divide-gray-100 text-gray-800 dark:divide-gray-800 dark:text-gray-200">
          {paddingTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMN_COUNT} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          )}
          {virtual.rows.map((virtualRow) => {
            const row = rows[virtualRow.index];
            if (!row) return null;
            return (
            <tr
              key={virtualRow.key}
              ref={virtual.measureRow}
              data-index={virtualRow.index}
              aria-rowindex={virtualRow.index + 2}
              className="hover:bg-gray-50 dark:hover:bg-gray-800/40"
            >
              <th scope="row" className="max-w-[16rem] truncate px-3 py-2 text-left font-medium text-gray-900 dark:text-gray-100" title={row.product_name}>
                {row.product_name}
              </th>
              <td className={NUMBER_CELL}>{formatQuantity(row.total_quantity)}</td>
              <td className={NUMBER_CELL}>{formatYen(row.total_amount)}</td>
              <td className={NUMBER_CELL}>{formatYen(row.total_cost)}</td>
              <td className={clsx(NUMBER_CELL, lossToneClass(row.total_profit))}>{formatYen(row.total_profit)}</td>
              <td className={clsx(NUMBER_CELL, lossToneClass(row.profit_margin))}>{formatMargin(row.profit_margin)}</td>
              <td className={NUMBER_CELL}>{formatAverageUnitPrice(row.avg_unit_price)}</td>
              <td className={NUMBER_CELL}>{formatCount(row.total_transactions)}件</td>
            </tr>
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMN_COUNT} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

function MobileCards({ rows }: { rows: readonly ProductSalesStatistics[] }) {
  const { listRef, ...virtual } = useWindowRows<HTMLUListElement>({
    count: rows.length,
    estimateRowHeight: CARD_HEIGHT,
    gap: 12,
    getRowKey: (index) => (rows[index] ? rowKey(rows[index]) : index),
  });
  const { paddingTop, paddingBottom } = virtual;
  return (
    <ul ref={listRef} aria-label="商品別売上" className="space-y-3" style={{ paddingTop, paddingBottom }}>
      {virtual.rows.map((virtualRow) => {
        const row = rows[virtualRow.index];
        if (!row) return null;
        return (
        <li
          key={virtualRow.key}
          {...virtual.itemProps(virtualRow)}
          className="rounded-xl border border-gray-200 bg-white p-4 text-sm dark:border-gray-800 dark:bg-gray-900">
          <div className="flex items-baseline justify-between gap-3">
            <p className="min-w-0 font-medium break-words text-gray-900 dark:text-gray-100">{row.product_name}</p>
            <p className="shrink-0 text-xs text-gray-500 tabular-nums dark:text-gray-400">取引 {formatCount(row.total_transactions)}件</p>
          </div>
          <dl className="mt-3 grid grid-cols-3 gap-x-2 gap-y-2 text-gray-800 dark:text-gray-200">
            <MobileValue label="販売数量" value={formatQuantity(row.total_quantity)} />
            <MobileValue label="売上金額" value={formatYen(row.total_amount)} />
            <MobileValue label="総原価" value={formatYen(row.total_cost)} />
            <MobileValue label="総利益" value={formatYen(row.total_profit)} toneClass={lossToneClass(row.total_profit)} />
            <MobileValue label="利益率" value={formatMargin(row.profit_margin)} toneClass={lossToneClass(row.profit_margin)} />
            <MobileValue label="平均単価" value={formatAverageUnitPrice(row.avg_unit_price)} />
          </dl>
        </li>
        );
      })}
    </ul>
  );
}
