import { apiPaths } from '@inventory/contracts/api-paths';
import type { MessageResponse } from '@inventory/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAnnouncements } from '../utils/invalidate-announcements.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const DELETE_ANNOUNCEMENT_MESSAGES = {
  success: '告知を削除しました',
  failure: '告知の削除に失敗しました',
} as const;

export const deleteAnnouncement = (id: number) =>
  apiRequest<MessageResponse>(apiPaths.managementConsole.announcement(id), {
    method: 'DELETE',
    fallbackMessage: DELETE_ANNOUNCEMENT_MESSAGES.failure,
  });

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteAnnouncement, onSettled: () => invalidateAnnouncements(queryClient) });
}
