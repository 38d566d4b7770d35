import type { QueryClient } from '@tanstack/react-query';
import { preloadDashboardCalendar } from '../components/dashboard-calendar.tsx';
import { dashboardQueryOptions } from './get-dashboard.ts';

/**
 * The dashboard's call and FullCalendar's code, started by the route while the screen's code
 * downloads: FullCalendar then runs (and adds its styles to the page) while the call is on its
 * way, not between the drawing of the cards and of the month grid.
 */
export function prefetchDashboard(queryClient: QueryClient) {
  void queryClient.prefetchQuery(dashboardQueryOptions());
  preloadDashboardCalendar();
}
