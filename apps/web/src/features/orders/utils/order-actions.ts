import type { OrderStatus } from '@inventory/contracts/orders';
import { isOpenOrder } from './order-status.ts';

export type OrderAction = 'update' | 'deliver' | 'delete';

/**
 * The row menu: an open order offers a status update, delivery and delete; a cancelled one a
 * status update (to reopen it) and delete. Delivered is final (the server refuses any change),
 * so a delivered order offers nothing.
 */
export function orderActionsFor(status: OrderStatus): OrderAction[] {
  if (status === 'delivered') return [];
  return isOpenOrder(status) ? ['update', 'deliver', 'delete'] : ['update', 'delete'];
}
