import type { PartListItem } from '@inventory/contracts/parts';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { MobilePartCard } from './mobile-part-card.tsx';
import type { PartAction } from './part-action-menu.tsx';
import type { PartFieldSave } from './part-number-cells.tsx';

const CARD_HEIGHT = 170;

/**
 * The cards of the mobile layout, virtualised against the page scroll (pull-to-refresh needs the
 * page at the top). Memoised: a keystroke in the search box draws the screen again at once, while
 * the list keeps its props until the deferred filter catches up.
 */
export const MobilePartsList = memo(function MobilePartsList({
  parts,
  locked,
  onAction,
  onFieldSave,
  renderTags,
}: {
  parts: PartListItem[];
  locked: boolean;
  onAction: (action: PartAction, part: PartListItem) => void;
  onFieldSave: PartFieldSave;
  renderTags: (part: PartListItem, editable: boolean) => ReactNode;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // Measured after every render on purpose: the filters above can change height at any time, and
  // setting the same number again renders nothing.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useLayoutEffect(() => {
    // The list starts below the header and filters; the virtualiser counts from the page's top.
    if (listRef.current) setScrollMargin(listRef.current.getBoundingClientRect().top + window.scrollY);
  });
  const virtualizer = useWindowVirtualizer({
    count: parts.length,
    estimateSize: () => CARD_HEIGHT,
    getItemKey: (index) => parts[index]?.id ?? index,
    overscan: 4,
    scrollMargin,
    gap: 12,
  });
  const items = virtualizer.getVirtualItems();

  return (
    <ul ref={listRef} aria-label="部品一覧" className="relative" style={{ height: virtualizer.getTotalSize() }}>
      {items.map((item) => {
        const part = parts[item.index];
        if (!part) return null;
        return (
          <li
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            className="absolute top-0 left-0 w-full"
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            <MobilePartCard part={part} locked={locked} onAction={onAction} onFieldSave={onFieldSave} renderTags={renderTags} />
          </li>
        );
      })}
    </ul>
  );
});
