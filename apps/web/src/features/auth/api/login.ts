import { apiPaths } from '@inventory/contracts/api-paths';
import type { AuthResponse, loginBody } from '@inventory/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';

export const login = (body: z.output<typeof loginBody>) =>
  apiRequest<AuthResponse>(apiPaths.auth.login, { method: 'POST', body, fallbackMessage: 'ログインに失敗しました' });

export function useLogin() {
  return useMutation({
    mutationFn: login,
    onSuccess: ({ token, user }) => useAuthStore.getState().signIn(token, user),
  });
}
