import { apiPaths } from '@inventory/contracts/api-paths';
import type { Announcement, AnnouncementBody } from '@inventory/contracts/management-console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAnnouncements } from '../utils/invalidate-announcements.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const UPDATE_ANNOUNCEMENT_MESSAGES = {
  success: '告知を更新しました',
  failure: '告知の更新に失敗しました',
} as const;

/** The whole announcement is sent (PUT replaces it). */
export const updateAnnouncement = ({ id, body }: { id: number; body: AnnouncementBody }) =>
  apiRequest<Announcement>(apiPaths.managementConsole.announcement(id), {
    method: 'PUT',
    body,
    fallbackMessage: UPDATE_ANNOUNCEMENT_MESSAGES.failure,
  });

export function useUpdateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAnnouncement, onSettled: () => invalidateAnnouncements(queryClient) });
}
