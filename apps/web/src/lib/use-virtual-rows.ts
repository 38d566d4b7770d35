import { measureElement, useVirtualizer, useWindowVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useLayoutEffect, useRef, useState } from 'react';

// Long lists render only the rows in view (plus a margin): measured in the screens bench, a
// phone with the CPU slowed 4× spent seconds laying out and painting 1,000 product cards or 400
// orders it could not show. The rows that are not rendered stand as the list's top and bottom
// padding, so the page scrolls as if they were there; each row is measured once drawn.

export interface VirtualRows {
  /** The rows to render, each with `index` (the row) and `key`. */
  rows: VirtualItem[];
  /** Height the rows above and below the rendered ones stand for (as padding or spacer rows). */
  paddingTop: number;
  paddingBottom: number;
  /** Ref of the element whose height is a row's (put `data-index={row.index}` on it). */
  measureRow: (element: Element | null) => void;
}

interface RowOptions {
  /** Number of rows (items ÷ columns, rounded up, for a grid). */
  count: number;
  estimateRowHeight: number;
  /** Space between two rows, in pixels (a grid's or a list's vertical gap). */
  gap?: number;
  getRowKey: (index: number) => number | string;
  /** Rows rendered beyond the visible ones, on each side: page-end tests and keyboard users find their neighbours. */
  overscan?: number;
}

/**
 * A row's height as the ResizeObserver reports it, after the browser's own layout. When a row is
 * drawn (no observer entry yet) it keeps its last height or the estimate: reading its offsetHeight
 * there forced a layout of the whole screen in the middle of React's commit, 60-100 ms of 販売管理's
 * phone load at 4×. A row not laid out (0 px: hidden, or a test's DOM without layout) keeps its
 * estimate instead of collapsing.
 */
function measureOr(estimate: number) {
  return <S extends Element | Window>(element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<S, Element>) => {
    if (!entry) return instance.itemSizeCache.get(instance.options.getItemKey(instance.indexFromElement(element))) ?? estimate;
    return measureElement(element, entry, instance) || estimate;
  };
}

function padding(rows: VirtualItem[], totalSize: number, scrollMargin: number) {
  const first = rows[0];
  const last = rows[rows.length - 1];
  return {
    paddingTop: first ? first.start - scrollMargin : 0,
    // Before any row is drawn every row stands as padding: a scroll box then has its height, and the
    // virtualiser sees how many rows fit in it.
    paddingBottom: last ? Math.max(0, totalSize - (last.end - scrollMargin)) : totalSize,
  };
}

/**
 * What a drawn item of a list (one item per row) carries: the ref that measures it, its row for the
 * virtualiser, and its place among all `count` items for assistive technology.
 */
export interface ListItemProps {
  ref: (element: Element | null) => void;
  'data-index': number;
  'aria-posinset': number;
  'aria-setsize': number;
}

/**
 * Rows of a list that scrolls with the page (`listRef` on the list: where it starts below the
 * header). A list of one item per row spreads `itemProps(row)` on each item.
 */
export function useWindowRows<E extends HTMLElement>({
  count,
  estimateRowHeight,
  gap = 0,
  getRowKey,
  overscan = 6,
}: RowOptions): VirtualRows & { listRef: RefObject<E | null>; itemProps: (row: VirtualItem) => ListItemProps } {
  const listRef = useRef<E>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Measured after every render on purpose: what is above the list (filters, banners) can change
  // height at any time, and setting the same number again renders nothing.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    if (listRef.current) setScrollMargin(listRef.current.getBoundingClientRect().top + window.scrollY);
  });
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimateRowHeight,
    measureElement: measureOr(estimateRowHeight),
    getItemKey: getRowKey,
    overscan,
    scrollMargin,
    gap,
  });
  const rows = virtualizer.getVirtualItems();
  const measureRow = virtualizer.measureElement;
  const itemProps = (row: VirtualItem): ListItemProps => ({ ref: measureRow, 'data-index': row.index, 'aria-posinset': row.index + 1, 'aria-setsize': count });
  return { listRef, rows, ...padding(rows, virtualizer.getTotalSize(), scrollMargin), measureRow, itemProps };
}

/** Rows of a list inside an element that scrolls (`scrollRef`), the list at its top. */
export function useElementRows({ count, estimateRowHeight, gap = 0, getRowKey, overscan = 6, scrollRef }: RowOptions & { scrollRef: RefObject<HTMLElement | null> }): VirtualRows {
  // The app does not use the React Compiler, so nothing memoises around the virtualiser.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count,
    estimateSize: () => estimateRowHeight,
    measureElement: measureOr(estimateRowHeight),
    getItemKey: getRowKey,
    overscan,
    gap,
    getScrollElement: () => scrollRef.current,
  });
  const rows = virtualizer.getVirtualItems();
  return { rows, ...padding(rows, virtualizer.getTotalSize(), 0), measureRow: virtualizer.measureElement };
}

/** The items of one row of a grid of `columns` columns. */
export function itemsOfRow<T>(items: readonly T[], row: number, columns: number): T[] {
  return items.slice(row * columns, (row + 1) * columns);
}
