import { apiPaths } from '@inventory/contracts/api-paths';
import type { JoinWorkspaceResponse, joinWorkspaceBody } from '@inventory/contracts/workspace';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** Shown unless the server's error field is present. */
export const JOIN_FAILED_MESSAGE = 'ワークスペースへの参加に失敗しました';

/** The body after the contract's schema: the code trimmed. */
export const joinWorkspace = (body: z.output<typeof joinWorkspaceBody>) =>
  apiRequest<JoinWorkspaceResponse>(apiPaths.workspace.join, { method: 'POST', body, fallbackMessage: JOIN_FAILED_MESSAGE });

export function useJoinWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinWorkspace,
    // The switcher lists the new workspace from now on.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.list }),
  });
}
