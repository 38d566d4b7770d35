import { apiPaths } from '@inventory/contracts/api-paths';
import type { CopyProductBody, Product } from '@inventory/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putInList } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const COPY_PRODUCT_MESSAGES = {
  success: (newName: string) => `商品「${newName}」としてコピーしました`,
  failure: '商品のコピーに失敗しました',
} as const;

export const copyProduct = ({ id, body }: { id: number; body: CopyProductBody }) =>
  apiRequest<Product>(apiPaths.products.copy(id), { method: 'POST', body, fallbackMessage: COPY_PRODUCT_MESSAGES.failure });

/** The copy carries the recipe, so it has a manufacturable count of its own. */
export function useCopyProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: copyProduct,
    onSuccess: (product) => {
      putInList(queryClient, queryKeys.products.list, product);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.capacities }),
      ]);
    },
  });
}
