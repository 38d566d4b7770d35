import { apiPaths, PARTS_TOTAL_HEADER } from '@inventory/contracts/api-paths';
import type { PartListItem } from '@inventory/contracts/parts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest, apiRequestWithHeaders } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { usePaintedAfter } from '../../../lib/use-painted-after.ts';

const LIST_FAILED_MESSAGE = '部品一覧の取得に失敗しました';

export const getParts = () => apiRequest<PartListItem[]>(apiPaths.parts.list, { fallbackMessage: LIST_FAILED_MESSAGE });

export const partsQueryOptions = () => queryOptions({ queryKey: queryKeys.parts.list, queryFn: getParts });

/**
 * Parts drawn while the whole list is on its way: a phone with the CPU slowed 4× spent about
 * 700 ms receiving and reading the 2.2 MB answer of 10,000 parts before it could draw any
 * (docs/performance.md). More than a desktop table shows at once.
 */
export const PARTS_FIRST_PAGE_SIZE = 60;

/** The first parts of the list, in its order, and how many there are in all. */
export interface PartsFirstPage {
  parts: PartListItem[];
  total: number;
}

export async function getPartsFirstPage(): Promise<PartsFirstPage> {
  const { data, headers } = await apiRequestWithHeaders<PartListItem[]>(`${apiPaths.parts.list}?limit=${PARTS_FIRST_PAGE_SIZE}`, {
    fallbackMessage: LIST_FAILED_MESSAGE,
  });
  const total = Number(headers.get(PARTS_TOTAL_HEADER));
  return { parts: data, total: Number.isInteger(total) && total >= data.length ? total : data.length };
}

export const partsFirstPageQueryOptions = () => queryOptions({ queryKey: queryKeys.parts.firstPage, queryFn: getPartsFirstPage });

/**
 * 部品管理's list: the whole list and, unless it is cached already, its first page. The whole list
 * is asked once the first page has answered and been painted: asked together, the server answered
 * the small call 300 ms later, and reading the large answer held back the first page's drawing.
 */
export function usePartsWithFirstPage() {
  const queryClient = useQueryClient();
  const [listCached] = useState(() => queryClient.getQueryData(queryKeys.parts.list) !== undefined);
  // Asked only while the whole list is not here: once it is, a change that reloads the parts
  // (invalidating queryKeys.parts.all) must not ask for the first page again.
  const firstPage = useQuery({ ...partsFirstPageQueryOptions(), enabled: queryClient.getQueryData(queryKeys.parts.list) === undefined });
  const firstPageShown = usePaintedAfter(!firstPage.isPending);
  const whole = useQuery({ ...partsQueryOptions(), enabled: listCached || firstPageShown });
  return { whole, firstPage: whole.isPending ? firstPage.data : undefined };
}

/** Pull-to-refresh texts. */
export const PARTS_REFRESH_MESSAGES = { success: '部品リストを更新しました', failure: '更新に失敗しました' } as const;
