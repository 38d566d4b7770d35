import { apiPaths } from '@inventory/contracts/api-paths';
import type { WorkspaceStats } from '@inventory/contracts/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Shown when the server gives no error text. */
export const STATS_FETCH_FAILED_MESSAGE = 'ワークスペース統計の取得に失敗しました';

// Every member may read the stats (the server does not guard them), so this is a plain call.
export const getWorkspaceStats = () => apiRequest<WorkspaceStats>(apiPaths.workspace.stats, { fallbackMessage: STATS_FETCH_FAILED_MESSAGE });

export const workspaceStatsQueryOptions = () => queryOptions({ queryKey: queryKeys.workspaces.stats, queryFn: getWorkspaceStats });

export function useWorkspaceStats() {
  return useQuery(workspaceStatsQueryOptions());
}
