import { apiPaths } from '@inventory/contracts/api-paths';
import type { Order } from '@inventory/contracts/orders';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The specification only logs a failed order fetch (apiRequest writes the warning); the screen
// still shows a banner with a retry so an empty page is never mistaken for "no orders".
export const ORDERS_FETCH_FAILED_MESSAGE = '発注一覧の取得に失敗しました';

export const getOrders = () => apiRequest<Order[]>(apiPaths.orders.list, { fallbackMessage: ORDERS_FETCH_FAILED_MESSAGE });

export const ordersQueryOptions = () => queryOptions({ queryKey: queryKeys.orders.list, queryFn: getOrders });

export function useOrders() {
  return useQuery(ordersQueryOptions());
}
