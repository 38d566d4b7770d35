import { apiPaths } from '@inventory/contracts/api-paths';
import type { StockMovement } from '@inventory/contracts/parts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The part's stock ledger, newest first. */
export const getPartMovements = (partId: number) =>
  apiRequest<StockMovement[]>(apiPaths.parts.movements(partId), { fallbackMessage: '在庫履歴の取得に失敗しました' });

export const partMovementsQueryOptions = (partId: number) =>
  queryOptions({ queryKey: queryKeys.parts.movements(partId), queryFn: () => getPartMovements(partId), staleTime: 0 });

export function usePartMovements(partId: number) {
  return useQuery(partMovementsQueryOptions(partId));
}
