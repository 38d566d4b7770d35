import type { ForgotPasswordBody } from '@inventory/contracts/account';
import { apiPaths } from '@inventory/contracts/api-paths';
import type { MessageResponse } from '@inventory/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The same answer whether or not the address has an account. */
export const forgotPassword = (body: ForgotPasswordBody) =>
  apiRequest<MessageResponse>(apiPaths.auth.forgotPassword, { method: 'POST', body, fallbackMessage: '再設定メールの送信に失敗しました' });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
