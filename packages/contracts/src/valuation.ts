import { z } from 'zod';
import { dateField } from './fields.ts';
import { VALUATION_METHODS } from './valuation-methods.ts';

export { VALUATION_METHOD_LABELS, VALUATION_METHODS, type ValuationMethod } from './valuation-methods.ts';

// 在庫評価: the stock of every part and product on a day, valued by a method.

export const valuationQuery = z.object({
  date: dateField('評価日'),
  method: z.enum(VALUATION_METHODS, { error: '評価方法が正しくありません' }).default('last_purchase'),
});
export type ValuationQuery = z.input<typeof valuationQuery>;

export const valuedPart = z.object({
  id: z.number(),
  name: z.string(),
  part_number: z.string().nullable(),
  unit: z.string().nullable(),
  quantity: z.number(),
  /** Yen, exact to the sen. */
  unit_value: z.number(),
  value: z.number(),
});
export type ValuedPart = z.infer<typeof valuedPart>;

export const valuedProduct = valuedPart.extend({
  /** A product without a recipe is valued 0. */
  has_recipe: z.boolean(),
});
export type ValuedProduct = z.infer<typeof valuedProduct>;

export const valuation = z.object({
  date: z.string(),
  method: z.enum(VALUATION_METHODS),
  parts: z.array(valuedPart),
  products: z.array(valuedProduct),
  parts_total: z.number(),
  products_total: z.number(),
  total: z.number(),
});
export type Valuation = z.infer<typeof valuation>;
