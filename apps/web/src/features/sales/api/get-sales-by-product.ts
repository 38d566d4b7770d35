import { apiPaths } from '@inventory/contracts/api-paths';
import type { ProductSalesStatistics } from '@inventory/contracts/sales';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { type SalesQuery, toSearch } from '../utils/sales-query.ts';

export const SALES_BY_PRODUCT_FETCH_FAILED_MESSAGE = '商品別売上の取得に失敗しました';

export const getSalesByProduct = (query: SalesQuery) =>
  apiRequest<ProductSalesStatistics[]>(`${apiPaths.sales.byProduct}${toSearch(query)}`, {
    fallbackMessage: SALES_BY_PRODUCT_FETCH_FAILED_MESSAGE,
  });

export const salesByProductQueryOptions = (query: SalesQuery) =>
  queryOptions({ queryKey: queryKeys.sales.byProduct(query), queryFn: () => getSalesByProduct(query) });

export function useSalesByProduct(query: SalesQuery) {
  return useQuery({ ...salesByProductQueryOptions(query), placeholderData: keepPreviousData });
}
