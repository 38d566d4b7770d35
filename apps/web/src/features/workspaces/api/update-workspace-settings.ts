import { apiPaths } from '@inventory/contracts/api-paths';
import type { updateWorkspaceSettingsBody } from '@inventory/contracts/workspace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { adminRequest } from './admin-request.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const UPDATE_SETTINGS_MESSAGES = {
  success: '設定を保存しました',
  failure: 'ワークスペース設定の更新に失敗しました',
} as const;

type SettingsBody = z.output<typeof updateWorkspaceSettingsBody>;

export const updateWorkspaceSettings = (body: SettingsBody) =>
  adminRequest<unknown>(apiPaths.workspace.settings, { method: 'PUT', body, fallbackMessage: UPDATE_SETTINGS_MESSAGES.failure });

/**
 * Saves name and member limit. The user menu shows the workspace's name, so the auth store takes
 * the new one (the body went through the same contract schema as on the server, so the name sent
 * is the name stored); the settings and the member card ('n / max') are reloaded.
 */
export function useUpdateWorkspaceSettings(workspaceId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWorkspaceSettings,
    onSuccess: (_answer, body) => useAuthStore.getState().renameCurrentWorkspace(workspaceId, body.workspace_name),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.settings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.stats }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.list }),
      ]),
  });
}
