import { apiPaths } from '@inventory/contracts/api-paths';
import type { AuthResponse, ProviderCallbackBody } from '@inventory/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { OAUTH_STATE_KEY } from './start-google-sign-in.ts';

export const GOOGLE_CALLBACK_MESSAGES = {
  missingParameters: '認証パラメータが不正です',
  stateMismatch: '無効なリクエストです',
  failure: 'Google認証の完了に失敗しました',
} as const;

/**
 * The check before the code is sent (specification 000, section 4): both parameters present and
 * the returned state equal to the one kept when the sign-in started. Answers the error, or null.
 */
export function checkGoogleCallback(code: string | null, state: string | null): string | null {
  if (!code || !state) return GOOGLE_CALLBACK_MESSAGES.missingParameters;
  if (sessionStorage.getItem(OAUTH_STATE_KEY) !== state) return GOOGLE_CALLBACK_MESSAGES.stateMismatch;
  return null;
}

export const completeGoogleSignIn = (body: ProviderCallbackBody) =>
  apiRequest<AuthResponse>(apiPaths.auth.googleCallback, { method: 'POST', body, fallbackMessage: GOOGLE_CALLBACK_MESSAGES.failure });

/** Posts the code and state; on success the stored state is removed and the session kept, as login does. */
export function useCompleteGoogleSignIn() {
  return useMutation({
    mutationFn: completeGoogleSignIn,
    onSuccess: ({ token, user }) => {
      sessionStorage.removeItem(OAUTH_STATE_KEY);
      useAuthStore.getState().signIn(token, user);
    },
  });
}
