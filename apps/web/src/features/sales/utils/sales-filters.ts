import { salesFilterQuery } from '@inventory/contracts/sales';
import { startOfMonth, subMonths } from 'date-fns';
import type { z } from 'zod';
import { formatIsoDate } from '../../../lib/format.ts';
import { SALES_TREND_MONTHS } from './sales-trend.ts';

/** What the filter bar holds: dates as the date inputs give them ('' when cleared), the product id ('' for 全商品). */
export interface SalesFilterValues {
  start_date: string;
  end_date: string;
  product_id: string;
}

/** The filters as the sales calls take them: an empty field is not sent. */
export type SalesQuery = z.output<typeof salesFilterQuery>;

export type SalesFilterErrors = Partial<Record<keyof SalesFilterValues, string>>;

export const ALL_PRODUCTS_LABEL = '全商品';

/**
 * From the first day of the month 11 months ago to today: the months of the trend chart, so the
 * cards, tables and chart count the same sales when the screen opens.
 */
export function defaultSalesFilters(today: Date = new Date()): SalesFilterValues {
  return {
    start_date: formatIsoDate(startOfMonth(subMonths(today, SALES_TREND_MONTHS - 1))),
    end_date: formatIsoDate(today),
    product_id: '',
  };
}

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

/** `?start_date=…&end_date=…` of the fields that are set, in the order given; '' when none is. */
export function toSearch(params: Readonly<Record<string, string | number | undefined>>) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
