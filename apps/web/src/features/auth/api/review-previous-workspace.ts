import { apiPaths } from '@inventory/contracts/api-paths';
import type { MessageResponse } from '@inventory/contracts/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export type PreviousWorkspaceDecision = 'keep' | 'leave';

/** Keeps a workspace the account had before it was taken over, or leaves it. */
export const reviewPreviousWorkspace = ({ id, decision }: { id: number; decision: PreviousWorkspaceDecision }) =>
  decision === 'keep'
    ? apiRequest<MessageResponse>(apiPaths.auth.keepPreviousWorkspace(id), { method: 'POST', fallbackMessage: 'ワークスペースの確認に失敗しました' })
    : apiRequest<MessageResponse>(apiPaths.auth.leavePreviousWorkspace(id), { method: 'DELETE', fallbackMessage: 'ワークスペースからの退出に失敗しました' });

export function useReviewPreviousWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewPreviousWorkspace,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.account.previousWorkspaces });
      await queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.list });
    },
  });
}
