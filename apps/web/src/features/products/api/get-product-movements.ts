import { apiPaths } from '@inventory/contracts/api-paths';
import type { StockMovement } from '@inventory/contracts/parts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The product's stock ledger (manufacture, sales, edits). */
export const getProductMovements = (productId: number) =>
  apiRequest<StockMovement[]>(apiPaths.products.movements(productId), { fallbackMessage: '在庫履歴の取得に失敗しました' });

export const productMovementsQueryOptions = (productId: number) =>
  queryOptions({ queryKey: queryKeys.products.movements(productId), queryFn: () => getProductMovements(productId), staleTime: 0 });

export function useProductMovements(productId: number) {
  return useQuery(productMovementsQueryOptions(productId));
}
