import { z } from 'zod';
import { dateField, ID_MAX, integerField, singleLineText } from './fields.ts';
import { REASON_NOTE_REQUIRED, reasonNoteGiven, stockEditReasonFields, stockReasonField } from './stock-reason-fields.ts';
import { STOCKTAKE_NAME_MAX } from './stocktake-texts.ts';
import { DEFAULT_STOCKTAKE_REASON } from './stock-reasons.ts';

export { DEFAULT_STOCKTAKE_REASON, STOCK_REASON_LABELS, STOCK_REASONS, type StockReason } from './stock-reasons.ts';

// 棚卸し: a stocktake snapshots the expected stock of the items in its scope, collects counts from
// any member, and its commit sets each counted item to its count plus every movement since the
// snapshot, as ledger rows of kind 'stocktake'.

export { STOCKTAKE_NAME_MAX, STOCKTAKE_SCOPE_LABELS, STOCKTAKE_STATUS_LABELS } from './stocktake-texts.ts';
/** Counts of one PUT /stocktakes/{id}/counts. */
export const STOCKTAKE_COUNTS_MAX = 20_000;

const idField = (label: string) =>
  z
    .number({ error: `${label}が正しくありません` })
    .int(`${label}が正しくありません`)
    .positive(`${label}が正しくありません`)
    .max(ID_MAX, `${label}が正しくありません`);

export const stocktakeScopeKind = z.enum(['parts', 'products', 'all'], { error: '対象の種類が正しくありません' });
export type StocktakeScopeKind = z.infer<typeof stocktakeScopeKind>;

export const stocktakeScope = z.object({
  kind: stocktakeScopeKind,
  /** Parts carrying any of these tags (products are not tagged: with tags, a scope holds no products). */
  tag_ids: z.array(idField('タグID'), { error: 'タグIDの一覧が正しくありません' }).max(500, 'タグは500件以内で指定してください').optional(),
  /** Only items not counted since this day (never counted ones included). */
  not_counted_since: dateField('前回の棚卸し日').optional(),
});
export type StocktakeScope = z.infer<typeof stocktakeScope>;

export const createStocktakeBody = z.object({
  name: singleLineText('棚卸し名', STOCKTAKE_NAME_MAX),
  scope: stocktakeScope,
});
export type CreateStocktakeBody = z.input<typeof createStocktakeBody>;

export const stocktakeCount = z
  .object({
    part_id: idField('部品ID').optional(),
    product_id: idField('商品ID').optional(),
    counted: integerField('数えた数', { min: 0 }),
  })
  .refine((count) => (count.part_id === undefined) !== (count.product_id === undefined), {
    error: '部品IDか商品IDのどちらか一方を指定してください',
  });

export const stocktakeCountsBody = z.object({
  counts: z
    .array(stocktakeCount, { error: '数えた数の一覧が正しくありません' })
    .min(1, '数えた数を1件以上指定してください')
    .max(STOCKTAKE_COUNTS_MAX, `数えた数は1回に${STOCKTAKE_COUNTS_MAX.toLocaleString('ja-JP')}件までです`),
});
export type StocktakeCountsBody = z.input<typeof stocktakeCountsBody>;

export const commitStocktakeBody = z
  .object({ reason: stockReasonField.default(DEFAULT_STOCKTAKE_REASON), reason_note: stockEditReasonFields.reason_note })
  .refine(reasonNoteGiven, { error: REASON_NOTE_REQUIRED, path: ['reason_note'] });
export type CommitStocktakeBody = z.input<typeof commitStocktakeBody>;

export const stocktakeStatus = z.enum(['counting', 'committed', 'cancelled']);
export type StocktakeStatus = z.infer<typeof stocktakeStatus>;

export const stocktakeItemKind = z.enum(['part', 'product']);
export type StocktakeItemKind = z.infer<typeof stocktakeItemKind>;

export const stocktakeLine = z.object({
  item_kind: stocktakeItemKind,
  item_id: z.number(),
  name: z.string(),
  part_number: z.string().nullable(),
  unit: z.string().nullable(),
  tag_ids: z.array(z.number()),
  /** A part's unit price, a product's cost (yen): what a unit of variance is worth. */
  unit_value: z.number(),
  expected: z.number(),
  counted: z.number().nullable(),
  variance: z.number().nullable(),
  counted_by: z.string().nullable(),
  counted_at: z.string().nullable(),
});
export type StocktakeLine = z.infer<typeof stocktakeLine>;

export const stocktakeSummary = z.object({
  id: z.number(),
  name: z.string(),
  scope: stocktakeScope,
  status: stocktakeStatus,
  created_by: z.string().nullable(),
  created_at: z.string(),
  committed_by: z.string().nullable(),
  committed_at: z.string().nullable(),
  cancelled_by: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  reason: stockReasonField.nullable(),
  reason_note: z.string().nullable(),
  line_count: z.number(),
  counted_count: z.number(),
  remaining_count: z.number(),
});
export type StocktakeSummary = z.infer<typeof stocktakeSummary>;

export const stocktake = stocktakeSummary.extend({ lines: z.array(stocktakeLine) });
export type Stocktake = z.infer<typeof stocktake>;

/** The answer of PUT /stocktakes/{id}/counts: the lines as stored after the counts, with the progress. */
export const stocktakeCountsResponse = z.object({
  lines: z.array(stocktakeLine),
  counted_count: z.number(),
  remaining_count: z.number(),
});
export type StocktakeCountsResponse = z.infer<typeof stocktakeCountsResponse>;
