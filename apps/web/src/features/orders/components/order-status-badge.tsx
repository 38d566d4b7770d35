import { ORDER_STATUS_LABELS, type OrderStatus } from '@inventory/contracts/order-statuses';
import clsx from 'clsx';
import { Clock } from 'lucide-react';
import { ORDER_STATUS_CLASSES } from '../utils/order-status.ts';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        ORDER_STATUS_CLASSES[status],
      )}
    >
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}

/** 遅延: an open order past its expected delivery date (see isOrderLate), beside its status badge. */
function OrderLateBadge() {
  return (
    <span
      title="納入予定日を過ぎています"
      className="inline-flex items-center gap-1 rounded-full bg-red-600 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-white"
    >
      <Clock className="h-3 w-3" aria-hidden="true" />
      遅延
    </span>
  );
}

/** The status badge, and 遅延 beside it when the order is late. */
export function OrderStatusBadges({ status, late }: { status: OrderStatus; late: boolean }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <OrderStatusBadge status={status} />
      {late ? <OrderLateBadge /> : null}
    </span>
  );
}
