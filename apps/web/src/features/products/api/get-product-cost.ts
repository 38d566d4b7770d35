import { apiPaths } from '@inventory/contracts/api-paths';
import type { ProductCost } from '@inventory/contracts/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The recipe's cost lines, total, profit per unit and margin. */
export const getProductCost = (productId: number) =>
  apiRequest<ProductCost>(apiPaths.products.cost(productId), { fallbackMessage: '原価の取得に失敗しました' });

// Part prices change on another screen without touching the products key: ask afresh each time.
export const productCostQueryOptions = (productId: number) =>
  queryOptions({ queryKey: queryKeys.products.cost(productId), queryFn: () => getProductCost(productId), staleTime: 0 });

export function useProductCost(productId: number) {
  return useQuery(productCostQueryOptions(productId));
}
