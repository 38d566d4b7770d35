import { apiPaths } from '@inventory/contracts/api-paths';
import type { Plan } from '@inventory/contracts/manufacturing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Shown when the server gives no error text. */
export const PLANS_FETCH_FAILED_MESSAGE = '製造計画の取得に失敗しました';

export const getPlans = () => apiRequest<Plan[]>(apiPaths.manufacturing.plans, { fallbackMessage: PLANS_FETCH_FAILED_MESSAGE });

export const plansQueryOptions = () => queryOptions({ queryKey: queryKeys.manufacturing.plans, queryFn: getPlans });

export function usePlans({ enabled }: { enabled: boolean }) {
  return useQuery({ ...plansQueryOptions(), enabled });
}
