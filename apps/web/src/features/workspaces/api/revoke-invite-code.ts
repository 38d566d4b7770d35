import { apiPaths } from '@inventory/contracts/api-paths';
import type { WorkspaceSettings } from '@inventory/contracts/workspace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { adminRequest } from './admin-request.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const REVOKE_INVITE_MESSAGES = {
  success: '招待コードを無効化しました',
  failure: '招待コードの無効化に失敗しました',
} as const;

export const revokeInviteCode = () =>
  adminRequest<unknown>(apiPaths.workspace.inviteCode, { method: 'DELETE', fallbackMessage: REVOKE_INVITE_MESSAGES.failure });

export function useRevokeInviteCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeInviteCode,
    onSuccess: () =>
      queryClient.setQueryData<WorkspaceSettings>(queryKeys.workspaces.settings, (settings) =>
        settings ? { ...settings, invite_code: null, invite_code_expires: null } : settings,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.settings }),
  });
}
