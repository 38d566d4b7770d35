import { salesFilterQuery } from '@inventory/contracts/sales';
import type { SalesFilterValues, SalesQuery } from './sales-query.ts';

export type SalesFilterErrors = Partial<Record<keyof SalesFilterValues, string>>;

export const ALL_PRODUCTS_LABEL = '全商品';

export function sameSalesFilters(a: SalesFilterValues, b: SalesFilterValues) {
  return a.start_date === b.start_date && a.end_date === b.end_date && a.product_id === b.product_id;
}

/**
 * The query the filter values stand for, checked with the contract's schema (an end before the
 * start is refused by the server too), or the message of each field that makes it invalid.
 */
export function toSalesQuery(values: SalesFilterValues): { query: SalesQuery; errors: null } | { query: null; errors: SalesFilterErrors } {
  const result = salesFilterQuery.safeParse({
    start_date: values.start_date || undefined,
    end_date: values.end_date || undefined,
    product_id: values.product_id || undefined,
  });
  if (result.success) return { query: result.data, errors: null };
  const errors: SalesFilterErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof SalesFilterValues;
    errors[field] ??= issue.message;
  }
  return { query: null, errors };
}
