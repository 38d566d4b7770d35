import type { QueryClient } from '@tanstack/react-query';
import { capacitiesQueryOptions } from './get-capacities.ts';
import { productsQueryOptions } from './get-products.ts';

/** 商品管理's products and their manufacturable counts, started by the route while the screen's code downloads. */
export function prefetchProducts(queryClient: QueryClient) {
  void queryClient.prefetchQuery(productsQueryOptions());
  void queryClient.prefetchQuery(capacitiesQueryOptions());
}
