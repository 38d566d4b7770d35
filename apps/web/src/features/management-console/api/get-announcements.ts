import { apiPaths } from '@inventory/contracts/api-paths';
import type { Announcement } from '@inventory/contracts/management-console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Shown when the server gives no error text. */
export const ANNOUNCEMENTS_FETCH_FAILED_MESSAGE = '告知の読み込みに失敗しました';

/** Every announcement, active or not, newest first (as the server answers). */
export const getAnnouncements = () =>
  apiRequest<Announcement[]>(apiPaths.managementConsole.announcements, { fallbackMessage: ANNOUNCEMENTS_FETCH_FAILED_MESSAGE });

export const announcementsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.managementConsole.announcements, queryFn: getAnnouncements });

export function useAnnouncements() {
  return useQuery(announcementsQueryOptions());
}
