import type { Order, OrderStatus } from '@inventory/contracts/orders';

/** Badge colours: blue, yellow, green, red (with dark variants). */
export const ORDER_STATUS_CLASSES: Record<OrderStatus, string> = {
  ordered: 'bg-blue-100 text-blue-800 ring-blue-600/20 dark:bg-blue-900/40 dark:text-blue-300 dark:ring-blue-400/30',
  shipped: 'bg-yellow-100 text-yellow-800 ring-yellow-600/20 dark:bg-yellow-900/40 dark:text-yellow-300 dark:ring-yellow-400/30',
  delivered: 'bg-green-100 text-green-800 ring-green-600/20 dark:bg-green-900/40 dark:text-green-300 dark:ring-green-400/30',
  cancelled: 'bg-red-100 text-red-800 ring-red-600/20 dark:bg-red-900/40 dark:text-red-300 dark:ring-red-400/30',
};

/** Open: still to arrive (発注済み or 出荷済み); delivered and cancelled orders are closed. */
export function isOpenOrder(status: OrderStatus) {
  return status === 'ordered' || status === 'shipped';
}

/**
 * Late (遅延): still open, 出荷済み included, and expected before `today` (yyyy-MM-dd, the user's
 * day). Due today is not late yet; an order without an expected date never is.
 */
export function isOrderLate(order: Pick<Order, 'status' | 'expected_delivery_date'>, today: string) {
  return isOpenOrder(order.status) && order.expected_delivery_date !== null && order.expected_delivery_date < today;
}
