import type { SalesImportColumnField } from '@inventory/contracts/sales-import';

// The column mapping the screen proposes for a new shop's file, from its header names in
// Japanese or English (BASE, STORES, minne, Creema, a market register, a spreadsheet): a header
// named exactly like one of a field's words wins, then one containing such a word; each header
// serves one field. The user checks and corrects it before saving.

const WORDS: Record<SalesImportColumnField, string[]> = {
  order_id: ['注文番号', '注文ID', '注文コード', '受注番号', '受注ID', '取引ID', '取引番号', 'order id', 'order number', 'order no', 'order', 'name'],
  order_date: ['注文日', '注文日時', '購入日', '購入日時', '受注日', '受注日時', '販売日', '取引日', '日付', '日時', 'order date', 'created at', 'date'],
  sku: ['商品コード', '品番', 'SKU', '型番', '商品番号', '管理番号', 'JAN', 'product code', 'item code', 'lineitem sku'],
  product_name: ['商品名', '品名', '作品名', '商品', 'product name', 'item name', 'lineitem name', 'product', 'item', 'title'],
  variation: ['バリエーション', '種類', 'オプション', 'サイズ・カラー', 'variation', 'variant', 'option'],
  quantity: ['数量', '個数', '購入数', '注文数', '点数', 'quantity', 'qty', 'lineitem quantity'],
  unit_price: ['単価', '販売単価', '商品単価', '価格', '販売価格', '商品価格', '金額', 'unit price', 'price', 'lineitem price'],
  status: ['ステータス', '対応状況', '注文状況', '注文ステータス', '発送状況', '状態', 'status', 'financial status'],
};

/** Fields in the order they pick headers: the specific ones (商品コード) before the general (商品). */
const PICK_ORDER: SalesImportColumnField[] = ['sku', 'variation', 'order_id', 'order_date', 'quantity', 'unit_price', 'status', 'product_name'];

const normalise = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[\s_\-（）()・]/g, '');

export type GuessedColumns = Record<SalesImportColumnField, string | null>;

export function guessColumns(headers: readonly string[]): GuessedColumns {
  const guessed = Object.fromEntries(PICK_ORDER.map((field) => [field, null])) as GuessedColumns;
  const used = new Set<string>();
  const candidates = headers.filter((header) => header.trim() !== '');
  for (const exact of [true, false]) {
    for (const field of PICK_ORDER) {
      if (guessed[field] !== null) continue;
      const words = WORDS[field].map(normalise);
      const found = candidates.find((header) => {
        if (used.has(header)) return false;
        const name = normalise(header);
        return exact ? words.includes(name) : words.some((word) => word.length >= 2 && name.includes(word));
      });
      if (found !== undefined) {
        guessed[field] = found;
        used.add(found);
      }
    }
  }
  return guessed;
}

/** Status values that usually mean a cancelled or refunded order, proposed when a status column is found. */
export const USUAL_CANCELLED_VALUES = ['キャンセル', 'キャンセル済み', '返品', '返金済み'];
