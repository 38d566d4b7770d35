import { apiPaths } from '@inventory/contracts/api-paths';
import type { RequirementsResult } from '@inventory/contracts/manufacturing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const EMPTY_REQUIREMENTS: RequirementsResult = {
  requirements: [],
  total_parts: 0,
  has_shortages: false,
  orders: [],
  manufacturing_adjusted: false,
};

/**
 * A plan's requirements that fail to load are stored as an
 * empty list without shortages (apiRequest has logged the failure), so the card is not retried
 * on every expansion.
 */
export const getPlanRequirements = (planId: number) =>
  apiRequest<RequirementsResult>(apiPaths.manufacturing.planRequirements(planId), {
    fallbackMessage: '必要部品の取得に失敗しました',
  }).catch(() => EMPTY_REQUIREMENTS);

/** Loaded once per plan: never stale by age, reloaded only when a change invalidates it. */
export const planRequirementsQueryOptions = (planId: number) =>
  queryOptions({
    queryKey: queryKeys.manufacturing.planRequirements(planId),
    queryFn: () => getPlanRequirements(planId),
    staleTime: Number.POSITIVE_INFINITY,
  });

export function usePlanRequirements(planId: number, { enabled }: { enabled: boolean }) {
  return useQuery({ ...planRequirementsQueryOptions(planId), enabled });
}
