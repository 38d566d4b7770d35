import { apiPaths } from '@inventory/contracts/api-paths';
import type { SellBody, SellResponse } from '@inventory/contracts/products';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putInList } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const SELL_MESSAGES = {
  success: (productName: string, quantity: number) => `${productName}を${quantity}個販売しました`,
  failure: '販売に失敗しました',
} as const;

export const sellProduct = ({ productId, body }: { productId: number; body: SellBody }) =>
  apiRequest<SellResponse>(apiPaths.products.sell(productId), { method: 'POST', body, fallbackMessage: SELL_MESSAGES.failure });

/** A sale lowers the product's stock (products and the dashboard reload, and the 販売管理 lists). */
export function useSellProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sellProduct,
    onSuccess: ({ product }) => {
      putInList(queryClient, queryKeys.products.list, product);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.sales.all }),
      ]);
    },
    // A refusal (409: sold elsewhere meanwhile) means the shown stock is stale.
    onError: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]),
  });
}
