import { apiPaths } from '@inventory/contracts/api-paths';
import type { CreateOrderBody, Order } from '@inventory/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** 発注 from the action sheet: the same purchase order as 部品管理's. */
export const orderScannedPart = ({ partId, body }: { partId: number; body: CreateOrderBody }) =>
  apiRequest<Order>(apiPaths.parts.order(partId), { method: 'POST', body, fallbackMessage: '発注の登録に失敗しました' });

export function useOrderScannedPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderScannedPart,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }), queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all })]),
  });
}
