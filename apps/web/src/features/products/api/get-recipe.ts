import { apiPaths } from '@inventory/contracts/api-paths';
import type { RecipeLine } from '@inventory/contracts/products';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getRecipe = (productId: number) =>
  apiRequest<RecipeLine[]>(apiPaths.products.recipe(productId), { fallbackMessage: 'レシピの取得に失敗しました' });

// The editor starts from what the server holds now, not from a copy cached minutes ago.
export const recipeQueryOptions = (productId: number) =>
  queryOptions({ queryKey: queryKeys.products.recipe(productId), queryFn: () => getRecipe(productId), staleTime: 0 });

export function useRecipe(productId: number) {
  return useQuery(recipeQueryOptions(productId));
}
