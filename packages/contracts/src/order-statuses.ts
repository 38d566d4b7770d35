// The order statuses and their labels, apart from the zod schemas (orders.ts), so 発注管理's list
// and badges do not download zod.

/** The statuses in the order the screens list them. */
export const ORDER_STATUSES = ['ordered', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Labels and badge colours of the order statuses. */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  ordered: '発注済み',
  shipped: '出荷済み',
  delivered: '納入済み',
  cancelled: 'キャンセル',
};
