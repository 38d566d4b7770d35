import type { Sale } from '@inventory/contracts/sales';
import clsx from 'clsx';
import { Pencil, Trash2 } from 'lucide-react';
import { formatMargin, formatQuantity, formatYen } from '../../../lib/format.ts';
import { DESKTOP_TABLE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useWindowRows } from '../../../lib/use-virtual-rows.ts';
import { lossToneClass } from '../utils/sales-display.ts';
import { MobileValue } from './mobile-value.tsx';
import { EMPTY_CELL, SaleUrlLink } from './sale-url-link.tsx';

export type SaleAction = 'edit' | 'delete';
type OnAction = (action: SaleAction, sale: Sale) => void;

/** Names the sale for buttons and links: product and date, since a product is often sold many times. */
const saleLabel = (sale: Sale) => `「${sale.product_name}」${sale.sale_date}の売上記録`;

function SaleActions({ sale, onAction }: { sale: Sale; onAction: OnAction }) {
  return (
    <div className="flex justify-end gap-1">
      <button
        type="button"
        aria-label={`${saleLabel(sale)}を編集`}
        title="編集"
        onClick={() => onAction('edit', sale)}
        className="rounded-md p-2 text-gray-600 hover:bg-gray-100 hover:text-blue-700 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-blue-300"
      >
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        aria-label={`${saleLabel(sale)}を削除`}
        title="削除"
        onClick={() => onAction('delete', sale)}
        className="rounded-md p-2 text-gray-600 hover:bg-red-50 hover:text-red-700 dark:text-gray-300 dark:hover:bg-red-950/40 dark:hover:text-red-300"
      >
        <Trash2 className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}

/** Where an imported sale came from: the shop (or format) and its order id, a grey second line under the name. */
function ImportedFrom({ sale }: { sale: Sale }) {
  if (!sale.imported_from) return null;
  return (
    <span className="block truncate text-xs font-normal text-gray-600 dark:text-gray-400">
      {sale.imported_from.source} 注文 {sale.imported_from.order_id}
    </span>
  );
}

function Notes({ notes }: { notes: string | null }) {
  return notes ? <>{notes}</> : EMPTY_CELL;
}

/** The sales records: a table from 768 px, cards on phones; only the rows or cards in view are drawn. */
export function SalesTable({ sales, onAction }: { sales: readonly Sale[]; onAction: OnAction }) {
  const desktop = useMediaQuery(DESKTOP_TABLE_QUERY);
  return desktop ? <DesktopTable sales={sales} onAction={onAction} /> : <MobileCards sales={sales} onAction={onAction} />;
}

const HEAD = 'px-3 py-2.5 whitespace-nowrap';
const NUMBER_CELL = 'px-3 py-2 text-right whitespace-nowrap tabular-nums';
const COLUMN_COUNT = 11;
/** Heights of a table row and of a card; each drawn one is measured. */
const ROW_HEIGHT = 45;
const CARD_HEIGHT = 250;

function DesktopTable({ sales, onAction }: { sales: readonly Sale[]; onAction: OnAction }) {
  const { listRef, rows, paddingTop, paddingBottom, measureRow } = useWindowRows<HTMLTableSectionElement>({
    count: sales.length,
    estimateRowHeight: ROW_HEIGHT,
    getRowKey: (index) => sales[index]?.id ?? index,
  });
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <table aria-label="売上記録" aria-rowcount={sales.length + 1} className="min-w-full text-sm">
        <thead className="bg-gray-50 text-left text-xs font-semibold text-gray-600 dark:bg-gray-800/60 dark:text-gray-300">
          <tr aria-rowindex={1}>
            <th scope="col" className={HEAD}>商品名</th>
            <th scope="col" className={`${HEAD} text-right`}>数量</th>
            <th scope="col" className={`${HEAD} text-right`}>単価</th>
            <th scope="col" className={`${HEAD} text-right`}>合計金額</th>
            <th scope="col" className={`${HEAD} text-right`}>原価</th>
            <th scope="col" className={`${HEAD} text-right`}>利益</th>
            <th scope="col" className={`${HEAD} text-right`}>利益率</th>
            <th scope="col" className={HEAD}>販売日</th>
            <th scope="col" className={`${HEAD} text-center`}>URL</th>
            <th scope="col" className={HEAD}>備考</th>
            <th scope="col" className={`${HEAD} text-right`}>
              <span className="sr-only">操作</span>
            </th>
          </tr>
        </thead>
        <tbody ref={listRef} className="divide-y divide-gray-100 text-gray-800 dark:divide-gray-800 dark:text-gray-200">
          {paddingTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMN_COUNT} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          )}
          {rows.map((row) => {
            const sale = sales[row.index];
            if (!sale) return null;
            return (
            <tr key={row.key} ref={measureRow} data-index={row.index} aria-rowindex={row.index + 2} className="hover:bg-gray-50 dark:hover:bg-gray-800/40">
              <th scope="row" className="max-w-[14rem] truncate px-3 py-2 text-left font-medium text-gray-900 dark:text-gray-100" title={sale.product_name}>
                {sale.product_name}
                <ImportedFrom sale={sale} />
              </th>
              <td className={NUMBER_CELL}>{formatQuantity(sale.quantity)}</td>
              <td className={NUMBER_CELL}>{formatYen(sale.unit_price)}</td>
              <td className={NUMBER_CELL}>{formatYen(sale.total_amount)}</td>
              <td className={NUMBER_CELL}>{formatYen(sale.total_cost)}</td>
              <td className={clsx(NUMBER_CELL, lossToneClass(sale.profit))}>{formatYen(sale.profit)}</td>
              <td className={clsx(NUMBER_CELL, lossToneClass(sale.profit_margin))}>{formatMargin(sale.profit_margin)}</td>
              <td className="px-3 py-2 whitespace-nowrap tabular-nums">{sale.sale_date}</td>
              <td className="px-3 py-1 text-center">
                <SaleUrlLink sale={sale} />
              </td>
              <td className="max-w-[12rem] truncate px-3 py-2" title={sale.notes ?? undefined}>
                <Notes notes={sale.notes} />
              </td>
              <td className="px-2 py-1">
                <SaleActions sale={sale} onAction={onAction} />
              </td>
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

function MobileCards({ sales, onAction }: { sales: readonly Sale[]; onAction: OnAction }) {
  const { listRef, rows, paddingTop, paddingBottom, itemProps } = useWindowRows<HTMLUListElement>({
    count: sales.length,
    estimateRowHeight: CARD_HEIGHT,
    gap: 12,
    getRowKey: (index) => sales[index]?.id ?? index,
  });
  return (
    <ul ref={listRef} aria-label="売上記録" className="space-y-3" style={{ paddingTop, paddingBottom }}>
      {rows.map((row) => {
        const sale = sales[row.index];
        if (!sale) return null;
        return (
        <li
          key={row.key}
          {...itemProps(row)}
          className="rounded-xl border border-gray-200 bg-white p-4 text-sm dark:border-gray-800 dark:bg-gray-900">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="font-medium break-words text-gray-900 dark:text-gray-100">{sale.product_name}</p>
              <ImportedFrom sale={sale} />
              <p className="text-xs text-gray-500 tabular-nums dark:text-gray-400">{sale.sale_date}</p>
            </div>
            <SaleActions sale={sale} onAction={onAction} />
          </div>
          <dl className="mt-3 grid grid-cols-3 gap-x-2 gap-y-2 text-gray-800 dark:text-gray-200">
            <MobileValue label="数量" value={formatQuantity(sale.quantity)} />
            <MobileValue label="単価" value={formatYen(sale.unit_price)} />
            <MobileValue label="合計金額" value={formatYen(sale.total_amount)} />
            <MobileValue label="原価" value={formatYen(sale.total_cost)} />
            <MobileValue label="利益" value={formatYen(sale.profit)} toneClass={lossToneClass(sale.profit)} />
            <MobileValue label="利益率" value={formatMargin(sale.profit_margin)} toneClass={lossToneClass(sale.profit_margin)} />
            <div className="col-span-3 flex items-center gap-2">
              <dt className="text-xs text-gray-500 dark:text-gray-400">URL</dt>
              <dd>
                <SaleUrlLink sale={sale} />
              </dd>
            </div>
            <div className="col-span-3">
              <dt className="text-xs text-gray-500 dark:text-gray-400">備考</dt>
              <dd className="break-words whitespace-pre-line">
                <Notes notes={sale.notes} />
              </dd>
            </div>
          </dl>
        </li>
        );
      })}
    </ul>
  );
}
