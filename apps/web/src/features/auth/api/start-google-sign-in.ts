import { apiPaths } from '@inventory/contracts/api-paths';
import type { ProviderUrlResponse } from '@inventory/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const OAUTH_STATE_KEY = 'oauth_state';

/** Fetches the provider's authorization URL, keeps the state in session storage, and leaves for it. */
export async function startGoogleSignIn() {
  const { url, state } = await apiRequest<ProviderUrlResponse>(apiPaths.auth.googleUrl, {
    fallbackMessage: 'Google認証の開始に失敗しました',
  });
  sessionStorage.setItem(OAUTH_STATE_KEY, state);
  window.location.assign(url);
}

export function useStartGoogleSignIn() {
  return useMutation({ mutationFn: startGoogleSignIn });
}
