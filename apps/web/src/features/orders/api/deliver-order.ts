import { apiPaths } from '@inventory/contracts/api-paths';
import type { Order } from '@inventory/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putInPages } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const DELIVER_ORDER_MESSAGES = {
  success: (partName: string) => `発注「${partName}」を納入処理しました`,
  failure: '納入処理に失敗しました',
} as const;

export const deliverOrder = (id: number) =>
  apiRequest<Order>(apiPaths.orders.deliver(id), { method: 'POST', fallbackMessage: DELIVER_ORDER_MESSAGES.failure });

/** A delivery adds the ordered quantity to the part's stock, so the parts data is reloaded too. */
export function useDeliverOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverOrder,
    onSuccess: (order) => {
      putInPages(queryClient, queryKeys.orders.list, order);
      void queryClient.invalidateQueries({ queryKey: queryKeys.parts.all });
      // Part stock and open orders feed the manufacturable counts and the plans' requirements.
      void queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.all });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
  });
}
