import type { Part } from '@inventory/contracts/parts';
import { normaliseForSearch } from '../../../lib/search-text.ts';

export type StockFilter = 'all' | 'low' | 'out';

export const STOCK_FILTER_LABELS: Record<StockFilter, string> = {
  all: 'すべて',
  low: '在庫不足',
  out: '在庫切れ',
};

export interface PartFilters {
  search: string;
  stock: StockFilter;
  /** A part is shown only when it carries every one of these tags. */
  tagIds: readonly number[];
}

export const EMPTY_PART_FILTERS: PartFilters = { search: '', stock: 'all', tagIds: [] };

export function hasActiveFilters(filters: PartFilters) {
  return filters.search.trim() !== '' || filters.stock !== 'all' || filters.tagIds.length > 0;
}

// Parts are immutable query data: a new object after every change, so the cache never goes stale,
// and typing in the search box does not normalise 10,000 names again on each key.
const haystacks = new WeakMap<Part, string>();

function haystackOf(part: Part) {
  let haystack = haystacks.get(part);
  if (haystack === undefined) {
    haystack = normaliseForSearch([part.name, part.part_number ?? '', part.category ?? ''].join('\n'));
    haystacks.set(part, haystack);
  }
  return haystack;
}

/**
 * Search matches name, part number or category (case-, width- and kana-insensitive: lib/search-text.ts). 在庫不足 is stock
 * at or below the minimum (the low-stock list, so it includes parts at 0); 在庫切れ is stock 0.
 */
export function filterParts(parts: readonly Part[], filters: PartFilters): Part[] {
  const needle = normaliseForSearch(filters.search.trim());
  const { stock, tagIds } = filters;
  return parts.filter((part) => {
    if (stock === 'low' && part.current_stock > part.min_stock_alert) return false;
    if (stock === 'out' && part.current_stock !== 0) return false;
    if (tagIds.length > 0 && !tagIds.every((id) => part.tag_ids.includes(id))) return false;
    return needle === '' || haystackOf(part).includes(needle);
  });
}
