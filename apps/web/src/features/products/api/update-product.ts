import { apiPaths } from '@inventory/contracts/api-paths';
import type { Product, UpdateProductBody } from '@inventory/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putInList } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { PRODUCT_SAVE_FAILED_MESSAGE } from './create-product.ts';

export const updateProduct = ({ id, body }: { id: number; body: UpdateProductBody }) =>
  apiRequest<Product>(apiPaths.products.one(id), { method: 'PUT', body, fallbackMessage: PRODUCT_SAVE_FAILED_MESSAGE });

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: (product) => {
      putInList(queryClient, queryKeys.products.list, product);
      // The detail's movements and cost (selling price) hang under the products key; plans show
      // the product's current name.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.plans }),
      ]);
    },
  });
}
