import type { PartListItem } from '@inventory/contracts/parts';
import { ExternalLink } from 'lucide-react';
import { type PointerEvent, type ReactNode, useCallback, useState } from 'react';
import { InactivePartBadge, isInactivePart } from '../../../components/ui/inactive-part-badge.tsx';
import { SwipeableCard } from '../../../components/ui/swipeable-card.tsx';
import { truncatePartName } from '../utils/part-display.ts';
import { type PartAction, PartActionMenu } from './part-action-menu.tsx';
import { type PartFieldSave, PartNumberCell } from './part-number-cells.tsx';
import { StockStatusBadge } from './stock-status-badge.tsx';

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-gray-500 dark:text-gray-400">{label}</dt>
      <dd className="mt-0.5 text-sm font-medium text-gray-900 dark:text-gray-100">{children}</dd>
    </div>
  );
}

/** A part as a card under 768 px: swipe left for 編集 and 削除, the menu for every action. */
export function MobilePartCard({
  part,
  locked,
  onAction,
  onFieldSave,
  renderTags,
}: {
  part: PartListItem;
  locked: boolean;
  onAction: (action: PartAction, part: PartListItem) => void;
  onFieldSave: PartFieldSave;
  renderTags: (part: PartListItem, editable: boolean) => ReactNode;
}) {
  // The menu and the tag editor are mounted once the card is touched or focused (see PartActionMenu).
  // A touch arms the card when it ends, not when it starts: replacing the menu's stand-in under a
  // finger sends the rest of the gesture to the removed element, so a swipe begun on ⋮ was lost.
  const [armed, setArmed] = useState(false);
  const arm = useCallback(() => setArmed(true), []);
  const armUnlessTouch = useCallback((event: PointerEvent) => {
    if (event.pointerType !== 'touch') setArmed(true);
  }, []);
  return (
    <SwipeableCard
      actions={[
        { label: '編集', onClick: () => onAction('edit', part), className: 'bg-blue-600 text-white dark:bg-blue-700' },
        { label: '削除', onClick: () => onAction('delete', part), className: 'bg-red-600 text-white dark:bg-red-700' },
      ]}
    >
      <article
        aria-label={part.name}
        onPointerEnter={armUnlessTouch}
        onTouchEnd={arm}
        onFocus={arm}
        className="space-y-3 bg-white p-4 dark:bg-gray-900"
      >
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <button
              type="button"
              title={part.name}
              onClick={() => onAction('detail', part)}
              className="block max-w-full truncate text-left font-semibold text-gray-900 hover:text-blue-700 dark:text-gray-100 dark:hover:text-blue-300"
            >
              {truncatePartName(part.name)}
            </button>
            {part.part_number || part.category ? (
              <p className="truncate text-xs text-gray-500 dark:text-gray-400">
                {[part.part_number, part.category].filter(Boolean).join(' ・ ')}
              </p>
            ) : null}
          </div>
          {isInactivePart(part) && <InactivePartBadge />}
          <StockStatusBadge part={part} />
          <div className="-my-1 -mr-2">
            <PartActionMenu part={part} onAction={onAction} armed={armed} />
          </div>
        </div>
        <dl className="grid grid-cols-3 gap-2">
          <Figure label="現在在庫">
            <PartNumberCell part={part} field="current_stock" locked={locked} onFieldSave={onFieldSave} className="text-left" />
          </Figure>
          <Figure label="最小在庫">
            <PartNumberCell part={part} field="min_stock_alert" locked={locked} onFieldSave={onFieldSave} className="text-left" />
          </Figure>
          <Figure label="単価">
            <PartNumberCell part={part} field="unit_price" locked={locked} onFieldSave={onFieldSave} className="text-left" />
          </Figure>
        </dl>
        <div className="flex items-center gap-2">
          <div className="min-w-0 flex-1">{renderTags(part, !locked && armed)}</div>
          {part.url ? (
            <a
              href={part.url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`「${part.name}」のURLを開く`}
              className="inline-flex shrink-0 items-center gap-1 rounded p-1 text-sm text-blue-600 dark:text-blue-400"
            >
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
            </a>
          ) : null}
        </div>
      </article>
    </SwipeableCard>
  );
}
