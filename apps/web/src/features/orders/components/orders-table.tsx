import type { Order } from '@inventory/contracts/orders';
import { memo } from 'react';
import { formatIsoDate, formatQuantity } from '../../../lib/format.ts';
import { DESKTOP_TABLE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useWindowRows } from '../../../lib/use-virtual-rows.ts';
import type { OrderAction } from '../utils/order-actions.ts';
import { isOrderLate } from '../utils/order-status.ts';
import { OrderActionsMenu } from './order-actions-menu.tsx';
import { OrderDate } from './order-date.tsx';
import { OrderStatusBadges } from './order-status-badge.tsx';

type OnAction = (action: OrderAction, order: Order) => void;

interface ListProps {
  orders: readonly Order[];
  /** The user's day: it decides which year a date leaves out and which orders are late. */
  today: Date;
  onAction: OnAction;
}

const COLUMN_COUNT = 6;
/** Heights of a table row and of a card (with its gap); each drawn one is measured. */
const ROW_HEIGHT = 53;
const CARD_HEIGHT = 128;

/**
 * The orders table on desktop; cards on phones (under 768 px), where six columns do not fit. Only
 * the rows or cards in view are drawn (a row's menu is a Headless UI component of its own). A
 * keystroke in the search box renders the screen before its deferred filtering: the same orders
 * then skip the rows.
 */
export const OrdersTable = memo(function OrdersTable(props: ListProps) {
  const desktop = useMediaQuery(DESKTOP_TABLE_QUERY);
  return desktop ? <DesktopTable {...props} /> : <MobileCards {...props} />;
});

function DesktopTable({ orders, today, onAction }: ListProps) {
  const todayIso = formatIsoDate(today);
  const { listRef, rows, paddingTop, paddingBottom, measureRow } = useWindowRows<HTMLTableSectionElement>({
    count: orders.length,
    estimateRowHeight: ROW_HEIGHT,
    getRowKey: (index) => orders[index]?.id ?? index,
  });
  return (
    <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900">
      <table aria-rowcount={orders.length + 1} className="min-w-full divide-y divide-gray-200 text-sm dark:divide-gray-800">
        <caption className="sr-only">発注一覧</caption>
        <thead className="bg-gray-50 text-left text-xs font-semibold tracking-wide text-gray-600 dark:bg-gray-800/60 dark:text-gray-300">
          <tr aria-rowindex={1}>
            <th scope="col" className="px-4 py-3">部品名</th>
            <th scope="col" className="px-4 py-3 text-right">発注数量</th>
            <th scope="col" className="px-4 py-3">発注日</th>
            <th scope="col" className="px-4 py-3">納入予定日</th>
            <th scope="col" className="px-4 py-3">状態</th>
            <th scope="col" className="w-12 px-4 py-3">
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
            const order = orders[row.index];
            if (!order) return null;
            const late = isOrderLate(order, todayIso);
            return (
              <tr key={row.key} ref={measureRow} data-index={row.index} aria-rowindex={row.index + 2} className="hover:bg-gray-50 dark:hover:bg-gray-800/40">
                <th scope="row" className="max-w-xs truncate px-4 py-3 text-left font-medium text-gray-900 dark:text-gray-100" title={order.part_name}>
                  {order.part_name}
                </th>
                <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">{formatQuantity(order.quantity)}</td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <OrderDate date={order.order_date} today={today} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap">
                  <OrderDate date={order.expected_delivery_date} today={today} late={late} />
                </td>
                <td className="px-4 py-3">
                  <OrderStatusBadges status={order.status} late={late} />
                </td>
                <td className="px-2 py-2 text-right">
                  <OrderActionsMenu order={order} onAction={onAction} />
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

function MobileCards({ orders, today, onAction }: ListProps) {
  const todayIso = formatIsoDate(today);
  const { listRef, rows, paddingTop, paddingBottom, itemProps } = useWindowRows<HTMLUListElement>({
    count: orders.length,
    estimateRowHeight: CARD_HEIGHT,
    gap: 12,
    getRowKey: (index) => orders[index]?.id ?? index,
  });
  return (
    <ul ref={listRef} aria-label="発注一覧" className="space-y-3" style={{ paddingTop, paddingBottom }}>
      {rows.map((row) => {
        const order = orders[row.index];
        if (!order) return null;
        const late = isOrderLate(order, todayIso);
        return (
          <li
            key={row.key}
            {...itemProps(row)}
            className="rounded-xl border border-gray-200 bg-white p-4 text-sm dark:border-gray-800 dark:bg-gray-900"
          >
            <div className="flex items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium break-words text-gray-900 dark:text-gray-100">{order.part_name}</p>
                <div className="mt-1">
                  <OrderStatusBadges status={order.status} late={late} />
                </div>
              </div>
              <OrderActionsMenu order={order} onAction={onAction} />
            </div>
            <dl className="mt-3 grid grid-cols-3 gap-2 text-gray-800 dark:text-gray-200">
              <div>
                <dt className="text-xs text-gray-500 dark:text-gray-400">発注数量</dt>
                <dd className="tabular-nums">{formatQuantity(order.quantity)}</dd>
              </div>
              <div>
                <dt className="text-xs text-gray-500 dark:text-gray-400">発注日</dt>
                <dd>
                  <OrderDate date={order.order_date} today={today} />
                </dd>
              </div>
              <div>
                <dt className="text-xs text-gray-500 dark:text-gray-400">納入予定日</dt>
                <dd>
                  <OrderDate date={order.expected_delivery_date} today={today} late={late} />
                </dd>
              </div>
            </dl>
          </li>
        );
      })}
    </ul>
  );
}
