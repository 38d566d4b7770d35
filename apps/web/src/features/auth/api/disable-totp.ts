import type { TotpDisableBody } from '@inventory/contracts/account';
import { apiPaths } from '@inventory/contracts/api-paths';
import type { MessageResponse } from '@inventory/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const disableTotp = (body: TotpDisableBody) =>
  apiRequest<MessageResponse>(apiPaths.auth.totpDisable, { method: 'POST', body, fallbackMessage: '二段階認証を無効にできませんでした' });

export function useDisableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.security }),
  });
}
