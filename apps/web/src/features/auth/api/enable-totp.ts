import type { RecoveryCodesResponse, TotpEnableBody } from '@inventory/contracts/account';
import { apiPaths } from '@inventory/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Turns TOTP on with one code; answers the recovery codes, shown once. */
export const enableTotp = (body: TotpEnableBody) =>
  apiRequest<RecoveryCodesResponse>(apiPaths.auth.totpEnable, { method: 'POST', body, fallbackMessage: '二段階認証を有効にできませんでした' });

export function useEnableTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTotp,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.security }),
  });
}
