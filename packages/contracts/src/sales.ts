import { z } from 'zod';
import { dateField, integerField, listLimit, moneyField, optionalText, optionalUrl, productIdQuery } from './fields.ts';

/** A sale record: money in yen; cost is the product cost at the time of sale × quantity. */
export const sale = z.object({
  id: z.number(),
  product_id: z.number().nullable(),
  product_name: z.string(),
  quantity: z.number(),
  unit_price: z.number(),
  total_amount: z.number(),
  total_cost: z.number(),
  profit: z.number(),
  /** profit / total_amount × 100 with 1 decimal; 0 when the total is 0. */
  profit_margin: z.number(),
  sale_date: z.string(),
  url: z.string().nullable(),
  notes: z.string().nullable(),
  /** A sale brought in from a shop's order file: the source's name (Shopify, a saved format) and the order id. */
  imported_from: z.object({ source: z.string(), order_id: z.string() }).nullable(),
  created_at: z.string(),
});
export type Sale = z.infer<typeof sale>;

const salesFilterFields = {
  start_date: dateField('開始日').optional(),
  end_date: dateField('終了日').optional(),
  product_id: productIdQuery.optional(),
};

const endNotBeforeStart = (query: { start_date?: string; end_date?: string }) =>
  !query.start_date || !query.end_date || query.end_date >= query.start_date;
const endBeforeStartIssue = { error: '終了日は開始日以降の日付にしてください', path: ['end_date'] };

/** Filters of GET /sales, /sales/summary and /sales/by-product (dates inclusive). */
export const salesFilterQuery = z.object(salesFilterFields).refine(endNotBeforeStart, endBeforeStartIssue);

export const SALES_LIST_MAX = 10_000;

/** GET /sales: the filters plus a limit (newest sale date first). */
export const salesListQuery = z
  .object({
    ...salesFilterFields,
    limit: listLimit(SALES_LIST_MAX, SALES_LIST_MAX.toLocaleString('ja-JP')).default(1000),
  })
  .refine(endNotBeforeStart, endBeforeStartIssue);

/** GET /sales/summary (money in yen; margin = profit / total × 100 with 1 decimal, 0 without sales). */
export const salesSummary = z.object({
  total_sales: z.number(),
  total_cost: z.number(),
  total_profit: z.number(),
  profit_margin: z.number(),
  total_transactions: z.number(),
  /** total_sales / total_transactions, 0 without sales. */
  average_transaction: z.number(),
});
export type SalesSummary = z.infer<typeof salesSummary>;

/** GET /sales/by-product: one row per product sold (name as recorded on the sales). */
export const productSalesStatistics = z.object({
  product_id: z.number().nullable(),
  product_name: z.string(),
  total_quantity: z.number(),
  total_amount: z.number(),
  total_cost: z.number(),
  total_profit: z.number(),
  profit_margin: z.number(),
  /** total_amount / total_quantity, rounded to whole yen. */
  avg_unit_price: z.number(),
  total_transactions: z.number(),
});
export type ProductSalesStatistics = z.infer<typeof productSalesStatistics>;

/** GET /sales/trend: how many months, and optionally one product (the screen's product filter). */
export const salesTrendQuery = z.object({
  months: z.coerce
    .number({ error: '月数は数値で指定してください' })
    .int('月数は整数で指定してください')
    .min(1, '月数は1以上で指定してください')
    .max(120, '月数は120以下で指定してください')
    .default(12),
  product_id: productIdQuery.optional(),
});

/** GET /sales/trend: the last `months` calendar months, oldest first, empty months as 0. */
export const salesTrendPoint = z.object({
  /** yyyy-MM */
  month: z.string(),
  total_sales: z.number(),
  total_cost: z.number(),
  total_profit: z.number(),
  total_transactions: z.number(),
});
export type SalesTrendPoint = z.infer<typeof salesTrendPoint>;

/**
 * PUT /sales/{id} (売上記録の編集): product, quantity, unit price and date required. A change of
 * product or quantity moves stock (refused when not enough); cost is recomputed at the product's
 * current cost only when the product or quantity changes.
 */
export const updateSaleBody = z.object({
  product_id: z.number({ error: '商品を選択してください' }).int('商品を選択してください').positive('商品を選択してください').max(2_147_483_647, '商品を選択してください'),
  quantity: integerField('数量', { min: 1 }),
  unit_price: moneyField('単価'),
  sale_date: dateField('販売日'),
  url: optionalUrl(),
  notes: optionalText('備考', 1000),
});
export type UpdateSaleBody = z.input<typeof updateSaleBody>;
