import { apiPaths } from '@inventory/contracts/api-paths';
import type { CreateProductBody, Product } from '@inventory/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putInList } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Shown when the server gives no error text (add and edit alike). */
export const PRODUCT_SAVE_FAILED_MESSAGE = '商品の保存に失敗しました';

export const createProduct = (body: CreateProductBody) =>
  apiRequest<Product>(apiPaths.products.list, { method: 'POST', body, fallbackMessage: PRODUCT_SAVE_FAILED_MESSAGE });

/** A new product has no recipe yet, but the batch capacities must list it. */
export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: (product) => {
      putInList(queryClient, queryKeys.products.list, product);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.capacities }),
      ]);
    },
  });
}
