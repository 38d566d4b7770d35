import { apiPaths } from '@inventory/contracts/api-paths';
import type { WorkspaceListItem } from '@inventory/contracts/workspace';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getWorkspaces = () =>
  apiRequest<WorkspaceListItem[]>(apiPaths.workspace.list, { fallbackMessage: 'ワークスペース一覧の取得に失敗しました' });

// Memberships change under the user (a join elsewhere, a removal): the open switcher reloads on focus.
export const workspacesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.workspaces.list, queryFn: getWorkspaces, staleTime: 0, refetchOnWindowFocus: true });

export function useWorkspaces() {
  return useQuery(workspacesQueryOptions());
}
