import type { QueryClient } from '@tanstack/react-query';
import { orderFiltersInUrl } from '../utils/order-list.ts';
import { ORDERS_PAGE_SIZE, ordersDueInMonthQueryOptions, ordersQueryOptions } from './get-orders.ts';

/** 発注管理's first page (with the 納期 filter of the URL) and this month's deliveries, started by the route while the screen's code downloads. */
export function prefetchOrders(queryClient: QueryClient, url: URL) {
  const { due } = orderFiltersInUrl.parse(url.searchParams);
  const today = new Date();
  void queryClient.prefetchInfiniteQuery(ordersQueryOptions(ORDERS_PAGE_SIZE, due === 'all' ? null : due));
  void queryClient.prefetchQuery(ordersDueInMonthQueryOptions(today.getFullYear(), today.getMonth() + 1));
}
