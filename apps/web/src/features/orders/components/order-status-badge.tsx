import { ORDER_STATUS_LABELS, type OrderStatus } from '@inventory/contracts/orders';
import clsx from 'clsx';
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
