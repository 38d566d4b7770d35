import type { ResetPasswordBody, SignInResponse } from '@inventory/contracts/account';
import { apiPaths } from '@inventory/contracts/api-paths';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';

/** A session, or with TOTP on the second step still to take (login-totp.ts). */
export const resetPassword = (body: ResetPasswordBody) =>
  apiRequest<SignInResponse>(apiPaths.auth.resetPassword, { method: 'POST', body, fallbackMessage: 'パスワードの再設定に失敗しました' });

export function useResetPassword() {
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: (answer) => {
      if ('token' in answer) useAuthStore.getState().signIn(answer.token, answer.user);
    },
  });
}
