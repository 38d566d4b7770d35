import { apiPaths } from '@inventory/contracts/api-paths';
import type { MessageResponse } from '@inventory/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const RESEND_VERIFICATION_MESSAGES = {
  success: '認証メールを再送信しました。メールをご確認ください。',
  failure: '認証メールの再送信に失敗しました',
  unknownUser: 'ユーザー情報が見つかりません',
} as const;

/** Resending needs the signed-in user's address (specification 000, section 5); without it nothing is sent. */
export function sendVerification(email: string | undefined) {
  if (!email) return Promise.reject(new Error(RESEND_VERIFICATION_MESSAGES.unknownUser));
  return apiRequest<MessageResponse>(apiPaths.auth.sendVerification, {
    method: 'POST',
    body: { email },
    fallbackMessage: RESEND_VERIFICATION_MESSAGES.failure,
  });
}

export function useSendVerification() {
  return useMutation({ mutationFn: sendVerification });
}
