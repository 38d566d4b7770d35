import { apiPaths } from '@inventory/contracts/api-paths';
import type { MessageResponse } from '@inventory/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';

export const verifyEmail = (token: string) =>
  apiRequest<MessageResponse>(apiPaths.auth.verifyEmail, { method: 'POST', body: { token }, fallbackMessage: 'メール認証に失敗しました' });

/**
 * Consumes a verification token. Afterwards the signed-in user (if any) is loaded again, so the
 * badge reads 認証済み and a super admin's console appears: the server decides both.
 */
export function useVerifyEmail() {
  return useMutation({
    mutationFn: verifyEmail,
    onSuccess: () => useAuthStore.getState().refreshUser(),
  });
}
