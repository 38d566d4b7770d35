import { apiPaths } from '@inventory/contracts/api-paths';
import type { CreateOrderBody, Order } from '@inventory/contracts/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const createPartOrder = ({ partId, body }: { partId: number; body: CreateOrderBody }) =>
  apiRequest<Order>(apiPaths.parts.order(partId), { method: 'POST', body, fallbackMessage: '発注の作成に失敗しました' });

export function useCreatePartOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPartOrder,
    // Open orders count in the plans' requirements (発注済み).
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.all }),
      ]),
  });
}
