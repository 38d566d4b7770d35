import type { LoginTotpBody } from '@inventory/contracts/account';
import { apiPaths } from '@inventory/contracts/api-paths';
import type { AuthResponse } from '@inventory/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';

/** The second step of a sign-in: a code of the authenticator app or a recovery code. */
export const loginTotp = (body: LoginTotpBody) =>
  apiRequest<AuthResponse>(apiPaths.auth.loginTotp, { method: 'POST', body, fallbackMessage: 'ログインに失敗しました' });

export function useLoginTotp() {
  return useMutation({
    mutationFn: loginTotp,
    onSuccess: ({ token, user }) => useAuthStore.getState().signIn(token, user),
  });
}
