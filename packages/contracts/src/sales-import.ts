import { z } from 'zod';
import { ID_MAX, optionalText, singleLineText } from './fields.ts';

// Importing a shop's orders as sales (販売管理 → 注文を取り込む): the source of a file (the
// built-in Shopify reading, or a format the workspace saved with its column mapping), the
// remembered choices for lines that match no product, the answer of a preview and of an
// import, and the history.

/** The built-in source that reads Shopify's order export as it is. */
export const SHOPIFY_SOURCE = 'shopify';
export const SHOPIFY_SOURCE_NAME = 'Shopify';

export const SOURCE_REQUIRED_MESSAGE = '取り込み元を選択してください';

/** `shopify`, or the id of a saved format of the workspace (as text: it comes in a form field). */
export const salesImportSource = z
  .string({ error: SOURCE_REQUIRED_MESSAGE })
  .trim()
  .refine((value) => value === SHOPIFY_SOURCE || (/^[1-9]\d{0,9}$/.test(value) && Number(value) <= ID_MAX), { error: SOURCE_REQUIRED_MESSAGE });

/** The columns a format maps, in the order the screen asks for them, with their labels. */
export const SALES_IMPORT_COLUMN_FIELDS = ['order_id', 'order_date', 'sku', 'product_name', 'variation', 'quantity', 'unit_price', 'status'] as const;
export type SalesImportColumnField = (typeof SALES_IMPORT_COLUMN_FIELDS)[number];

export const SALES_IMPORT_COLUMN_LABELS: Record<SalesImportColumnField, string> = {
  order_id: '注文番号',
  order_date: '注文日',
  sku: 'SKU・商品コード',
  product_name: '商品名',
  variation: 'バリエーション',
  quantity: '数量',
  unit_price: '単価',
  status: 'ステータス',
};

export const REQUIRED_COLUMN_FIELDS = ['order_id', 'order_date', 'quantity', 'unit_price'] as const satisfies readonly SalesImportColumnField[];

const HEADER_MAX = 200;
const columnOf = (field: SalesImportColumnField) => optionalText(`${SALES_IMPORT_COLUMN_LABELS[field]}の列`, HEADER_MAX);
const requiredColumnOf = (field: SalesImportColumnField) =>
  columnOf(field).refine((value) => value !== null, { error: `${SALES_IMPORT_COLUMN_LABELS[field]}の列を選択してください` });

/** Header names of the file's columns (null: the file has no such column). */
export const salesImportColumns = z
  .object({
    order_id: requiredColumnOf('order_id'),
    order_date: requiredColumnOf('order_date'),
    sku: columnOf('sku'),
    product_name: columnOf('product_name'),
    variation: columnOf('variation'),
    quantity: requiredColumnOf('quantity'),
    unit_price: requiredColumnOf('unit_price'),
    status: columnOf('status'),
  })
  .refine((columns) => columns.sku !== null || columns.product_name !== null, {
    error: 'SKU・商品コードか商品名の列を選択してください',
    path: ['sku'],
  });
export type SalesImportColumns = z.output<typeof salesImportColumns>;

export const FORMAT_NAME_MAX = 50;
export const CANCELLED_VALUES_MAX = 20;

/** POST and PUT /sales/import/formats. */
export const salesImportFormatBody = z
  .object({
    name: singleLineText('形式名', FORMAT_NAME_MAX),
    columns: salesImportColumns,
    /** Values of the status column that mean the order is cancelled or refunded (compared after trimming). */
    cancelled_values: z
      .array(singleLineText('キャンセルを表す値', 50), { error: 'キャンセルを表す値は文字列の一覧で指定してください' })
      .max(CANCELLED_VALUES_MAX, `キャンセルを表す値は${CANCELLED_VALUES_MAX}個までです`)
      .default([]),
  })
  .refine((body) => body.columns.status === null || body.cancelled_values.length > 0, {
    error: 'キャンセルを表すステータスの値を入力してください',
    path: ['cancelled_values'],
  });
export type SalesImportFormatBody = z.input<typeof salesImportFormatBody>;

export const salesImportFormat = z.object({
  id: z.number(),
  name: z.string(),
  columns: z.object({
    order_id: z.string(),
    order_date: z.string(),
    sku: z.string().nullable(),
    product_name: z.string().nullable(),
    variation: z.string().nullable(),
    quantity: z.string(),
    unit_price: z.string(),
    status: z.string().nullable(),
  }),
  cancelled_values: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SalesImportFormat = z.infer<typeof salesImportFormat>;

/** POST /sales/import/aliases: what a line of this SKU and name is (null: 取り込まない), for every later import. */
export const salesImportAliasBody = z
  .object({
    source: salesImportSource,
    external_sku: optionalText('SKU', 200).transform((value) => value ?? ''),
    external_name: optionalText('商品名', 400).transform((value) => value ?? ''),
    product_id: z
      .number({ error: '商品を選択してください' })
      .int('商品を選択してください')
      .positive('商品を選択してください')
      .max(ID_MAX, '商品を選択してください')
      .nullable(),
  })
  .refine((body) => body.external_sku !== '' || body.external_name !== '', { error: 'SKUか商品名を指定してください', path: ['external_name'] });
export type SalesImportAliasBody = z.input<typeof salesImportAliasBody>;

export const salesImportAlias = z.object({
  source: z.string(),
  external_sku: z.string(),
  external_name: z.string(),
  /** null: lines of this SKU and name are not imported. */
  product_id: z.number().nullable(),
});
export type SalesImportAlias = z.infer<typeof salesImportAlias>;

/** POST /sales/import/sample: the header row and the first rows of a file, as read (for the column mapping). */
export const SAMPLE_ROWS = 5;
export const salesImportSample = z.object({
  headers: z.array(z.string()),
  rows: z.array(z.array(z.string())),
});
export type SalesImportSample = z.infer<typeof salesImportSample>;

/** The answer of POST /sales/import/preview (nothing changes; imported and returned are 0) and of POST /sales/import. */
export const salesImportResult = z.object({
  /** Order lines read from the file (rows with errors not counted). */
  lines: z.number(),
  /** Distinct orders among them. */
  orders: z.number(),
  /** Lines that are (preview) or were (import) brought in as sales. */
  to_import: z.number(),
  /** Lines imported before (the same order and line): left alone. */
  duplicates: z.number(),
  /** Lines whose SKU and name the workspace chose not to import (取り込まない). */
  skipped: z.number(),
  /** Distinct SKU and name pairs of the lines that match no product. */
  unmatched: z.array(z.object({ external_sku: z.string(), external_name: z.string(), count: z.number() })),
  /** Lines of cancelled or refunded orders that were imported before: their sales are (or will be) deleted. */
  cancellations: z.number(),
  /** Lines not imported because the product has too little stock (row: the line in the file). */
  short_of_stock: z.array(z.object({ row: z.number(), product_name: z.string(), quantity: z.number(), current_stock: z.number() })),
  /** `N行目: reason`, N counting the header as line 1. */
  errors: z.array(z.string()),
  imported: z.number(),
  returned: z.number(),
});
export type SalesImportResult = z.infer<typeof salesImportResult>;

/** GET /sales/import/history: the latest imports, newest first. */
export const SALES_IMPORT_HISTORY_LIMIT = 50;
export const salesImportHistoryEntry = z.object({
  id: z.number(),
  created_at: z.string(),
  user_name: z.string().nullable(),
  file_name: z.string(),
  source: z.string(),
  source_name: z.string(),
  lines: z.number(),
  imported: z.number(),
  duplicates: z.number(),
  returned: z.number(),
});
export type SalesImportHistoryEntry = z.infer<typeof salesImportHistoryEntry>;
