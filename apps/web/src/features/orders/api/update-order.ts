import { apiPaths } from '@inventory/contracts/api-paths';
import type { Order, UpdateOrderBody } from '@inventory/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putInPages } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const UPDATE_ORDER_MESSAGES = {
  success: (partName: string) => `発注「${partName}」の状態を更新しました`,
  failure: '発注状態の更新に失敗しました',
} as const;

export const updateOrder = ({ id, body }: { id: number; body: UpdateOrderBody }) =>
  apiRequest<Order>(apiPaths.orders.one(id), { method: 'PUT', body, fallbackMessage: UPDATE_ORDER_MESSAGES.failure });

/** An update to 納入済み raises the part's stock (as a delivery does), so the parts data is reloaded too. */
export function useUpdateOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: (order) => {
      putInPages(queryClient, queryKeys.orders.list, order);
      if (order.status === 'delivered') void queryClient.invalidateQueries({ queryKey: queryKeys.parts.all });
    },
    // After a refusal too: the order may have been delivered or deleted elsewhere. Open orders and
    // part stock feed the plans' requirements and the manufacturable counts.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.all }),
      ]),
  });
}
