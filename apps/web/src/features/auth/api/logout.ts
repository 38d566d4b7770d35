import { apiPaths } from '@inventory/contracts/api-paths';
import type { MessageResponse } from '@inventory/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';

export const logout = () =>
  apiRequest<MessageResponse>(apiPaths.auth.logout, { method: 'POST', fallbackMessage: 'ログアウトに失敗しました' });

/** Ends the session on the server; the local session is cleared even if that call fails. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      useAuthStore.getState().clear();
      queryClient.clear();
    },
  });
}
