import { apiPaths } from '@inventory/contracts/api-paths';
import type { Sale } from '@inventory/contracts/sales';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type SalesQuery, toSearch } from '../utils/sales-query.ts';

// A failed load shows a banner with this text.
export const SALES_FETCH_FAILED_MESSAGE = '売上記録の取得に失敗しました';

/** The table shows the newest 1,000 sales of the period; the cards and per-product table count them all. */
export const SALES_TABLE_LIMIT = 1000;

export const getSales = (query: SalesQuery) =>
  apiRequest<Sale[]>(`${apiPaths.sales.list}${toSearch({ ...query, limit: SALES_TABLE_LIMIT })}`, {
    fallbackMessage: SALES_FETCH_FAILED_MESSAGE,
  });

export const salesQueryOptions = (query: SalesQuery) =>
  queryOptions({ queryKey: queryKeys.sales.list(query), queryFn: () => getSales(query) });

/** Keeps showing the previous answer while new filters load, so the table does not flash away. */
export function useSales(query: SalesQuery) {
  return useQuery({ ...salesQueryOptions(query), placeholderData: keepPreviousData });
}
