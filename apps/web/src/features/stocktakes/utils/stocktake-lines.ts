import type { StocktakeLine } from '@inventory/contracts/stocktakes';
import { normaliseForSearch } from '../../../lib/search-text.ts';

/** Which lines the counting list shows: the uncounted ones first of all. */
export type CountListShow = 'uncounted' | 'counted' | 'all';

export const COUNT_LIST_SHOW_LABELS: Record<CountListShow, string> = { uncounted: '未カウント', counted: 'カウント済み', all: 'すべて' };

export interface CountListFilters {
  search: string;
  tagId: number | null;
  show: CountListShow;
}

export const DEFAULT_COUNT_LIST_FILTERS: CountListFilters = { search: '', tagId: null, show: 'uncounted' };

export const lineKey = (line: Pick<StocktakeLine, 'item_kind' | 'item_id'>) => `${line.item_kind}:${line.item_id}`;

/** Name or part number, in the one search form of the app (ねじ finds ネジ, ＬＥＤ finds led). */
export function filterCountLines(lines: readonly StocktakeLine[], { search, tagId, show }: CountListFilters): StocktakeLine[] {
  const needle = normaliseForSearch(search.trim());
  return lines.filter(
    (line) =>
      (show === 'all' || (show === 'counted') === (line.counted !== null)) &&
      (tagId === null || line.tag_ids.includes(tagId)) &&
      (needle === '' || normaliseForSearch(`${line.name} ${line.part_number ?? ''}`).includes(needle)),
  );
}

/** What a line's variance is worth: variance × unit value, exact to the sen. */
export const varianceValue = (line: Pick<StocktakeLine, 'variance' | 'unit_value'>) => Math.round((line.variance ?? 0) * line.unit_value * 100) / 100;

/** The counted lines that differ from the snapshot, the largest amount (either way) first. */
export function varianceLines(lines: readonly StocktakeLine[]): StocktakeLine[] {
  return lines
    .filter((line) => line.variance !== null && line.variance !== 0)
    .sort(
      (a, b) =>
        Math.abs(varianceValue(b)) - Math.abs(varianceValue(a)) ||
        Math.abs(b.variance!) - Math.abs(a.variance!) ||
        a.name.localeCompare(b.name, 'ja'),
    );
}

/** The review's totals: the lines that differ and the sum of their values (a loss is negative). */
export function varianceTotals(lines: readonly StocktakeLine[]) {
  const differing = varianceLines(lines);
  const valueSen = differing.reduce((sum, line) => sum + Math.round(varianceValue(line) * 100), 0);
  return { differing: differing.length, value: valueSen / 100 };
}
