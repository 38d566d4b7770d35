import { apiPaths } from '@inventory/contracts/api-paths';
import type { StocktakeSummary } from '@inventory/contracts/stocktakes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const STOCKTAKES_FETCH_FAILED_MESSAGE = '棚卸しの一覧の取得に失敗しました';

export const getStocktakes = () => apiRequest<StocktakeSummary[]>(apiPaths.stocktakes.list, { fallbackMessage: STOCKTAKES_FETCH_FAILED_MESSAGE });

export const stocktakesQueryOptions = () => queryOptions({ queryKey: queryKeys.stocktakes.list, queryFn: getStocktakes });

/** Newest first, without their lines. */
export function useStocktakes() {
  return useQuery(stocktakesQueryOptions());
}
