import type { QueryClient } from '@tanstack/react-query';
import { partsFirstPageQueryOptions, partsQueryOptions } from './get-parts.ts';

/**
 * 部品管理's list, started by the route while the screen's code downloads (its tags come with the
 * tags feature): its first page, unless the whole list is here (the screen asks the whole list
 * once it has drawn the first page: usePartsWithFirstPage).
 */
export function prefetchParts(queryClient: QueryClient) {
  if (queryClient.getQueryData(partsQueryOptions().queryKey) === undefined) void queryClient.prefetchQuery(partsFirstPageQueryOptions());
  else void queryClient.prefetchQuery(partsQueryOptions());
}
