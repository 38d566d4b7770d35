import { z } from 'zod';
import { ID_MAX } from './fields.ts';
import { BARCODE_MAX, BARCODE_PATTERN, LABEL_ITEMS_MAX } from './label-codes.ts';

export { BARCODE_MAX, BARCODE_PATTERN, LABEL_ITEMS_MAX, labelPath, parseLabelCode, SCAN_CODE_MAX, type ItemKind } from './label-codes.ts';

export const scanMessages = {
  barcodeFormat: `バーコードは半角の英数字と記号で${BARCODE_MAX}文字以内で入力してください`,
  emptyCode: 'コードを読み取れませんでした',
  codeTooLong: 'コードが長すぎます',
  unknownCode: 'このコードの部品・商品は見つかりません',
  noLabels: 'ラベルを印刷する部品・商品を選択してください',
  tooManyLabels: `ラベルは一度に${LABEL_ITEMS_MAX.toLocaleString('ja-JP')}件まで印刷できます`,
  barcodeTaken: (kindLabel: string, name: string) => `このバーコードは${kindLabel}「${name}」で使われています`,
} as const;

/** A part's or product's barcode: absent, null or blank mean "none" (null). */
export const barcodeField = z
  .string({ error: scanMessages.barcodeFormat })
  .trim()
  .max(BARCODE_MAX, scanMessages.barcodeFormat)
  .refine((value) => value === '' || BARCODE_PATTERN.test(value), { error: scanMessages.barcodeFormat })
  .nullish()
  .transform((value) => (value ? value : null));

export const itemKind = z.enum(['part', 'product'], { error: '種類が正しくありません' });

/** GET /scan/{code}: the item a label or barcode names, with what the action sheet prefills. */
export const scannedItem = z.object({
  kind: itemKind,
  id: z.number(),
  name: z.string(),
  current_stock: z.number(),
  /** Parts only (products have no unit). */
  unit: z.string().nullable(),
  part_number: z.string().nullable(),
  barcode: z.string().nullable(),
  /** The part's last receipt (入荷 prefills quantity and price from it); null for products and parts never received. */
  last_receipt: z.object({ quantity: z.number(), unit_price: z.number().nullable(), entry_date: z.string() }).nullable(),
});
export type ScannedItem = z.infer<typeof scannedItem>;

const labelIds = z.array(z.number().int().positive().max(ID_MAX), { error: scanMessages.noLabels }).max(LABEL_ITEMS_MAX, scanMessages.tooManyLabels);

/** POST /labels: the items to print (parts and products together at most LABEL_ITEMS_MAX). */
export const labelsBody = z
  .object({ part_ids: labelIds.default([]), product_ids: labelIds.default([]) })
  .refine((body) => body.part_ids.length + body.product_ids.length > 0, { error: scanMessages.noLabels })
  .refine((body) => body.part_ids.length + body.product_ids.length <= LABEL_ITEMS_MAX, { error: scanMessages.tooManyLabels });
export type LabelsBody = z.input<typeof labelsBody>;

export const labelItem = z.object({
  kind: itemKind,
  id: z.number(),
  name: z.string(),
  part_number: z.string().nullable(),
  unit: z.string().nullable(),
  barcode: z.string().nullable(),
  /** What the QR code holds: APP_URL/s/{kind}/{id}. */
  code_url: z.string(),
});
export type LabelItem = z.infer<typeof labelItem>;
