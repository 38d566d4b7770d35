import { apiPaths } from '@inventory/contracts/api-paths';
import type { StockEntry } from '@inventory/contracts/parts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getPartStockEntries = (partId: number) =>
  apiRequest<StockEntry[]>(apiPaths.stockEntries.forPart(partId), { fallbackMessage: '入荷履歴の取得に失敗しました' });

export const partStockEntriesQueryOptions = (partId: number) =>
  queryOptions({ queryKey: queryKeys.parts.stockEntries(partId), queryFn: () => getPartStockEntries(partId), staleTime: 0 });

export function usePartStockEntries(partId: number) {
  return useQuery(partStockEntriesQueryOptions(partId));
}
