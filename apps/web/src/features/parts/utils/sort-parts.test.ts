import { describe, expect, it } from 'vitest';
import { makePart } from '../../../testing/make-part.ts';
import { nextSort, sortParts } from './sort-parts.ts';

const parts = [
  makePart({ id: 1, name: 'ネジ', current_stock: 5, min_stock_alert: 10, unit_price: 12.5 }),
  makePart({ id: 2, name: 'あかりセンサー', current_stock: 0, min_stock_alert: 0, unit_price: null }),
  makePart({ id: 3, name: 'LED', current_stock: 40, min_stock_alert: 2, unit_price: 3 }),
  makePart({ id: 4, name: 'かしめ', current_stock: 20, min_stock_alert: 30, unit_price: 1000 }),
];
const ids = (sorted: { id: number }[]) => sorted.map((part) => part.id);

describe('nextSort', () => {
  it('sorts a new column ascending, then toggles on each further click', () => {
    const first = nextSort(null, 'name');
    expect(first).toEqual({ column: 'name', direction: 'asc' });
    const second = nextSort(first, 'name');
    expect(second).toEqual({ column: 'name', direction: 'desc' });
    expect(nextSort(second, 'name')).toEqual({ column: 'name', direction: 'asc' });
    expect(nextSort(second, 'unit_price')).toEqual({ column: 'unit_price', direction: 'asc' });
  });
});

describe('sortParts', () => {
  it('keeps the given order without a sort and never mutates its input', () => {
    expect(ids(sortParts(parts, null))).toEqual([1, 2, 3, 4]);
    sortParts(parts, { column: 'name', direction: 'asc' });
    expect(ids(parts)).toEqual([1, 2, 3, 4]);
  });

  it('sorts names with Japanese collation', () => {
    expect(ids(sortParts(parts, { column: 'name', direction: 'asc' }))).toEqual([3, 2, 4, 1]);
    expect(ids(sortParts(parts, { column: 'name', direction: 'desc' }))).toEqual([1, 4, 2, 3]);
  });

  it('sorts current and minimum stock numerically', () => {
    expect(ids(sortParts(parts, { column: 'current_stock', direction: 'asc' }))).toEqual([2, 1, 4, 3]);
    expect(ids(sortParts(parts, { column: 'current_stock', direction: 'desc' }))).toEqual([3, 4, 1, 2]);
    expect(ids(sortParts(parts, { column: 'min_stock_alert', direction: 'asc' }))).toEqual([2, 3, 1, 4]);
    expect(ids(sortParts(parts, { column: 'min_stock_alert', direction: 'desc' }))).toEqual([4, 1, 3, 2]);
  });

  it('sorts unit prices numerically with unset prices last in both directions', () => {
    expect(ids(sortParts(parts, { column: 'unit_price', direction: 'asc' }))).toEqual([3, 1, 4, 2]);
    expect(ids(sortParts(parts, { column: 'unit_price', direction: 'desc' }))).toEqual([4, 1, 3, 2]);
  });

  it('sorts status out of stock, then low, then in stock (reversed when descending)', () => {
    expect(ids(sortParts(parts, { column: 'status', direction: 'asc' }))).toEqual([2, 1, 4, 3]);
    expect(ids(sortParts(parts, { column: 'status', direction: 'desc' }))).toEqual([3, 1, 4, 2]);
  });
});
