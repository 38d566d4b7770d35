import type { UpdateMemberBody } from '@inventory/contracts/auth';
import { apiPaths } from '@inventory/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { adminRequest } from './admin-request.ts';

/** Shown when the server gives no error text. */
export const UPDATE_MEMBER_FAILED_MESSAGE = 'ユーザー更新に失敗しました';

export const updateMember = ({ id, body }: { id: number; body: UpdateMemberBody }) =>
  adminRequest<unknown>(apiPaths.auth.user(id), { method: 'PUT', body, fallbackMessage: UPDATE_MEMBER_FAILED_MESSAGE });

/** Activating or removing a member changes the member count of the overview card too. */
export function useUpdateMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMember,
    // After a refusal too: another admin may have changed the member meanwhile.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.members }),
        queryClient.invalidateQueries({ queryKey: queryKeys.workspaces.stats }),
      ]),
  });
}
