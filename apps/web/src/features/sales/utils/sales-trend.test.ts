import { describe, expect, it } from 'vitest';
import { makeSalesTrendPoint } from '../../../testing/make-sale.ts';
import { hasTrendSales, toTrendChartData } from './sales-trend.ts';

describe('toTrendChartData', () => {
  it('keeps the months in order with Japanese labels and the three series', () => {
    const data = toTrendChartData([
      makeSalesTrendPoint({ month: '2025-12', total_sales: 12000, total_cost: 5000, total_profit: 7000, total_transactions: 3 }),
      makeSalesTrendPoint({ month: '2026-01', total_sales: 800.5, total_cost: 1000, total_profit: -199.5, total_transactions: 1 }),
    ]);
    expect(data).toEqual([
      { month: '2025-12', label: '12月', fullLabel: '2025年12月', sales: 12000, cost: 5000, profit: 7000 },
      { month: '2026-01', label: '1月', fullLabel: '2026年1月', sales: 800.5, cost: 1000, profit: -199.5 },
    ]);
  });
});

describe('hasTrendSales', () => {
  it('is false when no month had a sale', () => {
    expect(hasTrendSales([makeSalesTrendPoint({ month: '2026-04' }), makeSalesTrendPoint({ month: '2026-05' })])).toBe(false);
    expect(hasTrendSales([makeSalesTrendPoint({ month: '2026-04' }), makeSalesTrendPoint({ month: '2026-05', total_transactions: 1 })])).toBe(true);
  });

  it('counts a month of free sales (total 0) as sales', () => {
    expect(hasTrendSales([makeSalesTrendPoint({ month: '2026-05', total_transactions: 2 })])).toBe(true);
  });
});
