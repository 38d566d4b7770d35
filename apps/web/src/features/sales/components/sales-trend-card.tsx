import clsx from 'clsx';
import { useMemo } from 'react';
import { ErrorBanner } from '../../../components/ui/error-banner.tsx';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { formatYen } from '../../../lib/format.ts';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { useSalesTrend } from '../api/get-sales-trend.ts';
import { hasTrendSales, SALES_TREND_MONTHS, toTrendChartData } from '../utils/sales-trend.ts';

// The chart library is most of 販売管理's weight: a spinner holds the chart's place until it is here.
const SalesTrendChart = lazyComponent(async () => (await import('./sales-trend-chart.tsx')).SalesTrendChart, ChartLoading);

function ChartLoading() {
  return <LoadingSpinner label="グラフを読み込み中..." className="h-72" />;
}

const TITLE = '月別売上推移';
const PERIOD = `直近${SALES_TREND_MONTHS}か月`;

/**
 * 月別売上推移: the last 12 months from GET /sales/trend, of the product chosen in the filters
 * (the dates do not apply: the chart is the long view). The chart is drawn for the eye; the same
 * figures are in a table for screen readers.
 */
export function SalesTrendCard({ productId, productName }: { productId: number | undefined; productName: string | undefined }) {
  const trend = useSalesTrend(productId);
  const data = useMemo(() => toTrendChartData(trend.data ?? []), [trend.data]);
  const subject = productId !== undefined && productName !== undefined ? `「${productName}」の${PERIOD}` : PERIOD;
  const description = `${subject}の売上・原価・利益`;

  return (
    <section
      aria-labelledby="sales-trend-title"
      aria-busy={trend.isPlaceholderData}
      className="rounded-xl border border-gray-200 bg-white p-4 sm:p-5 dark:border-gray-800 dark:bg-gray-900"
    >
      <h2 id="sales-trend-title" className="font-semibold text-gray-900 dark:text-gray-100">
        {TITLE}
      </h2>
      <p className="text-xs break-words text-gray-500 dark:text-gray-400">{description}</p>
      <div className={clsx('mt-3 transition-opacity', trend.isPlaceholderData && 'opacity-60')}>
        {trend.isPending ? (
          <LoadingSpinner label="売上推移を読み込み中..." className="h-72" />
        ) : trend.isError ? (
          <ErrorBanner message={trend.error.message} onRetry={() => void trend.refetch()} />
        ) : !hasTrendSales(trend.data) ? (
          <p className="py-10 text-center text-sm break-words text-gray-500 dark:text-gray-400">{subject}の売上はありません</p>
        ) : (
          <>
            <div aria-hidden="true">
              <SalesTrendChart data={data} />
            </div>
            {/* sr-only on the wrapper: a table ignores the class's 1 px width and overflow, and
                its full width made a 375 px page scroll sideways. */}
            <div className="sr-only">
              <table>
                <caption>
                  {TITLE}（{description}）
                </caption>
                <thead>
                  <tr>
                    <th scope="col">月</th>
                    <th scope="col">売上</th>
                    <th scope="col">原価</th>
                    <th scope="col">利益</th>
                  </tr>
                </thead>
                <tbody>
                  {data.map((point) => (
                    <tr key={point.month}>
                      <th scope="row">{point.fullLabel}</th>
                      <td>{formatYen(point.sales)}</td>
                      <td>{formatYen(point.cost)}</td>
                      <td>{formatYen(point.profit)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
