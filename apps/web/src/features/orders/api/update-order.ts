import { apiPaths } from '@inventory/contracts/api-paths';
import type { Order, UpdateOrderBody } from '@inventory/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putOrderInList } from './cache.ts';
import { ordersKeys } from './query-keys.ts';

/** Specification 000, section 8. */
export const UPDATE_ORDER_MESSAGES = {
  success: (partName: string) => `発注「${partName}」の状態を更新しました`,
  failure: '発注状態の更新に失敗しました',
} as const;

export const updateOrder = ({ id, body }: { id: number; body: UpdateOrderBody }) =>
  apiRequest<Order>(apiPaths.orders.one(id), { method: 'PUT', body, fallbackMessage: UPDATE_ORDER_MESSAGES.failure });

/** onStockChanged runs when the update delivered the order (its part's stock rose). */
export function useUpdateOrder({ onStockChanged }: { onStockChanged: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateOrder,
    onSuccess: (order) => {
      putOrderInList(queryClient, order);
      if (order.status === 'delivered') onStockChanged();
    },
    // After a refusal too: the order may have been delivered or deleted elsewhere.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}
