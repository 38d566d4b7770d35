import type { SalesTrendPoint } from '@inventory/contracts/sales';
import { formatFullMonth, formatMonth } from '../../../lib/format.ts';

/** The sales trend covers 12 months by default. */
export const SALES_TREND_MONTHS = 12;

/** One month as the chart draws it. */
export interface TrendChartPoint {
  /** yyyy-MM, as the server sends it. */
  month: string;
  /** The axis label: 5月. */
  label: string;
  /** The tooltip and table label: 2026年5月. */
  fullLabel: string;
  sales: number;
  cost: number;
  profit: number;
}

/** The server's months (oldest first) in the chart's shape, with Japanese month labels. */
export function toTrendChartData(points: readonly SalesTrendPoint[]): TrendChartPoint[] {
  return points.map((point) => ({
    month: point.month,
    label: formatMonth(point.month),
    fullLabel: formatFullMonth(point.month),
    sales: point.total_sales,
    cost: point.total_cost,
    profit: point.total_profit,
  }));
}

/** Whether any month had a sale: an all-zero chart says less than a sentence. */
export function hasTrendSales(points: readonly SalesTrendPoint[]) {
  return points.some((point) => point.total_transactions > 0);
}
