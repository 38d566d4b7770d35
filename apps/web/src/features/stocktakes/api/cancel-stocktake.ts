import { apiPaths } from '@inventory/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const CANCEL_STOCKTAKE_MESSAGES = {
  success: '棚卸しを中止しました',
  failure: '棚卸しを中止できませんでした',
} as const;

export const cancelStocktake = (id: number) =>
  apiRequest<{ message: string }>(apiPaths.stocktakes.one(id), { method: 'DELETE', fallbackMessage: CANCEL_STOCKTAKE_MESSAGES.failure });

export function useCancelStocktake() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelStocktake,
    onSuccess: (_answer, id) => Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.stocktakes.one(id) }), queryClient.invalidateQueries({ queryKey: queryKeys.stocktakes.list })]),
  });
}
