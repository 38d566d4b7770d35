import { apiPaths } from '@inventory/contracts/api-paths';
import type { MessageResponse } from '@inventory/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Ends another device's session (that device is signed out at its next request). */
export const endSignedInDevice = (id: string) =>
  apiRequest<MessageResponse>(apiPaths.auth.session(id), { method: 'DELETE', fallbackMessage: '端末のログアウトに失敗しました' });

export function useEndSignedInDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSignedInDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.devices }),
  });
}
