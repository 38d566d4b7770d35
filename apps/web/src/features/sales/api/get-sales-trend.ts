import { apiPaths } from '@inventory/contracts/api-paths';
import type { SalesTrendPoint } from '@inventory/contracts/sales';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { toSearch } from '../utils/sales-query.ts';
import { SALES_TREND_MONTHS } from '../utils/sales-trend.ts';

export const SALES_TREND_FETCH_FAILED_MESSAGE = '売上推移の取得に失敗しました';

export const getSalesTrend = (months: number, productId: number | undefined) =>
  apiRequest<SalesTrendPoint[]>(`${apiPaths.sales.trend}${toSearch({ months, product_id: productId })}`, {
    fallbackMessage: SALES_TREND_FETCH_FAILED_MESSAGE,
  });

export const salesTrendQueryOptions = (months: number, productId: number | undefined) =>
  queryOptions({ queryKey: queryKeys.sales.trend(months, productId), queryFn: () => getSalesTrend(months, productId) });

/**
 * The last 12 calendar months of the product filter's product (all products without one): the
 * chart is the long view beside the period's figures, so it follows the product but not the dates.
 * The previous chart stays, dimmed, while another product's months load.
 */
export function useSalesTrend(productId: number | undefined) {
  return useQuery({ ...salesTrendQueryOptions(SALES_TREND_MONTHS, productId), placeholderData: keepPreviousData });
}
