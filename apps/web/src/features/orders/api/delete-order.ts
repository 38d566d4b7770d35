import { apiPaths } from '@inventory/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { removeFromPages } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const DELETE_ORDER_MESSAGES = {
  success: (partName: string) => `発注「${partName}」を削除しました`,
  failure: '発注の削除に失敗しました',
} as const;

export const deleteOrder = (id: number) =>
  apiRequest<{ message: string }>(apiPaths.orders.one(id), { method: 'DELETE', fallbackMessage: DELETE_ORDER_MESSAGES.failure });

export function useDeleteOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteOrder,
    onSuccess: (_, id) => removeFromPages(queryClient, queryKeys.orders.list, id),
    // Open orders count in the plans' requirements (発注済み).
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.all }),
      ]),
  });
}
