import { apiPaths } from '@inventory/contracts/api-paths';
import type { SalesSummary } from '@inventory/contracts/sales';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type SalesQuery, toSearch } from '../utils/sales-query.ts';

export const SALES_SUMMARY_FETCH_FAILED_MESSAGE = '売上サマリーの取得に失敗しました';

export const getSalesSummary = (query: SalesQuery) =>
  apiRequest<SalesSummary>(`${apiPaths.sales.summary}${toSearch(query)}`, { fallbackMessage: SALES_SUMMARY_FETCH_FAILED_MESSAGE });

export const salesSummaryQueryOptions = (query: SalesQuery) =>
  queryOptions({ queryKey: queryKeys.sales.summary(query), queryFn: () => getSalesSummary(query) });

export function useSalesSummary(query: SalesQuery) {
  return useQuery({ ...salesSummaryQueryOptions(query), placeholderData: keepPreviousData });
}
