// The CSV columns of the parts import and export, apart from the zod schemas (parts.ts), so the
// parts screen offers its template without downloading zod.

/** Columns of the CSV template, in order. */
export const CSV_TEMPLATE_COLUMNS = ['部品名', '単位', '単価', '現在在庫', '最小在庫アラート'] as const;
/** The export adds these after the template columns; an import reads each one that is present. */
export const CSV_EXTRA_COLUMNS = ['バーコード', '品番', 'カテゴリ', 'URL', 'タグ'] as const;
/** Tag names inside the タグ cell are separated by this character. */
export const CSV_TAG_SEPARATOR = ';';
