import type { Order } from '@inventory/contracts/orders';
import { EllipsisVertical, PackageCheck, RefreshCw, Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { DropdownMenu, type DropdownMenuItem } from '../../../components/ui/dropdown-menu.tsx';
import { type OrderAction, orderActionsFor } from '../utils/order-actions.ts';

const ACTION_ITEMS: Record<OrderAction, { label: string; icon: ReactNode; danger?: boolean }> = {
  update: { label: '状態を更新', icon: <RefreshCw className="h-4 w-4" /> },
  deliver: { label: '納入処理', icon: <PackageCheck className="h-4 w-4" /> },
  delete: { label: '削除', icon: <Trash2 className="h-4 w-4" />, danger: true },
};

/**
 * The row menu; which actions it offers follows the order's status (see orderActionsFor). A
 * delivered order has none, and no menu button.
 */
export function OrderActionsMenu({ order, onAction }: { order: Order; onAction: (action: OrderAction, order: Order) => void }) {
  const actions = orderActionsFor(order.status);
  if (actions.length === 0) return null;
  const items: DropdownMenuItem[] = [];
  for (const action of actions) {
    if (action === 'delete') items.push({ separator: true });
    items.push({ ...ACTION_ITEMS[action], onSelect: () => onAction(action, order) });
  }
  return (
    // A menu per order of a list that may hold hundreds: each mounts when first used.
    <DropdownMenu
      mountOnUse
      trigger={<EllipsisVertical className="h-5 w-5" aria-hidden="true" />}
      triggerLabel={`「${order.part_name}」の発注の操作`}
      items={items}
    />
  );
}
