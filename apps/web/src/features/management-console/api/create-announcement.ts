import { apiPaths } from '@inventory/contracts/api-paths';
import type { Announcement, AnnouncementBody } from '@inventory/contracts/management-console';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAnnouncements } from '../utils/invalidate-announcements.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const CREATE_ANNOUNCEMENT_MESSAGES = {
  success: '告知を作成しました',
  failure: '告知の作成に失敗しました',
} as const;

export const createAnnouncement = (body: AnnouncementBody) =>
  apiRequest<Announcement>(apiPaths.managementConsole.announcements, {
    method: 'POST',
    body,
    fallbackMessage: CREATE_ANNOUNCEMENT_MESSAGES.failure,
  });

export function useCreateAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createAnnouncement, onSettled: () => invalidateAnnouncements(queryClient) });
}
