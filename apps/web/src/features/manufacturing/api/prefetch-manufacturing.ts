import type { QueryClient } from '@tanstack/react-query';
import { plansQueryOptions } from './get-plans.ts';
import { productsQueryOptions } from './get-products.ts';

/** What 製造計画's first tab shows (plans, and the products of its form), started by the route while the screen's code downloads. */
export function prefetchManufacturing(queryClient: QueryClient) {
  void queryClient.prefetchQuery(plansQueryOptions());
  void queryClient.prefetchQuery(productsQueryOptions());
}
