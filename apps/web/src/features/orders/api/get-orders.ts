import { apiPaths } from '@inventory/contracts/api-paths';
import { HISTORY_PAGE_DEFAULT, nextHistoryPage } from '@inventory/contracts/history-paging';
import type { Order, OrderDue } from '@inventory/contracts/orders';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// A failed order fetch is logged (apiRequest writes the warning), and the screen shows a banner
// with a retry so an empty page is never mistaken for "no orders".
export const ORDERS_FETCH_FAILED_MESSAGE = '発注一覧の取得に失敗しました';

/** Orders per page: GET /orders answers at most this many unless asked (newest order date first). */
export const ORDERS_PAGE_SIZE = HISTORY_PAGE_DEFAULT;

type PageAfter = { before_date: string; before_id: number } | null;

/** One page of orders, newest first: the first, or the one after the order `after` names; only overdue or upcoming ones with `due`. */
export const getOrdersPage = (pageSize: number, after: PageAfter, due: OrderDue | null = null) => {
  const query = new URLSearchParams({ limit: String(pageSize) });
  if (due) query.set('due', due);
  if (after) {
    query.set('before_date', after.before_date);
    query.set('before_id', String(after.before_id));
  }
  return apiRequest<Order[]>(`${apiPaths.orders.list}?${query}`, { fallbackMessage: ORDERS_FETCH_FAILED_MESSAGE });
};

/** The list loads its newest page first; fetchNextPage loads the next older one while a page came back full. */
export const ordersQueryOptions = (pageSize = ORDERS_PAGE_SIZE, due: OrderDue | null = null) =>
  infiniteQueryOptions({
    queryKey: due ? queryKeys.orders.dueList(due) : queryKeys.orders.list,
    queryFn: ({ pageParam }) => getOrdersPage(pageSize, pageParam, due),
    initialPageParam: null as PageAfter,
    getNextPageParam: (page: Order[]) => nextHistoryPage(page, (order) => order.order_date, pageSize),
  });

export function useOrders(pageSize = ORDERS_PAGE_SIZE, due: OrderDue | null = null) {
  return useInfiniteQuery(ordersQueryOptions(pageSize, due));
}

/** Every order due in the month (all statuses): 今月の納入予定 needs them all, loaded or not. */
export const ordersDueInMonthQueryOptions = (year: number, month: number) =>
  queryOptions({
    queryKey: queryKeys.orders.dueInMonth(year, month),
    queryFn: () => apiRequest<Order[]>(apiPaths.orders.calendar(year, month), { fallbackMessage: ORDERS_FETCH_FAILED_MESSAGE }),
  });

export function useOrdersDueInMonth(year: number, month: number) {
  return useQuery(ordersDueInMonthQueryOptions(year, month));
}
