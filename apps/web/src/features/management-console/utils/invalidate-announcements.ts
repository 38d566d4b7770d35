import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';

/** After any change (or refusal) the console's list and every user's banners are reloaded. */
export function invalidateAnnouncements(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.managementConsole.announcements }),
    queryClient.invalidateQueries({ queryKey: queryKeys.announcements.active }),
  ]);
}
