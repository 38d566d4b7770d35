import type { SalesImportResult } from '@inventory/contracts/sales-import';
import { formatCount } from '../../../lib/format.ts';

/** The counts of a preview (what would happen) or of an import (what happened). */
export function ImportCounts({ result, mode }: { result: SalesImportResult; mode: 'preview' | 'import' }) {
  const unmatchedLines = result.unmatched.reduce((sum, pair) => sum + pair.count, 0);
  const counts = [
    { label: '注文行', value: result.lines },
    { label: '注文', value: result.orders },
    { label: mode === 'preview' ? '取り込む' : '取り込み', value: mode === 'preview' ? result.to_import : result.imported },
    { label: '取り込み済み', value: result.duplicates },
    { label: mode === 'preview' ? '取り消す（キャンセル）' : '取り消し（キャンセル）', value: mode === 'preview' ? result.cancellations : result.returned },
    { label: '取り込まない', value: result.skipped },
    { label: '商品が未対応', value: unmatchedLines },
    { label: '在庫不足', value: result.short_of_stock.length },
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
      {counts.map(({ label, value }) => (
        <div key={label} className="rounded-md bg-gray-50 px-3 py-2 text-center dark:bg-gray-800">
          <dt className="text-xs text-gray-600 dark:text-gray-400">{label}</dt>
          <dd className="text-lg font-semibold text-gray-900 tabular-nums dark:text-gray-100">{formatCount(value)}件</dd>
        </div>
      ))}
    </dl>
  );
}

/** Lines left out for too little stock: imported by a later import of the same file once stock is there. */
export function ShortOfStockList({ items }: { items: SalesImportResult['short_of_stock'] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="short-of-stock-title">
      <h3 id="short-of-stock-title" className="mb-1 text-sm font-semibold text-amber-800 dark:text-amber-300">
        在庫不足で取り込まない行 ({formatCount(items.length)}件)
      </h3>
      <p className="mb-2 text-xs text-gray-600 dark:text-gray-400">製造を記録して在庫を増やしてから同じファイルをもう一度取り込むと、この行だけが取り込まれます。</p>
      <ul tabIndex={0} aria-labelledby="short-of-stock-title" className="max-h-48 space-y-1 overflow-y-auto rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-900 dark:bg-amber-950/40 dark:text-amber-100">
        {items.map((item) => (
          <li key={item.row} className="break-words">
            {item.row}行目: 「{item.product_name}」{formatCount(item.quantity)}個（在庫 {formatCount(item.current_stock)}個）
          </li>
        ))}
      </ul>
    </section>
  );
}

export function RowErrorList({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <section aria-labelledby="import-errors-title">
      <h3 id="import-errors-title" className="mb-1 text-sm font-semibold text-red-700 dark:text-red-300">
        読み取れない行 ({formatCount(errors.length)}件)
      </h3>
      <ul tabIndex={0} aria-labelledby="import-errors-title" className="max-h-48 space-y-1 overflow-y-auto rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200">
        {errors.map((message, index) => (
          <li key={index} className="break-words">
            {message}
          </li>
        ))}
      </ul>
    </section>
  );
}
