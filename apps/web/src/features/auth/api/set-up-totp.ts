import type { TotpSetupResponse } from '@inventory/contracts/account';
import { apiPaths } from '@inventory/contracts/api-paths';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** A new secret for the authenticator app (shown as a QR code); TOTP stays off until a code confirms it. */
export const setUpTotp = () =>
  apiRequest<TotpSetupResponse>(apiPaths.auth.totpSetup, { method: 'POST', fallbackMessage: '二段階認証の設定を開始できませんでした' });

export function useSetUpTotp() {
  return useMutation({ mutationFn: setUpTotp });
}
