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
  cancelled: 'Googleでのログインがキャンセルされました',
} as const;

/**
 * The check before the code is sent: both parameters present and
 * the returned state equal to the one kept when the sign-in started. Answers the error, or null.
 * A provider that sends an `error` instead of a code (OAuth 2.0, RFC 6749 4.1.2.1) refused or the
 * person cancelled (`access_denied`, e.g. キャンセル on Google's consent page): that is said
 * rather than 認証パラメータが不正です, which would blame the link.
 */
export function checkGoogleCallback(code: string | null, state: string | null, providerError: string | null): string | null {
  if (providerError === 'access_denied') return GOOGLE_CALLBACK_MESSAGES.cancelled;
  if (providerError) return GOOGLE_CALLBACK_MESSAGES.failure;
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
