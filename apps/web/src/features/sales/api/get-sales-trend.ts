import { apiPaths } from '@inventory/contracts/api-paths';
import type { SalesTrendPoint } from '@inventory/contracts/sales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toSearch } from '../utils/sales-filters.ts';
import { SALES_TREND_MONTHS } from '../utils/sales-trend.ts';

export const SALES_TREND_FETCH_FAILED_MESSAGE = '売上推移の取得に失敗しました';

export const getSalesTrend = (months: number) =>
  apiRequest<SalesTrendPoint[]>(`${apiPaths.sales.trend}${toSearch({ months })}`, { fallbackMessage: SALES_TREND_FETCH_FAILED_MESSAGE });

export const salesTrendQueryOptions = (months: number) =>
  queryOptions({ queryKey: queryKeys.sales.trend(months), queryFn: () => getSalesTrend(months) });

/** The last 12 calendar months, whatever the filters (the chart is the long view beside them). */
export function useSalesTrend() {
  return useQuery(salesTrendQueryOptions(SALES_TREND_MONTHS));
}
