import { describe, expect, it } from 'vitest';
import { makeStocktakeLine } from '../../../testing/make-stocktake.ts';
import { DEFAULT_COUNT_LIST_FILTERS, filterCountLines, varianceLines, varianceTotals, varianceValue } from './stocktake-lines.ts';

describe('filterCountLines', () => {
  const lines = [
    makeStocktakeLine({ item_id: 1, name: 'ネジ M3', part_number: 'SC-3', tag_ids: [7] }),
    makeStocktakeLine({ item_id: 2, name: 'ワッシャー', counted: 4, variance: 0 }),
    makeStocktakeLine({ item_kind: 'product', item_id: 1, name: 'ランプ', part_number: 'LAMP-1' }),
  ];
  it('shows the uncounted lines by default', () => {
    expect(filterCountLines(lines, DEFAULT_COUNT_LIST_FILTERS).map((l) => l.name)).toEqual(['ネジ M3', 'ランプ']);
  });
  it('finds by name in any kana or width, and by part number', () => {
    expect(filterCountLines(lines, { ...DEFAULT_COUNT_LIST_FILTERS, search: 'ねじ' }).map((l) => l.name)).toEqual(['ネジ M3']);
    expect(filterCountLines(lines, { ...DEFAULT_COUNT_LIST_FILTERS, search: 'ｌａｍｐ' }).map((l) => l.name)).toEqual(['ランプ']);
  });
  it('narrows by tag and by counted', () => {
    expect(filterCountLines(lines, { search: '', tagId: 7, show: 'all' }).map((l) => l.item_id)).toEqual([1]);
    expect(filterCountLines(lines, { search: '', tagId: null, show: 'counted' }).map((l) => l.name)).toEqual(['ワッシャー']);
  });
});

describe('the variance review', () => {
  it('sorts the differing lines by value, largest either way first, and sums them', () => {
    const lines = [
      makeStocktakeLine({ name: 'A', unit_value: 10, expected: 5, counted: 4, variance: -1 }),
      makeStocktakeLine({ name: 'B', unit_value: 1.5, expected: 0, counted: 30, variance: 30 }),
      makeStocktakeLine({ name: 'C', unit_value: 100, expected: 2, counted: 2, variance: 0 }),
      makeStocktakeLine({ name: 'D', unit_value: 0.33, expected: 3, counted: 0, variance: -3 }),
    ];
    expect(varianceLines(lines).map((l) => l.name)).toEqual(['B', 'A', 'D']);
    expect(varianceValue(lines[3]!)).toBe(-0.99);
    expect(varianceTotals(lines)).toEqual({ differing: 3, value: 34.01 });
  });
});
