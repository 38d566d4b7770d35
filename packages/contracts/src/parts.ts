import { z } from 'zod';
import { barcodeField } from './scan.ts';
import { dateField, integerField, listLimit, optionalMoneyField, optionalText, optionalUrl, requiredText } from './fields.ts';
import { REASON_NOTE_REQUIRED, REASON_WITHOUT_STOCK, reasonNoteGiven, reasonOnlyWithStock, stockEditReasonFields } from './stock-reason-fields.ts';

export const PART_NAME_MAX = 100;
export const PART_UNIT_MAX = 20;
export { DEFAULT_UNIT_LABEL } from './units.ts';
export const partStatus = z.enum(['active', 'inactive'], { error: '状態が正しくありません' });

/** Fields of the add/edit form (POST /parts; PUT /parts/{id} takes any subset). */
export const partFields = {
  name: requiredText('部品名', PART_NAME_MAX),
  unit: optionalText('単位', PART_UNIT_MAX),
  unit_price: optionalMoneyField('単価'),
  current_stock: integerField('現在在庫', { min: 0 }),
  min_stock_alert: integerField('最小在庫アラート', { min: 0 }),
  url: optionalUrl(),
  part_number: optionalText('品番', 100),
  category: optionalText('カテゴリ', 100),
  barcode: barcodeField,
  status: partStatus,
};

export const createPartBody = z.object({
  ...partFields,
  current_stock: partFields.current_stock.default(0),
  min_stock_alert: partFields.min_stock_alert.default(0),
  status: partStatus.default('active'),
});
export type CreatePartBody = z.input<typeof createPartBody>;

export const updatePartBody = z
  .object({ ...partFields, ...stockEditReasonFields })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { error: '更新する項目を指定してください' })
  .refine(reasonOnlyWithStock, { error: REASON_WITHOUT_STOCK, path: ['reason'] })
  .refine(reasonNoteGiven, { error: REASON_NOTE_REQUIRED, path: ['reason_note'] });
export type UpdatePartBody = z.input<typeof updatePartBody>;

export const part = z.object({
  id: z.number(),
  name: z.string(),
  unit: z.string().nullable(),
  unit_price: z.number().nullable(),
  current_stock: z.number(),
  min_stock_alert: z.number(),
  url: z.string().nullable(),
  part_number: z.string().nullable(),
  category: z.string().nullable(),
  barcode: z.string().nullable(),
  status: partStatus,
  tag_ids: z.array(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Part = z.infer<typeof part>;

/**
 * A part as GET /parts lists it: everything the screens show, filter and edit, without the two
 * timestamps (about a quarter of the answer at 10,000 parts). The web app's parts are these.
 */
export const partListItem = part.omit({ created_at: true, updated_at: true });
export type PartListItem = z.infer<typeof partListItem>;

/** Stock receipt (入荷). */
export const stockEntryBody = z.object({
  quantity: integerField('数量', { min: 1 }),
  unit_price: optionalMoneyField('単価'),
  entry_date: dateField('入荷日'),
  notes: optionalText('備考', 1000),
});
export type StockEntryBody = z.input<typeof stockEntryBody>;

export const stockEntry = z.object({
  id: z.number(),
  part_id: z.number(),
  part_name: z.string(),
  quantity: z.number(),
  unit_price: z.number().nullable(),
  entry_date: z.string(),
  notes: z.string().nullable(),
  /** Set when the entry was recorded by delivering a purchase order. */
  order_id: z.number().nullable(),
  created_at: z.string(),
});
export type StockEntry = z.infer<typeof stockEntry>;

export const stockEntryResponse = z.object({ entry: stockEntry, part });
export type StockEntryResponse = z.infer<typeof stockEntryResponse>;

/** The kinds of rows in a part's stock ledger. */
export const partMovementKind = z.enum(['initial', 'receipt', 'order_delivery', 'adjustment', 'csv_import', 'manufacture_consume', 'stocktake']);
export type PartMovementKind = z.infer<typeof partMovementKind>;

export const stockMovement = z.object({
  id: z.number(),
  kind: z.string(),
  quantity_delta: z.number(),
  balance_after: z.number(),
  reference_id: z.number().nullable(),
  note: z.string().nullable(),
  /** Why the stock was set by hand or counted (stocktake, adjustment): a code of STOCK_REASONS. */
  reason: z.string().nullable(),
  /** The business date of the event (yyyy-MM-dd, Asia/Tokyo for events without a date of their own). */
  effective_date: z.string(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type StockMovement = z.infer<typeof stockMovement>;

export const movementsQuery = z.object({ limit: listLimit(1000).default(200) });

/**
 * GET /parts: every part, or with `limit` the first ones in the same order (a screen's first page,
 * drawn while the whole list is on its way); the header PARTS_TOTAL_HEADER (api-paths.ts) then says how many there are.
 */
export const partsListQuery = z.object({ limit: listLimit(1000).optional() });

export const csvImportResult = z.object({
  /** Rows taken in: created + updated + unchanged. */
  imported: z.number(),
  created: z.number(),
  updated: z.number(),
  /** Rows naming an existing part whose values already equal the file's: nothing is written. */
  unchanged: z.number(),
  /** `N行目: reason`, N counting the header as line 1. */
  errors: z.array(z.string()),
});
export type CsvImportResult = z.infer<typeof csvImportResult>;

export { CSV_EXTRA_COLUMNS, CSV_TAG_SEPARATOR, CSV_TEMPLATE_COLUMNS } from './parts-csv-columns.ts';
