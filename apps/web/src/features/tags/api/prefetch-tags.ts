import type { QueryClient } from '@tanstack/react-query';
import { tagsQueryOptions } from './get-tags.ts';

/** The workspace's tags (部品管理's filter and cells), started by the route while the screen's code downloads. */
export function prefetchTags(queryClient: QueryClient) {
  void queryClient.prefetchQuery(tagsQueryOptions());
}
