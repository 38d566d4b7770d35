import { describe, expect, it } from 'vitest';
import { hashKey } from '@tanstack/react-query';
import { sameSalesFilters, toSalesQuery } from './sales-filters.ts';
import { defaultSalesFilters, defaultSalesQuery, toSearch } from './sales-query.ts';

describe('defaultSalesFilters', () => {
  it('spans the trend months: the first day of the month 11 months ago to today, all products', () => {
    expect(defaultSalesFilters(new Date(2026, 4, 15, 10))).toEqual({ start_date: '2025-06-01', end_date: '2026-05-15', product_id: '' });
    expect(defaultSalesFilters(new Date(2026, 0, 31, 23, 59))).toEqual({ start_date: '2025-02-01', end_date: '2026-01-31', product_id: '' });
  });

  it('tells whether values differ from the defaults', () => {
    const defaults = defaultSalesFilters(new Date(2026, 4, 15));
    expect(sameSalesFilters(defaults, { ...defaults })).toBe(true);
    expect(sameSalesFilters(defaults, { ...defaults, product_id: '3' })).toBe(false);
    expect(sameSalesFilters(defaults, { ...defaults, start_date: '' })).toBe(false);
  });
});

describe('defaultSalesQuery', () => {
  it("is the query the screen computes from its default filters, so the route's prefetch fills the screen's cache entries", () => {
    for (const today of [new Date(2026, 4, 15, 10), new Date(2026, 0, 31, 23, 59)]) {
      const checked = toSalesQuery(defaultSalesFilters(today)).query;
      expect(defaultSalesQuery(today)).toEqual(checked);
      expect(hashKey(['sales', defaultSalesQuery(today)])).toBe(hashKey(['sales', checked]));
    }
  });
});

describe('toSalesQuery', () => {
  it('sends only the fields that are set, the product as a number', () => {
    expect(toSalesQuery({ start_date: '2026-01-01', end_date: '2026-05-15', product_id: '7' })).toEqual({
      query: { start_date: '2026-01-01', end_date: '2026-05-15', product_id: 7 },
      errors: null,
    });
    expect(toSalesQuery({ start_date: '', end_date: '', product_id: '' })).toEqual({ query: {}, errors: null });
  });

  it("refuses an end before the start with the contract's message, under 終了日", () => {
    expect(toSalesQuery({ start_date: '2026-05-02', end_date: '2026-05-01', product_id: '' })).toEqual({
      query: null,
      errors: { end_date: '終了日は開始日以降の日付にしてください' },
    });
    expect(toSalesQuery({ start_date: '2026-05-01', end_date: '2026-05-01', product_id: '' }).errors).toBeNull();
  });

  it('refuses a date that is not a calendar date', () => {
    expect(toSalesQuery({ start_date: '275760-01-01', end_date: '', product_id: '' }).errors).toEqual({
      start_date: '開始日はyyyy-MM-dd形式の正しい日付で入力してください',
    });
  });
});

describe('toSearch', () => {
  it('writes the set parameters in order and nothing when none is set', () => {
    expect(toSearch({ start_date: '2026-01-01', end_date: undefined, product_id: 7, limit: 1000 })).toBe(
      '?start_date=2026-01-01&product_id=7&limit=1000',
    );
    expect(toSearch({ start_date: undefined })).toBe('');
  });
});
