import { apiPaths } from '@inventory/contracts/api-paths';
import type { AdminStats } from '@inventory/contracts/management-console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Shown when the server gives no error text. */
export const ADMIN_STATS_FETCH_FAILED_MESSAGE = '統計情報の読み込みに失敗しました';

export const getAdminStats = () =>
  apiRequest<AdminStats>(apiPaths.managementConsole.stats, { fallbackMessage: ADMIN_STATS_FETCH_FAILED_MESSAGE });

export const adminStatsQueryOptions = () => queryOptions({ queryKey: queryKeys.managementConsole.stats, queryFn: getAdminStats });

export function useAdminStats() {
  return useQuery(adminStatsQueryOptions());
}
