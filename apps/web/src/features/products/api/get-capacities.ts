import { apiPaths } from '@inventory/contracts/api-paths';
import type { CapacitySummary } from '@inventory/contracts/manufacturing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Every product's manufacturable count in one call (never one request per product). */
export const getCapacities = () =>
  apiRequest<CapacitySummary[]>(apiPaths.manufacturing.capacityAll, { fallbackMessage: '製造可能数の取得に失敗しました' });

const toCountsByProduct = (rows: CapacitySummary[]) => new Map(rows.map((row) => [row.product_id, row.max_manufacturable]));

// The cache holds the server's answer as it is: the manufacturing screen reads the same key, so
// the map from product id to count is derived per observer (select), never stored.
export const capacitiesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.manufacturing.capacities, queryFn: getCapacities, select: toCountsByProduct });

export function useCapacities() {
  return useQuery(capacitiesQueryOptions());
}
