import type { PartListItem } from '@inventory/contracts/parts';
import { getPartStatus, PART_STATUS_RANK } from './part-status.ts';

export type PartSortColumn = 'name' | 'current_stock' | 'min_stock_alert' | 'unit_price' | 'status';
export type SortDirection = 'asc' | 'desc';
export interface PartSort {
  column: PartSortColumn;
  direction: SortDirection;
}

/** First click on a column sorts ascending; another click on the same column toggles the direction. */
export function nextSort(current: PartSort | null, column: PartSortColumn): PartSort {
  if (current?.column !== column) return { column, direction: 'asc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

// One collator for all comparisons: the same order as localeCompare(b, 'ja'), without building
// the locale data again for each of the ~130,000 comparisons of a 10,000-part sort.
const japaneseCollator = new Intl.Collator('ja');

function compareNumbers(a: number | null, b: number | null, direction: SortDirection) {
  // A part without a price has nothing to compare: it goes last in both directions.
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
  return direction === 'asc' ? a - b : b - a;
}

/** A sorted copy; parts that compare equal keep their order (Array.prototype.sort is stable). */
export function sortParts(parts: readonly PartListItem[], sort: PartSort | null): PartListItem[] {
  if (!sort) return [...parts];
  const { column, direction } = sort;
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: PartListItem, b: PartListItem): number => {
    switch (column) {
      case 'name':
        return sign * japaneseCollator.compare(a.name, b.name);
      case 'current_stock':
        return sign * (a.current_stock - b.current_stock);
      case 'min_stock_alert':
        return sign * (a.min_stock_alert - b.min_stock_alert);
      case 'unit_price':
        return compareNumbers(a.unit_price, b.unit_price, direction);
      case 'status':
        return sign * (PART_STATUS_RANK[getPartStatus(a)] - PART_STATUS_RANK[getPartStatus(b)]);
    }
  };
  return [...parts].sort(compare);
}
