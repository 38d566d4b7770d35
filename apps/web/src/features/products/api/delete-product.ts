import { apiPaths } from '@inventory/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { removeFromList } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const DELETE_PRODUCT_MESSAGES = {
  success: (name: string) => `商品「${name}」を削除しました`,
  failure: '商品の削除に失敗しました',
} as const;

export const deleteProduct = (id: number) =>
  apiRequest<unknown>(apiPaths.products.one(id), { method: 'DELETE', fallbackMessage: DELETE_PRODUCT_MESSAGES.failure });

/** The product's plans go with it and its capacity row disappears, so manufacturing reloads too. */
export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_, id) => {
      removeFromList(queryClient, queryKeys.products.list, id);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.all }),
      ]);
    },
  });
}
