import { apiPaths } from '@inventory/contracts/api-paths';
import type { AuthResponse, registerBody } from '@inventory/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';

type RegisterInput = z.output<typeof registerBody>;

/** The invitation code is left out when blank. */
export function register({ invitation_code, ...rest }: RegisterInput) {
  const body = invitation_code ? { ...rest, invitation_code } : rest;
  return apiRequest<AuthResponse>(apiPaths.auth.register, { method: 'POST', body, fallbackMessage: 'ユーザー登録に失敗しました' });
}

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: ({ token, user }) => useAuthStore.getState().signIn(token, user),
  });
}
