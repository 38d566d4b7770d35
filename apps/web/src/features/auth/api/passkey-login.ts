import type { PasskeyOptionsResponse } from '@inventory/contracts/account';
import { apiPaths } from '@inventory/contracts/api-paths';
import type { AuthResponse } from '@inventory/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { webAuthn } from '../utils/web-authn.ts';

export const PASSKEY_LOGIN_FAILED = 'パスキーでログインできませんでした';

/** Options from the server, the browser's passkey prompt, the signed answer back: a session. */
export async function loginWithPasskey(): Promise<AuthResponse> {
  const { startAuthentication } = await webAuthn.load();
  const options = await apiRequest<PasskeyOptionsResponse>(apiPaths.auth.passkeyLoginOptions, { method: 'POST', fallbackMessage: PASSKEY_LOGIN_FAILED });
  const response = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
  return apiRequest<AuthResponse>(apiPaths.auth.passkeyLoginVerify, { method: 'POST', body: { response }, fallbackMessage: PASSKEY_LOGIN_FAILED });
}

export function usePasskeyLogin() {
  return useMutation({
    mutationFn: loginWithPasskey,
    onSuccess: ({ token, user }) => useAuthStore.getState().signIn(token, user),
  });
}
