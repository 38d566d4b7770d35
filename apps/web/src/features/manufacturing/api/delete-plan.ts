import { apiPaths } from '@inventory/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { removeFromList } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const DELETE_PLAN_MESSAGES = {
  success: (productName: string) => `「${productName}」の製造計画を削除しました`,
  /** Shown when the server gives no error text. */
  failure: '製造計画の削除に失敗しました',
} as const;

export const deletePlan = (id: number) =>
  apiRequest<unknown>(apiPaths.manufacturing.plan(id), { method: 'DELETE', fallbackMessage: DELETE_PLAN_MESSAGES.failure });

export function useDeletePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePlan,
    onSuccess: (_, id) => {
      removeFromList(queryClient, queryKeys.manufacturing.plans, id);
      queryClient.removeQueries({ queryKey: queryKeys.manufacturing.planRequirements(id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.plans, exact: true }),
  });
}
