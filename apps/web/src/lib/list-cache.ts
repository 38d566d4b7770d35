import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';

// A mutation's answer is the row as the server now holds it: writing it into the cached list
// shows the change at once; the invalidation afterwards reconciles everything derived from it.

/** Replaces the row with the same id, or appends it (a new row). A list not loaded yet stays unloaded. */
export function putInList<T extends { id: number }>(queryClient: QueryClient, listKey: QueryKey, row: T) {
  queryClient.setQueryData<T[]>(listKey, (rows) => {
    if (!rows) return rows;
    const index = rows.findIndex((item) => item.id === row.id);
    if (index === -1) return [...rows, row];
    const next = rows.slice();
    next[index] = row;
    return next;
  });
}

export function removeFromList<T extends { id: number }>(queryClient: QueryClient, listKey: QueryKey, id: number) {
  queryClient.setQueryData<T[]>(listKey, (rows) => rows?.filter((item) => item.id !== id));
}

/** The cache of a list loaded page by page (useInfiniteQuery): each page is an array of rows. */
type Pages<T> = InfiniteData<T[], unknown>;

/**
 * putInList for a paged list: replaces the row in whichever page holds it; a row not loaded stays
 * out. Every list under the key is updated (the orders list and its filtered variants).
 */
export function putInPages<T extends { id: number }>(queryClient: QueryClient, listKey: QueryKey, row: T) {
  const replace = (page: T[]) => (page.some((item) => item.id === row.id) ? page.map((item) => (item.id === row.id ? row : item)) : page);
  queryClient.setQueriesData<Pages<T>>({ queryKey: listKey }, (data) => data && { ...data, pages: data.pages.map(replace) });
}

export function removeFromPages<T extends { id: number }>(queryClient: QueryClient, listKey: QueryKey, id: number) {
  queryClient.setQueriesData<Pages<T>>(
    { queryKey: listKey },
    (data) => data && { ...data, pages: data.pages.map((page) => page.filter((item) => item.id !== id)) },
  );
}
