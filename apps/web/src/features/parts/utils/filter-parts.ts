import type { PartListItem } from '@inventory/contracts/parts';
import { listFilterParams } from '../../../config/paths.ts';
import type { FiltersInUrl } from '../../../lib/use-filters-in-url.ts';
import { parseLabelCode } from '@inventory/contracts/label-codes';
import { normaliseForSearch } from '../../../lib/search-text.ts';

export type StockFilter = 'all' | 'low' | 'out';

export const STOCK_FILTER_LABELS: Record<StockFilter, string> = {
  all: 'すべて',
  low: '在庫不足',
  out: '在庫切れ',
};

/** How the chosen tags combine: every one of them (the default) or any one. */
export type TagMatch = 'all' | 'any';

export const TAG_MATCH_LABELS: Record<TagMatch, string> = {
  all: 'すべて',
  any: 'いずれか',
};

export interface PartFilters {
  search: string;
  stock: StockFilter;
  /** A part is shown when it carries every one of these tags, or any one with tagMatch 'any'. */
  tagIds: readonly number[];
  tagMatch: TagMatch;
}

export const EMPTY_PART_FILTERS: PartFilters = { search: '', stock: 'all', tagIds: [], tagMatch: 'all' };

/** Whether the filters narrow the list (the match mode alone does not: without tags it keeps everything). */
export function hasActiveFilters(filters: PartFilters) {
  return filters.search.trim() !== '' || filters.stock !== 'all' || filters.tagIds.length > 0;
}

const PARAMS = listFilterParams.parts;

/** The filters in the URL: ?q=…&stock=low&tags=3,7&tag_match=any; unknown values fall back to the defaults. */
export const partFiltersInUrl: FiltersInUrl<PartFilters> = {
  parse(params) {
    const stock = params.get(PARAMS.stock);
    const tagIds = (params.get(PARAMS.tags) ?? '')
      .split(',')
      .filter((id) => /^[1-9]\d{0,9}$/.test(id))
      .map(Number);
    return {
      search: params.get(PARAMS.search) ?? '',
      stock: stock === 'low' || stock === 'out' ? stock : 'all',
      tagIds: [...new Set(tagIds)],
      tagMatch: params.get(PARAMS.tagMatch) === 'any' ? 'any' : 'all',
    };
  },
  serialise({ search, stock, tagIds, tagMatch }) {
    const params = new URLSearchParams();
    if (search !== '') params.set(PARAMS.search, search);
    if (stock !== 'all') params.set(PARAMS.stock, stock);
    if (tagIds.length > 0) params.set(PARAMS.tags, tagIds.join(','));
    if (tagMatch !== 'all') params.set(PARAMS.tagMatch, tagMatch);
    return params;
  },
  typed: 'search',
};

// Parts are immutable query data: a new object after every change, so the cache never goes stale,
// and typing in the search box does not normalise 10,000 names again on each key.
const haystacks = new WeakMap<PartListItem, string>();

function haystackOf(part: PartListItem) {
  let haystack = haystacks.get(part);
  if (haystack === undefined) {
    haystack = normaliseForSearch([part.name, part.part_number ?? '', part.category ?? '', part.barcode ?? ''].join('\n'));
    haystacks.set(part, haystack);
  }
  return haystack;
}

/**
 * Search matches name, part number, category or barcode (case-, width- and kana-insensitive:
 * lib/search-text.ts); a label's URL (what a keyboard-wedge scanner types from its QR code)
 * matches its own part. 在庫不足 is stock
 * at or below the minimum (the low-stock list, so it includes parts at 0); 在庫切れ is stock 0.
 * The chosen tags must all be on the part (すべて) or one of them (いずれか).
 */
export function filterParts(parts: readonly PartListItem[], filters: PartFilters): PartListItem[] {
  const label = parseLabelCode(filters.search);
  if (label) return label.kind === 'part' ? parts.filter((part) => part.id === label.id) : [];
  const needle = normaliseForSearch(filters.search.trim());
  const { stock, tagIds, tagMatch } = filters;
  const carries = (part: PartListItem) => (id: number) => part.tag_ids.includes(id);
  return parts.filter((part) => {
    if (stock === 'low' && part.current_stock > part.min_stock_alert) return false;
    if (stock === 'out' && part.current_stock !== 0) return false;
    if (tagIds.length > 0 && !(tagMatch === 'any' ? tagIds.some(carries(part)) : tagIds.every(carries(part)))) return false;
    return needle === '' || haystackOf(part).includes(needle);
  });
}
