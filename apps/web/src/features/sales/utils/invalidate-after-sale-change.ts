import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * An edited or deleted sale moves product stock and changes the totals: the sales queries, the
 * products (stock) and the dashboard (recent sales, this month's revenue, product cards) reload.
 */
export function invalidateAfterSaleChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.sales.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
  ]);
}
