import { apiPaths } from '@inventory/contracts/api-paths';
import type { SwitchWorkspaceResponse } from '@inventory/contracts/workspace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuthStore } from '../../../lib/auth-store.ts';
import { setWorkspaceSwitching } from '../../../lib/session-expiry.ts';

export const SWITCH_FAILED_MESSAGE = 'ワークスペースの切り替えに失敗しました';

/** Specification: set the switching flag, take the new token, load the user again, clear the flag. */
export async function switchWorkspace(workspaceId: number) {
  setWorkspaceSwitching(true);
  try {
    const { token } = await apiRequest<SwitchWorkspaceResponse>(apiPaths.workspace.switch(workspaceId), {
      method: 'POST',
      fallbackMessage: SWITCH_FAILED_MESSAGE,
    });
    if (!(await useAuthStore.getState().replaceToken(token))) throw new Error(SWITCH_FAILED_MESSAGE);
  } finally {
    setWorkspaceSwitching(false);
  }
}

export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: switchWorkspace,
    // Everything cached belongs to the previous workspace.
    onSuccess: () => queryClient.resetQueries(),
  });
}
