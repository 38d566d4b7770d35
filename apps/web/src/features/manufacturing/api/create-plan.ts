import { apiPaths } from '@inventory/contracts/api-paths';
import type { CreatePlanBody, Plan } from '@inventory/contracts/manufacturing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putInList } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const CREATE_PLAN_MESSAGES = {
  success: (productName: string) => `「${productName}」の製造計画を作成しました`,
  /** Shown when the server gives no error text. */
  failure: '製造計画の作成に失敗しました',
} as const;

export const createPlan = (body: CreatePlanBody) =>
  apiRequest<Plan>(apiPaths.manufacturing.plans, { method: 'POST', body, fallbackMessage: CREATE_PLAN_MESSAGES.failure });

export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPlan,
    onSuccess: (plan) => putInList(queryClient, queryKeys.manufacturing.plans, plan),
    // exact: the plans key is also the prefix of every plan's requirements, which did not change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.plans, exact: true }),
  });
}
