import type { Passkey, PasskeyOptionsResponse } from '@inventory/contracts/account';
import { apiPaths } from '@inventory/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { webAuthn } from '../utils/web-authn.ts';

export const PASSKEY_REGISTER_FAILED = 'パスキーを登録できませんでした';

/** Options from the server, the browser's passkey prompt, the new credential back to the server. */
export async function registerPasskey(name: string | null): Promise<Passkey> {
  const { startRegistration } = await webAuthn.load();
  const options = await apiRequest<PasskeyOptionsResponse>(apiPaths.auth.passkeyRegisterOptions, { method: 'POST', fallbackMessage: PASSKEY_REGISTER_FAILED });
  const response = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
  return apiRequest<Passkey>(apiPaths.auth.passkeyRegisterVerify, {
    method: 'POST',
    body: { response, ...(name ? { name } : {}) },
    fallbackMessage: PASSKEY_REGISTER_FAILED,
  });
}

export function useRegisterPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPasskey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.account.passkeys }),
  });
}
