import { apiPaths } from '@inventory/contracts/api-paths';
import type { CapacitySummary } from '@inventory/contracts/manufacturing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * Every product's manufacturable count in one call (DESIGN.md section 5: never one request per
 * product). The answer is kept as a map from product id to count.
 */
export const getCapacities = async () => {
  const rows = await apiRequest<CapacitySummary[]>(apiPaths.manufacturing.capacityAll, {
    fallbackMessage: '製造可能数の取得に失敗しました',
  });
  return new Map(rows.map((row) => [row.product_id, row.max_manufacturable]));
};

export const capacitiesQueryOptions = () => queryOptions({ queryKey: queryKeys.manufacturing.capacities, queryFn: getCapacities });

export function useCapacities() {
  return useQuery(capacitiesQueryOptions());
}
