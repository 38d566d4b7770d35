import { apiPaths } from '@inventory/contracts/api-paths';
import type { Announcement } from '@inventory/contracts/management-console';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// A failure only shows in the log (apiRequest writes it): a banner that cannot load must not
// stand in the way of the screen below it.
export const ACTIVE_ANNOUNCEMENTS_FETCH_FAILED_MESSAGE = '告知の読み込みに失敗しました';

/** Announcements change rarely: loaded once per session, again on focus when older than this. */
export const ACTIVE_ANNOUNCEMENTS_STALE_MS = 5 * 60_000;

export const getActiveAnnouncements = () =>
  apiRequest<Announcement[]>(apiPaths.managementConsole.activeAnnouncements, {
    fallbackMessage: ACTIVE_ANNOUNCEMENTS_FETCH_FAILED_MESSAGE,
  });

export const activeAnnouncementsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.announcements.active,
    queryFn: getActiveAnnouncements,
    staleTime: ACTIVE_ANNOUNCEMENTS_STALE_MS,
    refetchOnWindowFocus: true,
  });

export function useActiveAnnouncements() {
  return useQuery(activeAnnouncementsQueryOptions());
}
