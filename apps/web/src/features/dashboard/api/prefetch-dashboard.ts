import type { QueryClient } from '@tanstack/react-query';
import { dashboardQueryOptions } from './get-dashboard.ts';

/** The dashboard's call, started by the route while the screen's code downloads. */
export function prefetchDashboard(queryClient: QueryClient) {
  void queryClient.prefetchQuery(dashboardQueryOptions());
}
