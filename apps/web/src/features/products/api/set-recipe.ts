import { apiPaths } from '@inventory/contracts/api-paths';
import type { RecipeLine, SetRecipeBody } from '@inventory/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const SET_RECIPE_MESSAGES = {
  success: (productName: string) => `「${productName}」のレシピを保存しました`,
  failure: 'レシピの保存に失敗しました',
} as const;

export const setRecipe = ({ productId, body }: { productId: number; body: SetRecipeBody }) =>
  apiRequest<RecipeLine[]>(apiPaths.products.recipe(productId), { method: 'POST', body, fallbackMessage: SET_RECIPE_MESSAGES.failure });

/** A recipe sets the product's cost and line count, its manufacturable count and what its plans need. */
export function useSetRecipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRecipe,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.all }),
      ]),
  });
}
