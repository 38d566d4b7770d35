import { apiPaths } from '@inventory/contracts/api-paths';
import type { MessageResponse } from '@inventory/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';

export const logoutAll = () =>
  apiRequest<MessageResponse>(apiPaths.auth.logoutAll, { method: 'POST', fallbackMessage: 'すべての端末からのログアウトに失敗しました' });

/**
 * Ends every session of the user, this one too; then the local session is cleared as logout does.
 * Unlike logout, a failure keeps the local session: the other devices are still signed in, and
 * the user must be told so rather than be signed out here only.
 */
export function useLogoutAll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logoutAll,
    onSuccess: () => {
      useAuthStore.getState().clear();
      queryClient.clear();
    },
  });
}
