import type { salesFilterQuery } from '@inventory/contracts/sales';
import { startOfMonth, subMonths } from 'date-fns';
import type { z } from 'zod';
import { formatIsoDate } from '../../../lib/format.ts';
import { SALES_TREND_MONTHS } from './sales-trend.ts';

// What the sales calls are made of, without the contract's zod schemas at run time: the route's
// prefetch sends the screen's calls before zod has been downloaded and compiled. Checking what a
// user typed is in sales-filters.ts.

/** What the filter bar holds: dates as the date inputs give them ('' when cleared), the product id ('' for 全商品). */
export interface SalesFilterValues {
  start_date: string;
  end_date: string;
  product_id: string;
}

/** The filters as the sales calls take them: an empty field is not sent. */
export type SalesQuery = z.output<typeof salesFilterQuery>;

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

/** The query of the default filters, as `toSalesQuery(defaultSalesFilters(today))` gives it. */
export function defaultSalesQuery(today: Date = new Date()): SalesQuery {
  const { start_date, end_date } = defaultSalesFilters(today);
  return { start_date, end_date };
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
