import { apiPaths } from '@inventory/contracts/api-paths';
import type { ManufactureBody, ManufactureResponse } from '@inventory/contracts/manufacturing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putInList } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const MANUFACTURE_MESSAGES = {
  success: (productName: string, quantity: number) => `${productName}を${quantity}個製造しました`,
  failure: '製造に失敗しました',
} as const;

export const manufactureProduct = ({ productId, body }: { productId: number; body: ManufactureBody }) =>
  apiRequest<ManufactureResponse>(apiPaths.manufacturing.manufacture(productId), {
    method: 'POST',
    body,
    fallbackMessage: MANUFACTURE_MESSAGES.failure,
  });

/**
 * Manufacturing adds to the product, consumes parts, writes a record and lowers plans
 * (products, parts, capacities, plans and the dashboard reload).
 */
export function useManufactureProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: manufactureProduct,
    onSuccess: ({ product }) => {
      putInList(queryClient, queryKeys.products.list, product);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]);
    },
    // A refusal (409: a part ran short meanwhile) means the shown maximum and stocks are stale:
    // someone else manufactured or sold, so the products and capacities are asked again.
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.capacities }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.list }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]),
  });
}
