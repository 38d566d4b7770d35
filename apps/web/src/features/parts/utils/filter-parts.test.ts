import { describe, expect, it } from 'vitest';
import { makePart } from '../../../testing/make-part.ts';
import { EMPTY_PART_FILTERS, filterParts, hasActiveFilters, type PartFilters } from './filter-parts.ts';

const parts = [
  makePart({ id: 1, name: 'LED 赤', part_number: 'P-0012', category: '電子部品', current_stock: 3, min_stock_alert: 5, tag_ids: [1, 2] }),
  makePart({ id: 2, name: 'ケーブル', part_number: null, category: '配線', current_stock: 0, min_stock_alert: 0, tag_ids: [2] }),
  makePart({ id: 3, name: 'ネジ M3', part_number: 'SCR-3', category: null, current_stock: 100, min_stock_alert: 10, tag_ids: [] }),
  makePart({ id: 4, name: '抵抗', part_number: 'R-10K', category: '電子部品', current_stock: 10, min_stock_alert: 10, tag_ids: [1] }),
];
const run = (filters: Partial<PartFilters>) => filterParts(parts, { ...EMPTY_PART_FILTERS, ...filters }).map((part) => part.id);

describe('filterParts', () => {
  it('returns every part without filters', () => {
    expect(run({})).toEqual([1, 2, 3, 4]);
  });

  it('searches name, part number and category', () => {
    expect(run({ search: 'ネジ' })).toEqual([3]);
    expect(run({ search: 'r-10' })).toEqual([4]);
    expect(run({ search: '電子' })).toEqual([1, 4]);
    expect(run({ search: '  配線 ' })).toEqual([2]);
    expect(run({ search: '存在しない' })).toEqual([]);
  });

  it('ignores case and character width', () => {
    expect(run({ search: 'led' })).toEqual([1]);
    expect(run({ search: 'ＬＥＤ' })).toEqual([1]);
    expect(run({ search: 'ｹｰﾌﾞﾙ' })).toEqual([2]);
    expect(run({ search: 'ｐ－００１２' })).toEqual([1]);
  });

  it('finds katakana from hiragana and the other way round', () => {
    expect(run({ search: 'ねじ' })).toEqual([3]);
    expect(run({ search: 'けーぶる' })).toEqual([2]);
    const hiraganaPart = makePart({ id: 5, name: 'ぱっきん', part_number: null, category: null });
    expect(filterParts([hiraganaPart], { ...EMPTY_PART_FILTERS, search: 'パッキン' })).toEqual([hiraganaPart]);
    expect(filterParts([hiraganaPart], { ...EMPTY_PART_FILTERS, search: 'ﾊﾟｯｷﾝ' })).toEqual([hiraganaPart]);
  });

  it('filters low stock (at or below the minimum, zero included) and zero stock', () => {
    expect(run({ stock: 'low' })).toEqual([1, 2, 4]);
    expect(run({ stock: 'out' })).toEqual([2]);
  });

  it('keeps only the parts carrying all selected tags', () => {
    expect(run({ tagIds: [2] })).toEqual([1, 2]);
    expect(run({ tagIds: [1, 2] })).toEqual([1]);
    expect(run({ tagIds: [1, 99] })).toEqual([]);
  });

  it('combines the filters', () => {
    expect(run({ search: '電子', stock: 'low', tagIds: [1] })).toEqual([1, 4]);
    expect(run({ search: '抵抗', stock: 'out' })).toEqual([]);
  });

  it('sees a changed part (new object) with its new name', () => {
    const renamed = { ...parts[2]!, name: '新しい名前' };
    expect(filterParts([renamed], { ...EMPTY_PART_FILTERS, search: '新しい' }).map((part) => part.id)).toEqual([3]);
  });
});

describe('hasActiveFilters', () => {
  it('is false only for the reset state', () => {
    expect(hasActiveFilters(EMPTY_PART_FILTERS)).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_PART_FILTERS, search: '  ' })).toBe(false);
    expect(hasActiveFilters({ ...EMPTY_PART_FILTERS, search: 'a' })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_PART_FILTERS, stock: 'out' })).toBe(true);
    expect(hasActiveFilters({ ...EMPTY_PART_FILTERS, tagIds: [1] })).toBe(true);
  });
});
