import { apiPaths } from '@inventory/contracts/api-paths';
import type { Tag } from '@inventory/contracts/tags';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const getTags = () => apiRequest<Tag[]>(apiPaths.tags.list, { fallbackMessage: 'タグの取得に失敗しました' });

export const tagsQueryOptions = () => queryOptions({ queryKey: queryKeys.tags.list, queryFn: getTags });

export function useTags() {
  return useQuery(tagsQueryOptions());
}

/** Tags and the parts carrying them change together (part counts, tag_ids), so both lists are fetched again. */
export function invalidateTagsAndParts(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
  ]);
}
