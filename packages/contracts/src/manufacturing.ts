import { z } from 'zod';
import { dateField, ID_MAX, integerField, isCalendarDate, listLimit, optionalText, productIdQuery } from './fields.ts';
import { optionalDate, order } from './orders.ts';
import { PLAN_MESSAGES, PLAN_STATUSES } from './plan-texts.ts';
import { product } from './products.ts';

// Messages of manufactures and sales, shared by the forms and the server.
export const manufactureOverCapacityMessage = (max: number) => `製造数量が製造可能数を超えています(最大: ${max}個)`;
export const saleOverStockMessage = (stock: number) => `販売数量が在庫数を超えています(在庫: ${stock}個)`;

export { PLAN_MESSAGES, PLAN_STATUS_LABELS, type PlanStatus } from './plan-texts.ts';

// Manufacture

/** POST /manufacturing/products/{id}/manufacture */
export const manufactureBody = z.object({
  quantity: integerField('製造数量', { min: 1 }),
  manufacturing_date: dateField('製造日'),
  notes: optionalText('備考', 1000),
});
export type ManufactureBody = z.input<typeof manufactureBody>;

export const manufacturingRecord = z.object({
  id: z.number(),
  /** null once the product was deleted (the record keeps its name). */
  product_id: z.number().nullable(),
  product_name: z.string(),
  quantity: z.number(),
  manufacturing_date: z.string(),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export type ManufacturingRecord = z.infer<typeof manufacturingRecord>;

export const manufactureResponse = z.object({ record: manufacturingRecord, product });
export type ManufactureResponse = z.infer<typeof manufactureResponse>;

export const recordsQuery = z.object({
  limit: listLimit(1000).default(100),
  product_id: productIdQuery.optional(),
  start_date: dateField('開始日').optional(),
  end_date: dateField('終了日').optional(),
});

// Capacity

export const limitingPart = z.object({
  part_id: z.number(),
  part_name: z.string(),
  current_stock: z.number(),
  required_per_product: z.number(),
});

/** GET /manufacturing/capacity/{id}: min over recipe lines of floor(stock / quantity); no recipe: 0. */
export const capacity = z.object({
  product_id: z.number(),
  max_manufacturable: z.number(),
  /** The recipe lines that set the maximum (empty without a recipe). */
  limiting_parts: z.array(limitingPart),
});
export type Capacity = z.infer<typeof capacity>;

/** GET /manufacturing/capacity/all: every product of the workspace, one query. */
export const capacitySummary = z.object({ product_id: z.number(), max_manufacturable: z.number() });
export type CapacitySummary = z.infer<typeof capacitySummary>;

// Calendar

export const manufacturingCalendarEvent = z.object({
  id: z.string(),
  type: z.literal('manufacturing'),
  /** `{product_name} × {quantity}` */
  title: z.string(),
  date: z.string(),
  record_id: z.number(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  quantity: z.number(),
});
export const manufacturingCalendar = z.object({ events: z.array(manufacturingCalendarEvent) });
export type ManufacturingCalendar = z.infer<typeof manufacturingCalendar>;

// Plans

export const planStatus = z.enum(PLAN_STATUSES, { error: '状態が正しくありません' });

const planQuantity = z
  .number({ error: PLAN_MESSAGES.quantity })
  .int(PLAN_MESSAGES.quantity)
  .min(1, PLAN_MESSAGES.quantity)
  .max(1_000_000_000, PLAN_MESSAGES.quantity);

const planDate = (required: string, invalid: string) =>
  z.string({ error: required }).min(1, required).refine(isCalendarDate, { error: invalid });

const planProductId = z
  .number({ error: PLAN_MESSAGES.product })
  .int(PLAN_MESSAGES.product)
  .positive(PLAN_MESSAGES.product)
  .max(ID_MAX, PLAN_MESSAGES.product);

const planFields = {
  quantity: planQuantity,
  start_date: planDate(PLAN_MESSAGES.startRequired, PLAN_MESSAGES.startInvalid),
  end_date: planDate(PLAN_MESSAGES.endRequired, PLAN_MESSAGES.endInvalid),
  notes: optionalText('備考', 1000),
};

// Start must be before end (a plan covers at least two days). Only two real dates
// compare: an invalid start already has its own message and must not add 終了日は開始日より後….
const endAfterStart = <T extends { start_date: string; end_date: string }>(body: T) =>
  !isCalendarDate(body.start_date) || !isCalendarDate(body.end_date) || body.end_date > body.start_date;

/** POST /manufacturing/plans */
export const createPlanBody = z
  .object({ product_id: planProductId, ...planFields })
  .refine(endAfterStart, { error: PLAN_MESSAGES.endAfterStart, path: ['end_date'] });
export type CreatePlanBody = z.input<typeof createPlanBody>;

/**
 * PUT /manufacturing/plans/{id}: quantity and dates (the spec's form) and, beyond it, the status
 * (cancel or reopen). remaining_quantity follows: what was made stays made. Notes left out stay
 * as they are (the spec's edit form sends none); empty or null clears them.
 */
export const updatePlanBody = z
  .object({ ...planFields, notes: planFields.notes.optional(), status: planStatus.optional() })
  .refine(endAfterStart, { error: PLAN_MESSAGES.endAfterStart, path: ['end_date'] });
export type UpdatePlanBody = z.input<typeof updatePlanBody>;

export const plan = z.object({
  id: z.number(),
  product_id: z.number(),
  product_name: z.string(),
  quantity: z.number(),
  remaining_quantity: z.number(),
  start_date: z.string(),
  end_date: z.string(),
  status: planStatus,
  notes: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Plan = z.infer<typeof plan>;

export const plansQuery = z.object({ status: planStatus.optional() });

export const planRangeParams = z.object({
  start: planDate(PLAN_MESSAGES.startRequired, PLAN_MESSAGES.startInvalid),
  end: planDate(PLAN_MESSAGES.endRequired, PLAN_MESSAGES.endInvalid),
});

// Requirements

export const requirementsOrder = z.object({ product_id: planProductId, quantity: planQuantity });

/** POST /manufacturing/requirements */
export const requirementsBody = z
  .object({
    orders: z.array(requirementsOrder, { error: PLAN_MESSAGES.product }).min(1, PLAN_MESSAGES.product).max(200, '注文は200件以内で指定してください'),
    start_date: planDate(PLAN_MESSAGES.startRequired, PLAN_MESSAGES.startInvalid).optional(),
    end_date: planDate(PLAN_MESSAGES.endRequired, PLAN_MESSAGES.endInvalid).optional(),
    /** Subtract what was already manufactured of each product between start_date and end_date. */
    reduce_by_manufacturing: z.boolean({ error: 'reduce_by_manufacturingは真偽値で指定してください' }).default(false),
  })
  .refine((body) => !body.start_date || !body.end_date || body.end_date >= body.start_date, {
    error: PLAN_MESSAGES.endAfterStart,
    path: ['end_date'],
  });
export type RequirementsBody = z.input<typeof requirementsBody>;

export const requirement = z.object({
  part_id: z.number(),
  part_name: z.string(),
  required_quantity: z.number(),
  current_stock: z.number(),
  /** max(0, required − stock) */
  shortage: z.number(),
  unit: z.string().nullable(),
  /** Open purchase orders (ordered or shipped) of the part not reserved for another plan. */
  on_order: z.number(),
  /** max(0, shortage − on_order): what the shortage order action orders. */
  to_order: z.number(),
});
export type Requirement = z.infer<typeof requirement>;

export const requirementsResult = z.object({
  requirements: z.array(requirement),
  total_parts: z.number(),
  has_shortages: z.boolean(),
  /** The orders as computed: quantities after subtracting what was made when asked to. */
  orders: z.array(z.object({ product_id: z.number(), quantity: z.number() })),
  manufacturing_adjusted: z.boolean(),
});
export type RequirementsResult = z.infer<typeof requirementsResult>;

/**
 * Optional dates of the purchase orders created from shortages: the order date defaults to today,
 * the expected delivery date (absent, empty or null) to the plan's start date, or the order date
 * when the plan started before it.
 */
export const shortageOrdersBody = z.object({
  order_date: dateField('発注日').optional(),
  expected_delivery_date: optionalDate('納入予定日'),
});

/**
 * POST /manufacturing/requirements/order-shortages: the requirements body plus the order dates;
 * the expected delivery date defaults to the requirements' start_date (the order date without one
 * or when it is earlier).
 */
export const requirementsShortageOrdersBody = z.object({
  requirements: requirementsBody,
  order_date: dateField('発注日').optional(),
  expected_delivery_date: optionalDate('納入予定日'),
});

/** Answer of both shortage-order calls: the orders created (empty when nothing is missing). */
export const shortageOrdersResult = z.object({ orders: z.array(order) });
export type ShortageOrdersResult = z.infer<typeof shortageOrdersResult>;
