import { apiPaths } from '@inventory/contracts/api-paths';
import type { DashboardCalendar } from '@inventory/contracts/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import type { CalendarMonth } from '../utils/calendar-events.ts';

export const CALENDAR_FETCH_FAILED_MESSAGE = 'カレンダーの取得に失敗しました';

export const getDashboardCalendar = ({ year, month }: CalendarMonth) =>
  apiRequest<DashboardCalendar>(apiPaths.dashboard.calendar(year, month), { fallbackMessage: CALENDAR_FETCH_FAILED_MESSAGE });

export const dashboardCalendarQueryOptions = (month: CalendarMonth) =>
  queryOptions({ queryKey: queryKeys.dashboard.calendar(month.year, month.month), queryFn: () => getDashboardCalendar(month) });

/** The events of a month other than this one (this month's come with GET /dashboard). */
export function useDashboardCalendar(month: CalendarMonth, enabled: boolean) {
  return useQuery({ ...dashboardCalendarQueryOptions(month), enabled });
}
