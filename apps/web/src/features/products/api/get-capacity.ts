import { apiPaths } from '@inventory/contracts/api-paths';
import type { Capacity } from '@inventory/contracts/manufacturing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** One product's maximum and the parts that set it (the manufacture dialog). */
export const getCapacity = (productId: number) =>
  apiRequest<Capacity>(apiPaths.manufacturing.capacity(productId), { fallbackMessage: '製造可能数の取得に失敗しました' });

// Always asked afresh when the dialog opens: the maximum guards the quantity, and stock moves.
export const capacityQueryOptions = (productId: number) =>
  queryOptions({ queryKey: queryKeys.manufacturing.capacity(productId), queryFn: () => getCapacity(productId), staleTime: 0 });

export function useCapacity(productId: number) {
  return useQuery(capacityQueryOptions(productId));
}
