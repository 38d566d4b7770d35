import { z } from 'zod';
import { dateField, ID_MAX, integerField, moneyField, optionalMoneyField, optionalText, optionalUrl, requiredText } from './fields.ts';
import { sale } from './sales.ts';
import { barcodeField } from './scan.ts';
import { REASON_NOTE_REQUIRED, REASON_WITHOUT_STOCK, reasonNoteGiven, reasonOnlyWithStock, stockEditReasonFields } from './stock-reason-fields.ts';

export const PRODUCT_NAME_MAX = 100;
/** More recipe lines than any small maker's product has; keeps one save bounded. */
export const RECIPE_LINES_MAX = 200;
export const COPY_NAME_SUFFIX = ' (コピー)';

/** Fields of the add/edit form (POST /products; PUT /products/{id} takes any subset). */
export const productFields = {
  name: requiredText('商品名', PRODUCT_NAME_MAX),
  selling_price: optionalMoneyField('販売価格'),
  /** Setting the stock by hand records an 'initial' (create) or 'adjustment' (edit) movement. */
  current_stock: integerField('在庫数', { min: 0 }),
  url: optionalUrl(),
  part_number: optionalText('品番', 100),
  barcode: barcodeField,
};

export const createProductBody = z.object({ ...productFields, current_stock: productFields.current_stock.default(0) });
export type CreateProductBody = z.input<typeof createProductBody>;

export const updateProductBody = z
  .object({ ...productFields, ...stockEditReasonFields })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: '更新する項目を指定してください' })
  .refine(reasonOnlyWithStock, { error: REASON_WITHOUT_STOCK, path: ['reason'] })
  .refine(reasonNoteGiven, { error: REASON_NOTE_REQUIRED, path: ['reason_note'] });
export type UpdateProductBody = z.input<typeof updateProductBody>;

export const product = z.object({
  id: z.number(),
  name: z.string(),
  selling_price: z.number().nullable(),
  current_stock: z.number(),
  url: z.string().nullable(),
  part_number: z.string().nullable(),
  barcode: z.string().nullable(),
  /** Σ part unit_price × quantity_required over the recipe (parts without a price count 0). */
  cost: z.number(),
  /** Number of recipe lines (0: no recipe, so nothing can be manufactured). */
  recipe_line_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof product>;

// Recipe (bill of materials)

export const RECIPE_EMPTY_MESSAGE = '少なくとも1つの部品を設定してください';

export const recipeLineInput = z.object({
  part_id: z
    .number({ error: '部品を選択してください' })
    .int('部品を選択してください')
    .positive('部品を選択してください')
    .max(ID_MAX, '部品を選択してください'),
  quantity_required: integerField('必要数量', { min: 1 }),
});

/** POST /products/{id}/recipe: replaces the whole recipe. */
export const setRecipeBody = z.object({
  recipes: z
    .array(recipeLineInput, { error: RECIPE_EMPTY_MESSAGE })
    .min(1, RECIPE_EMPTY_MESSAGE)
    .max(RECIPE_LINES_MAX, `レシピは${RECIPE_LINES_MAX}行以内で設定してください`)
    .refine((lines) => new Set(lines.map((line) => line.part_id)).size === lines.length, {
      error: '同じ部品が複数の行に設定されています',
    }),
});
export type SetRecipeBody = z.input<typeof setRecipeBody>;

export const recipeLine = z.object({
  part_id: z.number(),
  quantity_required: z.number(),
  part_name: z.string(),
  unit: z.string().nullable(),
  unit_price: z.number().nullable(),
  current_stock: z.number(),
  part_status: z.string(),
});
export type RecipeLine = z.infer<typeof recipeLine>;

// Cost

export const costLine = z.object({
  part_id: z.number(),
  part_name: z.string(),
  unit: z.string().nullable(),
  unit_price: z.number().nullable(),
  quantity_required: z.number(),
  /** unit_price × quantity_required (0 when the part has no price). */
  line_cost: z.number(),
});

/** GET /products/{id}/cost */
export const productCost = z.object({
  product_id: z.number(),
  product_name: z.string(),
  selling_price: z.number().nullable(),
  total_cost: z.number(),
  /** selling_price − total_cost, null without a selling price. */
  profit_per_unit: z.number().nullable(),
  /** profit_per_unit / selling_price × 100 with 1 decimal, null without a positive selling price. */
  margin: z.number().nullable(),
  /** Recipe lines whose part has no unit price (their cost counts as 0). */
  unpriced_parts: z.number(),
  lines: z.array(costLine),
});
export type ProductCost = z.infer<typeof productCost>;

/** GET /products/cost/all: one summary per product, without lines. */
export const productCostSummary = productCost.omit({ lines: true });
export type ProductCostSummary = z.infer<typeof productCostSummary>;

// Sell and copy

export const sellBody = z.object({
  quantity: integerField('販売数量', { min: 1 }),
  unit_price: moneyField('販売単価'),
  sale_date: dateField('販売日'),
  url: optionalUrl(),
  notes: optionalText('備考', 1000),
});
export type SellBody = z.input<typeof sellBody>;

export const sellResponse = z.object({ sale, product });
export type SellResponse = z.infer<typeof sellResponse>;

export const copyProductBody = z.object({ name: requiredText('商品名', PRODUCT_NAME_MAX) });
export type CopyProductBody = z.input<typeof copyProductBody>;

/** The kinds of rows in a product's stock ledger. */
export const productMovementKind = z.enum(['initial', 'adjustment', 'manufacture', 'sale', 'sale_edit', 'sale_cancel', 'stocktake']);
export type ProductMovementKind = z.infer<typeof productMovementKind>;
