import { apiPaths } from '@inventory/contracts/api-paths';
import type { Stocktake } from '@inventory/contracts/stocktakes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const STOCKTAKE_FETCH_FAILED_MESSAGE = '棚卸しの取得に失敗しました';

/** Counts from other phones arrive with this refresh (and whenever the screen comes back into view). */
export const STOCKTAKE_REFRESH_MS = 30_000;

export const getStocktake = (id: number) => apiRequest<Stocktake>(apiPaths.stocktakes.one(id), { fallbackMessage: STOCKTAKE_FETCH_FAILED_MESSAGE });

export const stocktakeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.stocktakes.one(id),
    queryFn: () => getStocktake(id),
    refetchInterval: (query) => (query.state.data?.status === 'counting' ? STOCKTAKE_REFRESH_MS : false),
  });

/** The stocktake with every line. */
export function useStocktake(id: number) {
  return useQuery(stocktakeQueryOptions(id));
}
