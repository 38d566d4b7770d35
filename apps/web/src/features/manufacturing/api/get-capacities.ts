import { apiPaths } from '@inventory/contracts/api-paths';
import type { CapacitySummary } from '@inventory/contracts/manufacturing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const CAPACITIES_FETCH_FAILED_MESSAGE = '製造可能数の取得に失敗しました';

/** Every product's manufacturable count in one call, not one request per product. */
export const getCapacities = () =>
  apiRequest<CapacitySummary[]>(apiPaths.manufacturing.capacityAll, { fallbackMessage: CAPACITIES_FETCH_FAILED_MESSAGE });

export const capacitiesQueryOptions = () => queryOptions({ queryKey: queryKeys.manufacturing.capacities, queryFn: getCapacities });

export function useCapacities({ enabled }: { enabled: boolean }) {
  return useQuery({ ...capacitiesQueryOptions(), enabled });
}
