import { describe, expect, it } from 'vitest';
import { makePart } from '../../../testing/make-part.ts';
import { EMPTY_PART_FILTERS, filterParts, hasActiveFilters, type PartFilters, partFiltersInUrl } from './filter-parts.ts';

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

  it('keeps the parts carrying any one of the selected tags with いずれか', () => {
    expect(run({ tagIds: [1, 2], tagMatch: 'any' })).toEqual([1, 2, 4]);
    expect(run({ tagIds: [1, 99], tagMatch: 'any' })).toEqual([1, 4]);
    expect(run({ tagIds: [], tagMatch: 'any' })).toEqual([1, 2, 3, 4]);
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

describe('partFiltersInUrl', () => {
  const parse = (query: string) => partFiltersInUrl.parse(new URLSearchParams(query));

  it('reads the filters a link or a reload brings, and falls back to the defaults for anything else', () => {
    expect(parse('')).toEqual(EMPTY_PART_FILTERS);
    expect(parse('stock=low')).toEqual({ ...EMPTY_PART_FILTERS, stock: 'low' });
    expect(parse('q=%E3%81%AD%E3%81%98&stock=out&tags=3,7&tag_match=any')).toEqual({ search: 'ねじ', stock: 'out', tagIds: [3, 7], tagMatch: 'any' });
    expect(parse('stock=many&tags=3,x,-1,0,3,1.5&tag_match=some')).toEqual({ ...EMPTY_PART_FILTERS, tagIds: [3] });
  });

  it('writes only what differs from the defaults, and reads back what it wrote', () => {
    expect(partFiltersInUrl.serialise(EMPTY_PART_FILTERS).toString()).toBe('');
    const filters: PartFilters = { search: ' ネジ M3 ', stock: 'low', tagIds: [2, 5], tagMatch: 'any' };
    const written = partFiltersInUrl.serialise(filters);
    expect(written.get('stock')).toBe('low');
    expect(parse(written.toString())).toEqual(filters);
  });
});
