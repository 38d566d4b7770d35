import { apiPaths } from '@inventory/contracts/api-paths';
import type { MessageResponse } from '@inventory/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deletePasskey = (id: number) =>
  apiRequest<MessageResponse>(apiPaths.auth.passkey(id), { method: 'DELETE', fallbackMessage: 'パスキーの削除に失敗しました' });

export function useDeletePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.passkeys }),
  });
}
