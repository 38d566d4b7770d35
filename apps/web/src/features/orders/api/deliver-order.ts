import { apiPaths } from '@inventory/contracts/api-paths';
import type { Order } from '@inventory/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putOrderInList } from './cache.ts';
import { ordersKeys } from './query-keys.ts';

/** Specification 000, section 8. */
export const DELIVER_ORDER_MESSAGES = {
  success: (partName: string) => `発注「${partName}」を納入処理しました`,
  failure: '納入処理に失敗しました',
} as const;

export const deliverOrder = (id: number) =>
  apiRequest<Order>(apiPaths.orders.deliver(id), { method: 'POST', fallbackMessage: DELIVER_ORDER_MESSAGES.failure });

/** onStockChanged runs after the delivery added the ordered quantity to the part's stock. */
export function useDeliverOrder({ onStockChanged }: { onStockChanged: () => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deliverOrder,
    onSuccess: (order) => {
      putOrderInList(queryClient, order);
      onStockChanged();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersKeys.all }),
  });
}
