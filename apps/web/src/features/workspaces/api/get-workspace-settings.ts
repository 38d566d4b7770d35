import { apiPaths } from '@inventory/contracts/api-paths';
import type { WorkspaceSettings } from '@inventory/contracts/workspace';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';
import { adminRequest } from './admin-request.ts';

/** Shown when the server gives no error text. */
export const SETTINGS_FETCH_FAILED_MESSAGE = 'ワークスペース設定の取得に失敗しました';

export const getWorkspaceSettings = () =>
  adminRequest<WorkspaceSettings>(apiPaths.workspace.settings, { fallbackMessage: SETTINGS_FETCH_FAILED_MESSAGE });

export const workspaceSettingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.workspaces.settings, queryFn: getWorkspaceSettings });

export function useWorkspaceSettings() {
  return useQuery(workspaceSettingsQueryOptions());
}
