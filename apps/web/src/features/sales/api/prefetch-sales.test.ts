import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/api-mock.tsx';
import { toSalesQuery } from '../utils/sales-filters.ts';
import { defaultSalesFilters } from '../utils/sales-query.ts';
import { SALES_TREND_MONTHS } from '../utils/sales-trend.ts';
import { productsQueryOptions } from './get-products.ts';
import { salesByProductQueryOptions } from './get-sales-by-product.ts';
import { salesSummaryQueryOptions } from './get-sales-summary.ts';
import { salesTrendQueryOptions } from './get-sales-trend.ts';
import { salesQueryOptions } from './get-sales.ts';
import { prefetchSales } from './prefetch-sales.ts';

describe('prefetchSales', () => {
  it("fills the cache entries the screen reads for its default filters, with the default period's calls", async () => {
    const calls = mockApi({
      'GET /sales/summary': () => ({ body: { total_sales: 1 } }),
      'GET /sales': () => ({ body: [] }),
      'GET /sales/by-product': () => ({ body: [] }),
      'GET /sales/trend': () => ({ body: [] }),
      'GET /products': () => ({ body: [] }),
    });
    const queryClient = new QueryClient();
    prefetchSales(queryClient);
    // The keys as the screen computes them, from the filters checked with the contract's schema.
    const query = toSalesQuery(defaultSalesFilters()).query!;
    const keys = [salesSummaryQueryOptions(query), salesQueryOptions(query), salesByProductQueryOptions(query), salesTrendQueryOptions(SALES_TREND_MONTHS, undefined), productsQueryOptions()].map(
      (options) => options.queryKey,
    );
    await expect.poll(() => keys.every((key) => queryClient.getQueryData(key) !== undefined)).toBe(true);
    const { start_date, end_date } = defaultSalesFilters();
    expect(calls.find((call) => call.path === '/sales/summary')?.query).toEqual({ start_date, end_date });
    expect(calls).toHaveLength(5);
  });
});
