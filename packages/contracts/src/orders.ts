import { z } from 'zod';
import { dateField, integerField, urlNumberParam } from './fields.ts';
import { historyPageQuery } from './history-page.ts';
import { ORDER_STATUS_LABELS, ORDER_STATUSES, type OrderStatus } from './order-statuses.ts';

export { ORDER_STATUS_LABELS, type OrderStatus };
export const orderStatus = z.enum(ORDER_STATUSES, { error: '状態を選択してください' });

/**
 * GET /orders?due=…: only the open orders (ordered, shipped) the dashboard's alerts count:
 * overdue (expected delivery before today) or upcoming (today and the next 3 days), by the
 * server's date.
 */
export const orderDue = z.enum(['overdue', 'upcoming'], { error: 'due は overdue か upcoming で指定してください' });
export type OrderDue = z.infer<typeof orderDue>;

// safeExtend keeps the page query's check that before_date and before_id come together.
export const ordersListQuery = historyPageQuery.safeExtend({ due: orderDue.optional() });

/** An optional date field of a form: empty, null or absent all mean none (null). */
export const optionalDate = (label: string) =>
  z
    // The union's own message covers wrong types (a number), which match none of the branches.
    .union([dateField(label), z.literal(''), z.null()], { error: `${label}はyyyy-MM-dd形式の正しい日付で入力してください` })
    .optional()
    .transform((value) => (value ? value : null));

/** POST /parts/{id}/order */
export const createOrderBody = z
  .object({
    quantity: integerField('発注数量', { min: 1 }),
    order_date: dateField('発注日'),
    expected_delivery_date: optionalDate('納入予定日'),
  })
  .refine((body) => !body.expected_delivery_date || body.expected_delivery_date >= body.order_date, {
    error: '納入予定日は発注日以降の日付にしてください',
    path: ['expected_delivery_date'],
  });
export type CreateOrderBody = z.input<typeof createOrderBody>;

/** PUT /orders/{id}: the status modal. A change to delivered delivers the order. */
export const updateOrderBody = z.object({
  status: orderStatus,
  expected_delivery_date: optionalDate('納入予定日'),
});
export type UpdateOrderBody = z.input<typeof updateOrderBody>;

export const order = z.object({
  id: z.number(),
  part_id: z.number(),
  part_name: z.string(),
  quantity: z.number(),
  order_date: z.string(),
  expected_delivery_date: z.string().nullable(),
  status: orderStatus,
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** The manufacturing plan whose shortages the order was placed for (null: an ordinary order). */
  plan_id: z.number().nullable(),
});
export type Order = z.infer<typeof order>;

/** `/calendar/:year/:month` of orders, manufacturing and the dashboard: `2026/5`, never `2026.0/05`. */
export const calendarParams = z.object({
  year: urlNumberParam('年が正しくありません', { min: 2000, max: 2100 }),
  month: urlNumberParam('月が正しくありません', { max: 12 }),
});
