import { apiPaths } from '@inventory/contracts/api-paths';
import type { MessageResponse } from '@inventory/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const RESEND_VERIFICATION_MESSAGES = {
  success: '認証メールを再送信しました。メールをご確認ください。',
  /**
   * Signed out, to an address typed in: the server answers alike for every address, so the
   * page does not claim a mail went out either.
   */
  sentIfRegistered: 'このメールアドレスで登録された未認証のアカウントがあれば、認証メールを送信しました。メールをご確認ください。',
  failure: '認証メールの再送信に失敗しました',
} as const;

/** To the signed-in user's address, or to the one a signed-out visitor types in (verify-email.tsx). */
export function sendVerification(email: string) {
  return apiRequest<MessageResponse>(apiPaths.auth.sendVerification, {
    method: 'POST',
    body: { email },
    fallbackMessage: RESEND_VERIFICATION_MESSAGES.failure,
  });
}

export function useSendVerification() {
  return useMutation({ mutationFn: sendVerification });
}
