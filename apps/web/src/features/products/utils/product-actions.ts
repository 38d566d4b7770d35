/** What a product row can do; 'detail' is the name's click, the rest are the row menu. */
export type ProductAction = 'detail' | 'recipe' | 'manufacture' | 'sell' | 'copy' | 'edit' | 'labels' | 'delete';

/** The row menu's labels, in order: recipe, manufacture, sell, copy, edit, label print, delete. */
export const PRODUCT_ACTION_LABELS: Record<Exclude<ProductAction, 'detail'>, string> = {
  recipe: 'レシピ',
  manufacture: '製造',
  sell: '販売',
  copy: 'コピー',
  edit: '編集',
  labels: 'ラベル印刷',
  delete: '削除',
};
