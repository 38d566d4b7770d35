import { apiPaths } from '@inventory/contracts/api-paths';
import type { SignInResponse } from '@inventory/contracts/account';
import type { loginBody } from '@inventory/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';

/** A session, or with TOTP on the second step still to take (login-totp.ts). */
export const login = (body: z.output<typeof loginBody>) =>
  apiRequest<SignInResponse>(apiPaths.auth.login, { method: 'POST', body, fallbackMessage: 'ログインに失敗しました' });

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: (answer) => {
      if ('token' in answer) useAuthStore.getState().signIn(answer.token, answer.user);
    },
  });
}
