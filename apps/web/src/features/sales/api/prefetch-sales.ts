import type { QueryClient } from '@tanstack/react-query';
import { SALES_TREND_MONTHS } from '../utils/sales-trend.ts';
import { defaultSalesQuery } from '../utils/sales-query.ts';
import { productsQueryOptions } from './get-products.ts';
import { salesByProductQueryOptions } from './get-sales-by-product.ts';
import { salesSummaryQueryOptions } from './get-sales-summary.ts';
import { salesTrendQueryOptions } from './get-sales-trend.ts';
import { salesQueryOptions } from './get-sales.ts';

/**
 * 販売管理's calls for its default period (the filters the screen opens with), started by the route
 * while the screen's code downloads. The default query is built without the contract's zod schema
 * (utils/sales-query.ts), so the calls leave before zod is downloaded and compiled.
 */
export function prefetchSales(queryClient: QueryClient) {
  const query = defaultSalesQuery();
  void queryClient.prefetchQuery(salesSummaryQueryOptions(query));
  void queryClient.prefetchQuery(salesQueryOptions(query));
  void queryClient.prefetchQuery(salesByProductQueryOptions(query));
  void queryClient.prefetchQuery(salesTrendQueryOptions(SALES_TREND_MONTHS, undefined));
  void queryClient.prefetchQuery(productsQueryOptions());
}
