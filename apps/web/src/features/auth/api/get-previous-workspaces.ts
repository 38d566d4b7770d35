import type { PreviousWorkspace } from '@inventory/contracts/account';
import { apiPaths } from '@inventory/contracts/api-paths';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getPreviousWorkspaces = () =>
  apiRequest<PreviousWorkspace[]>(apiPaths.auth.previousWorkspaces, { fallbackMessage: '以前のワークスペースの取得に失敗しました' });

export function usePreviousWorkspaces() {
  return useQuery({ queryKey: queryKeys.account.previousWorkspaces, queryFn: getPreviousWorkspaces });
}
