import { apiPaths } from '@inventory/contracts/api-paths';
import type { PartListItem } from '@inventory/contracts/parts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The recipe editor's part choices. Features do not import each other, so products asks for the
// parts list itself, under the shared key: the parts screen's cached copy serves it, and a
// change of parts anywhere reloads it.
export const getRecipeParts = () => apiRequest<PartListItem[]>(apiPaths.parts.list, { fallbackMessage: '部品一覧の取得に失敗しました' });

export const recipePartsQueryOptions = () => queryOptions({ queryKey: queryKeys.parts.list, queryFn: getRecipeParts });

export function useRecipeParts() {
  return useQuery(recipePartsQueryOptions());
}
