import type { Order } from '@inventory/contracts/orders';
import clsx from 'clsx';
import { CalendarClock } from 'lucide-react';
import { formatIsoDate, formatQuantity } from '../../../lib/format.ts';
import { useWindowRows } from '../../../lib/use-virtual-rows.ts';
import { isOrderLate } from '../utils/order-status.ts';
import { OrderDate } from './order-date.tsx';
import { OrderStatusBadges } from './order-status-badge.tsx';

/** A line of the list: about 37 px on a desktop, 60 on a phone (two lines); each drawn one is measured. */
const LINE_HEIGHT = 48;

/**
 * 今月の納入予定: open orders due this month (see thisMonthDeliveries), earliest first, so the
 * late ones (red date and 遅延, as in the list) come at the top. It sits under the whole order list,
 * so only the lines in view are drawn (a hundred lines were a thousand elements at the screen's load).
 */
export function ThisMonthDeliveriesCard({ orders, today }: { orders: readonly Order[]; today: Date }) {
  const todayIso = formatIsoDate(today);
  const { listRef, rows, paddingTop, paddingBottom, itemProps } = useWindowRows<HTMLUListElement>({
    count: orders.length,
    estimateRowHeight: LINE_HEIGHT,
    getRowKey: (index) => orders[index]?.id ?? index,
  });
  return (
    <section
      aria-labelledby="this-month-deliveries-title"
      className="rounded-xl border border-gray-200 bg-white p-4 sm:p-5 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="this-month-deliveries-title" className="flex items-center gap-2 font-semibold text-gray-900 dark:text-gray-100">
        <CalendarClock className="h-5 w-5 text-orange-500 dark:text-orange-400" aria-hidden="true" />
        今月の納入予定
        {orders.length > 0 ? (
          <span className="rounded-full bg-orange-100 px-2 py-0.5 text-xs font-medium text-orange-800 dark:bg-orange-900/40 dark:text-orange-300">
            {orders.length}件
          </span>
        ) : null}
      </h2>
      {orders.length === 0 ? (
        <p className="mt-3 text-sm text-gray-500 dark:text-gray-400">今月の納入予定はありません</p>
      ) : (
        <ul ref={listRef} className="mt-3 divide-y divide-gray-100 dark:divide-gray-800" style={{ paddingTop, paddingBottom }}>
          {rows.map((row) => {
            const order = orders[row.index];
            if (!order) return null;
            const late = isOrderLate(order, todayIso);
            return (
              <li key={row.key} {...itemProps(row)} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                <OrderDate
                  date={order.expected_delivery_date}
                  today={today}
                  late={late}
                  className={clsx('w-16 shrink-0 font-medium whitespace-nowrap tabular-nums', !late && 'text-gray-900 dark:text-gray-100')}
                />
                <span className="min-w-0 flex-1 basis-24 break-words text-gray-800 dark:text-gray-200">{order.part_name}</span>
                <span className="text-gray-600 tabular-nums dark:text-gray-300">{formatQuantity(order.quantity)}</span>
                <OrderStatusBadges status={order.status} late={late} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
