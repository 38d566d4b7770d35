import type { WorkspaceMember } from '@inventory/contracts/auth';
import { apiPaths } from '@inventory/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { adminRequest } from './admin-request.ts';

/** Shown when the server gives no error text. */
export const MEMBERS_FETCH_FAILED_MESSAGE = 'ユーザー一覧の取得に失敗しました';

export const getMembers = () => adminRequest<WorkspaceMember[]>(apiPaths.auth.users, { fallbackMessage: MEMBERS_FETCH_FAILED_MESSAGE });

export const membersQueryOptions = () => queryOptions({ queryKey: queryKeys.workspaces.members, queryFn: getMembers });

export function useMembers() {
  return useQuery(membersQueryOptions());
}
