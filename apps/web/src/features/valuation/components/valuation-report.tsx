import { type ValuationMethod, VALUATION_METHOD_LABELS, VALUATION_METHODS } from '@inventory/contracts/valuation-methods';
import { isCalendarDate } from '@inventory/contracts/calendar-date';
import { ArrowLeft, Download, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/form/button.tsx';
import { SelectField } from '../../../components/form/select-field.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { PageContainer, PageHeader } from '../../../components/layout/page-header.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { formatCount, formatYen } from '../../../lib/format.ts';
import { useDownloadValuationCsv } from '../api/download-valuation-csv.ts';
import { useValuation } from '../api/get-valuation.ts';
import { lastYearEnd } from '../utils/valuation-dates.ts';
import { ValuationPrintSheet } from './valuation-print-sheet.tsx';
import { ValuationTable } from './valuation-tables.tsx';

const METHOD_OPTIONS = VALUATION_METHODS.map((value) => ({ value, label: VALUATION_METHOD_LABELS[value] }));

export const METHOD_EXPLANATIONS: Record<ValuationMethod, string> = {
  last_purchase: '評価日までで最後に仕入れた単価（入荷・発注納入）で評価します。届出をしていない個人事業主の法定評価方法です',
  moving_average: '仕入れのたびに「在庫の金額 ＋ 仕入れの金額」を数量で割り直した平均単価で評価します',
};

/** Rows of each table drawn on screen at first; すべて表示 draws the rest (the printed sheet always has all). */
export const SCREEN_ROWS = 200;

/**
 * 在庫評価: the stock of every part and product on a day (default: the last 31 December), valued by
 * 最終仕入原価法 or 移動平均法, with the totals, the CSV of the 棚卸表 and its printout.
 */
export function ValuationReport({ workspaceName }: { workspaceName: string }) {
  const [date, setDate] = useState(() => lastYearEnd(new Date()));
  const [method, setMethod] = useState<ValuationMethod>('last_purchase');
  const [allRows, setAllRows] = useState(false);
  const validDate = isCalendarDate(date) ? date : null;
  const valuation = useValuation(validDate, method);
  const csv = useDownloadValuationCsv();
  const data = valuation.data;
  const rowsOf = <T,>(rows: readonly T[]) => (allRows ? rows : rows.slice(0, SCREEN_ROWS));
  const hidden = data ? Math.max(0, data.parts.length - SCREEN_ROWS) + Math.max(0, data.products.length - SCREEN_ROWS) : 0;

  return (
    <PageContainer>
      <Link to={paths.stocktakes} className="mb-3 inline-flex items-center gap-1 text-sm text-blue-700 hover:underline dark:text-blue-300">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        棚卸し
      </Link>
      <PageHeader
        title="在庫評価"
        subtitle="評価日の在庫数と評価額（期末棚卸高）を計算し、棚卸表を出力します"
        actions={
          <>
            <Button variant="secondary" disabled={!data || csv.isPending} onClick={() => validDate && csv.mutate({ date: validDate, method })}>
              <Download className="h-4 w-4" aria-hidden="true" />
              {csv.isPending ? '作成中...' : 'CSVダウンロード'}
            </Button>
            <Button variant="secondary" disabled={!data} onClick={() => window.print()}>
              <Printer className="h-4 w-4" aria-hidden="true" />
              棚卸表を印刷
            </Button>
          </>
        }
      />
      <div className="mb-4 grid gap-3 rounded-xl border border-gray-200 bg-white p-4 sm:grid-cols-2 dark:border-gray-700 dark:bg-gray-900">
        <TextField label="評価日" type="date" value={date} onChange={(event) => setDate(event.target.value)} error={validDate ? undefined : '評価日を入力してください'} />
        <SelectField label="評価方法" value={method} options={METHOD_OPTIONS} onChange={(event) => setMethod(event.target.value as ValuationMethod)} />
        <p className="text-sm text-gray-600 sm:col-span-2 dark:text-gray-300">{METHOD_EXPLANATIONS[method]}</p>
      </div>

      {valuation.isPending && validDate ? (
        <LoadingSpinner label="在庫評価を計算中..." className="py-16" />
      ) : valuation.isError ? (
        <ErrorBanner message={valuation.error.message} onRetry={() => void valuation.refetch()} />
      ) : data ? (
        <div className="space-y-6" aria-busy={valuation.isFetching}>
          <dl className="grid grid-cols-3 gap-2 text-center">
            {[
              ['部品', data.parts_total],
              ['商品', data.products_total],
              ['合計', data.total],
            ].map(([label, value]) => (
              <div key={label} className="rounded-xl border border-gray-200 bg-white p-3 dark:border-gray-700 dark:bg-gray-900">
                <dt className="text-xs text-gray-500 dark:text-gray-400">{label}</dt>
                <dd className="mt-1 text-base font-bold break-all text-gray-900 tabular-nums sm:text-xl dark:text-gray-50">{formatYen(value as number)}</dd>
              </div>
            ))}
          </dl>
          {data.parts.length === 0 && data.products.length === 0 ? (
            <EmptyState message="評価日の在庫はありません" hint="在庫履歴の日付（入荷日・製造日・販売日など）が評価日以前のものを数えます" />
          ) : (
            <>
              {(
                [
                  ['部品', data.parts, data.parts_total],
                  ['商品', data.products, data.products_total],
                ] as const
              ).map(([title, rows, total]) => (
                <section key={title}>
                  <h2 className="mb-2 text-lg font-semibold text-gray-900 dark:text-gray-50">
                    {title}（{formatCount(rows.length)}件）
                  </h2>
                  <div className="overflow-x-auto rounded-xl border border-gray-200 bg-white dark:border-gray-700 dark:bg-gray-900">
                    <ValuationTable title={title} rows={rowsOf(rows)} total={total} count={rows.length} />
                  </div>
                </section>
              ))}
              {hidden > 0 && !allRows ? (
                <Button variant="secondary" className="w-full" onClick={() => setAllRows(true)}>
                  すべて表示（残り{formatCount(hidden)}件）
                </Button>
              ) : null}
            </>
          )}
          <ValuationPrintSheet valuation={data} workspaceName={workspaceName} />
        </div>
      ) : null}
    </PageContainer>
  );
}
