import { apiPaths } from '@inventory/contracts/api-paths';
import type { PartListItem } from '@inventory/contracts/parts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getParts = () => apiRequest<PartListItem[]>(apiPaths.parts.list, { fallbackMessage: '部品一覧の取得に失敗しました' });

export const partsQueryOptions = () => queryOptions({ queryKey: queryKeys.parts.list, queryFn: getParts });

export function useParts() {
  return useQuery(partsQueryOptions());
}

/** Pull-to-refresh texts. */
export const PARTS_REFRESH_MESSAGES = { success: '部品リストを更新しました', failure: '更新に失敗しました' } as const;
