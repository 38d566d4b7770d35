import { apiPaths } from '@inventory/contracts/api-paths';
import type { Plan, UpdatePlanBody } from '@inventory/contracts/manufacturing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putInList } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const UPDATE_PLAN_MESSAGES = {
  success: (productName: string) => `「${productName}」の製造計画を更新しました`,
  /** Shown when the server gives no error text. */
  failure: '製造計画の更新に失敗しました',
} as const;

export const updatePlan = ({ id, body }: { id: number; body: UpdatePlanBody }) =>
  apiRequest<Plan>(apiPaths.manufacturing.plan(id), { method: 'PUT', body, fallbackMessage: UPDATE_PLAN_MESSAGES.failure });

/** A new quantity changes what the plan needs, so its cached requirements are reloaded. */
export function useUpdatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePlan,
    onSuccess: (plan) => {
      putInList(queryClient, queryKeys.manufacturing.plans, plan);
      void queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.planRequirements(plan.id) });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.plans, exact: true }),
  });
}
