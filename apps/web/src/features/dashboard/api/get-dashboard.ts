import { apiPaths } from '@inventory/contracts/api-paths';
import type { DashboardResponse } from '@inventory/contracts/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// A failed load shows a banner with a retry, so
// an empty dashboard is never mistaken for an empty workspace.
export const DASHBOARD_FETCH_FAILED_MESSAGE = 'ダッシュボードのデータの取得に失敗しました';

/** The pull to refresh's toasts, worded like the parts list's. */
export const DASHBOARD_REFRESH_MESSAGES = {
  success: 'ダッシュボードを更新しました',
  failure: '更新に失敗しました',
} as const;

export const getDashboard = () => apiRequest<DashboardResponse>(apiPaths.dashboard.all, { fallbackMessage: DASHBOARD_FETCH_FAILED_MESSAGE });

// Everything the page shows in one request (not nine calls one after another).
// Always stale: parts, orders, products and plans change on other screens, and coming back to the
// overview should show them; the cached answer is shown meanwhile.
export const dashboardQueryOptions = () => queryOptions({ queryKey: queryKeys.dashboard.overview, queryFn: getDashboard, staleTime: 0 });

/** An answer this young came from the route's prefetch (app/router.tsx) for this very visit. */
const PREFETCHED_WITHIN_MS = 2_000;

export function useDashboard() {
  // The route fetched it while the screen's code loaded; asking again on mount would repeat the call.
  return useQuery({ ...dashboardQueryOptions(), refetchOnMount: (query) => Date.now() - query.state.dataUpdatedAt > PREFETCHED_WITHIN_MS });
}
