import { apiPaths } from '@inventory/contracts/api-paths';
import type { InviteCodeResponse, WorkspaceSettings } from '@inventory/contracts/workspace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { adminRequest } from './admin-request.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const GENERATE_INVITE_MESSAGES = {
  success: '招待コードを生成しました',
  failure: '招待コードの生成に失敗しました',
} as const;

export const generateInviteCode = () =>
  adminRequest<InviteCodeResponse>(apiPaths.workspace.inviteCode, { method: 'POST', fallbackMessage: GENERATE_INVITE_MESSAGES.failure });

/** A new code replaces any earlier one: it is shown at once, then the settings are reloaded. */
export function useGenerateInviteCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateInviteCode,
    onSuccess: ({ invite_code, invite_code_expires }) =>
      queryClient.setQueryData<WorkspaceSettings>(queryKeys.workspaces.settings, (settings) =>
        settings ? { ...settings, invite_code, invite_code_expires } : settings,
      ),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.settings }),
  });
}
