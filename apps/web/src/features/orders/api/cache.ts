import type { Order } from '@inventory/contracts/orders';
import type { QueryClient } from '@tanstack/react-query';
import { ordersKeys } from './query-keys.ts';

// A mutation's answer is the order as the server now holds it: writing it into the cached list
// shows the change at once; the invalidation afterwards reconciles the rest.

export function putOrderInList(queryClient: QueryClient, order: Order) {
  queryClient.setQueryData<Order[]>(ordersKeys.list, (orders) => orders?.map((item) => (item.id === order.id ? order : item)));
}

export function removeOrderFromList(queryClient: QueryClient, orderId: number) {
  queryClient.setQueryData<Order[]>(ordersKeys.list, (orders) => orders?.filter((item) => item.id !== orderId));
}
