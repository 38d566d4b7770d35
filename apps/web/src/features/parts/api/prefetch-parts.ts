import type { QueryClient } from '@tanstack/react-query';
import { partsQueryOptions } from './get-parts.ts';

/** 部品管理's list, started by the route while the screen's code downloads (its tags come with the tags feature). */
export function prefetchParts(queryClient: QueryClient) {
  void queryClient.prefetchQuery(partsQueryOptions());
}
