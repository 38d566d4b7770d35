import { apiPaths } from '@inventory/contracts/api-paths';
import type { Tag } from '@inventory/contracts/tags';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The tags of the recipe editor's single-tag filter, under the shared key (see get-recipe-parts.ts).
export const getRecipeTags = () => apiRequest<Tag[]>(apiPaths.tags.list, { fallbackMessage: 'タグの取得に失敗しました' });

export const recipeTagsQueryOptions = () => queryOptions({ queryKey: queryKeys.tags.list, queryFn: getRecipeTags });

export function useRecipeTags() {
  return useQuery(recipeTagsQueryOptions());
}
