import type { OrderStatus } from '@inventory/contracts/orders';

export type OrderAction = 'update' | 'deliver' | 'delete';

/**
 * The row menu of specification 000, section 4: the status update always; delivery only while
 * ordered or shipped; delete unless delivered.
 */
export function orderActionsFor(status: OrderStatus): OrderAction[] {
  const actions: OrderAction[] = ['update'];
  if (status === 'ordered' || status === 'shipped') actions.push('deliver');
  if (status !== 'delivered') actions.push('delete');
  return actions;
}
