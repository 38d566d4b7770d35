import { type Valuation, VALUATION_METHOD_LABELS } from '@inventory/contracts/valuation';
import { createPortal } from 'react-dom';
import { formatFullDate, formatJapaneseDateTime, formatYen } from '../../../lib/format.ts';
import { ValuationTable } from './valuation-tables.tsx';

/** A text as a CSS string: quotes and backslashes escaped, line breaks as \A. */
const cssString = (text: string) => `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replace(/[\r\n]+/g, ' ')}"`;

/**
 * The printed 棚卸表: A4, the workspace's name, the day, the method and the totals at the top,
 * every row of parts and products, and on every page the workspace and day at the top and the
 * page number at the bottom (page margin boxes). It is drawn into <body> beside the app, which
 * the print CSS hides (index.css, .print-sheet), so the navigation never prints; on screen the
 * sheet is not shown.
 */
export function ValuationPrintSheet({ valuation, workspaceName }: { valuation: Valuation; workspaceName: string }) {
  const method = VALUATION_METHOD_LABELS[valuation.method];
  const pageHeading = `${workspaceName} / 棚卸表 / 評価日 ${formatFullDate(valuation.date)}（${method}）`;
  return createPortal(
    <div className="print-sheet bg-white text-black">
      <style>{`@page { @top-left { content: ${cssString(pageHeading)}; font-size: 8pt; color: #333; } }`}</style>
      <header className="mb-4 border-b-2 border-black pb-3">
        <p className="text-sm">{workspaceName}</p>
        <h1 className="text-2xl font-bold">棚卸表</h1>
        <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm">
          <div className="flex gap-2">
            <dt className="font-semibold">評価日</dt>
            <dd>{formatFullDate(valuation.date)}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">評価方法</dt>
            <dd>{method}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">部品合計</dt>
            <dd>{formatYen(valuation.parts_total)}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">商品合計</dt>
            <dd>{formatYen(valuation.products_total)}</dd>
          </div>
          <div className="flex gap-2 text-base">
            <dt className="font-bold">期末棚卸高 合計</dt>
            <dd className="font-bold">{formatYen(valuation.total)}</dd>
          </div>
          <div className="flex gap-2">
            <dt className="font-semibold">作成</dt>
            <dd>{formatJapaneseDateTime(new Date().toISOString())}</dd>
          </div>
        </dl>
      </header>
      <h2 className="mt-2 mb-1 text-base font-bold">部品</h2>
      <ValuationTable title="部品" rows={valuation.parts} total={valuation.parts_total} print />
      <h2 className="mt-6 mb-1 text-base font-bold break-after-avoid">商品</h2>
      <ValuationTable title="商品" rows={valuation.products} total={valuation.products_total} print />
      <p className="mt-4 text-xs">金額は銭単位で計算し、合計は円未満を切り捨てています。</p>
    </div>,
    document.body,
  );
}
