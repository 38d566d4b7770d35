import { apiPaths } from '@inventory/contracts/api-paths';
import type { ChangePasswordBody, MessageResponse } from '@inventory/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** The server ends every other session of the user; this one stays signed in. */
export const changePassword = (body: ChangePasswordBody) =>
  apiRequest<MessageResponse>(apiPaths.auth.changePassword, { method: 'POST', body, fallbackMessage: 'パスワードの変更に失敗しました' });

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
