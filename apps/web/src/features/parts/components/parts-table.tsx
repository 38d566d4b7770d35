import type { PartListItem } from '@inventory/contracts/parts';
import { useVirtualizer } from '@tanstack/react-virtual';
import clsx from 'clsx';
import { ArrowDown, ArrowUp, ChevronsUpDown, ExternalLink } from 'lucide-react';
import { memo, type ReactNode, useCallback, useRef, useState } from 'react';
import { InactivePartBadge, isInactivePart } from '../../../components/ui/inactive-part-badge.tsx';
import { formatCount } from '../../../lib/format.ts';
import { truncatePartName, unitLabel } from '../utils/part-display.ts';
import type { PartSort, PartSortColumn } from '../utils/sort-parts.ts';
import { type PartAction, PartActionMenu } from './part-action-menu.tsx';
import { type PartFieldSave, PartNumberCell } from './part-number-cells.tsx';
import { StockStatusBadge } from './stock-status-badge.tsx';

const ROW_HEIGHT = 57;
const COLUMN_COUNT = 8;
// Every column shows at every table width. Under 1024 px (a tablet) the columns and their padding
// are narrower, so the tag column keeps about 100 px at 768 px and tags wrap onto more lines; below
// 44rem (704 px of table) the table scrolls sideways inside its box, the part name and ⋮ staying in
// place at the edges. (Hiding 最小在庫 and URL under 1024 px, as before, left the tags a few pixels
// wide and the header short of the table.)
const CELL_PADDING = 'px-2 py-2 lg:px-3';
const STICKY_LEFT = 'sticky left-0';
const STICKY_RIGHT = 'sticky right-0';
// Sticky cells need an opaque background; the row's dark hover (gray-800 at 50 % over gray-900) as one colour.
const STICKY_BODY_CELL =
  'z-[1] bg-white group-hover:bg-gray-50 dark:bg-gray-900 dark:group-hover:bg-[color-mix(in_oklab,var(--color-gray-800)_50%,var(--color-gray-900))]';

interface PartsTableProps {
  parts: PartListItem[];
  sort: PartSort | null;
  onSort: (column: PartSortColumn) => void;
  /** Inline cells are editable only while the table is unlocked. */
  locked: boolean;
  onAction: (action: PartAction, part: PartListItem) => void;
  onFieldSave: PartFieldSave;
  /** The tag cell (inline tag editing when unlocked); a new function re-renders the visible rows. */
  renderTags: (part: PartListItem, editable: boolean) => ReactNode;
}

function SortHeader({
  column,
  label,
  sort,
  onSort,
  align = 'left',
  className,
}: {
  column: PartSortColumn;
  label: string;
  sort: PartSort | null;
  onSort: (column: PartSortColumn) => void;
  align?: 'left' | 'right';
  className?: string;
}) {
  const active = sort?.column === column ? sort.direction : null;
  const Icon = active === 'asc' ? ArrowUp : active === 'desc' ? ArrowDown : ChevronsUpDown;
  return (
    <th
      scope="col"
      aria-sort={active === 'asc' ? 'ascending' : active === 'desc' ? 'descending' : 'none'}
      className={clsx(HEADER_CELL, align === 'right' ? 'text-right' : 'text-left', className)}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className={clsx(
          'inline-flex items-center gap-1 rounded px-1 py-0.5 font-semibold hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-blue-500 dark:hover:text-white',
          align === 'right' && 'flex-row-reverse',
          active && 'text-blue-700 dark:text-blue-300',
        )}
      >
        {label}
        <Icon className={clsx('h-3.5 w-3.5', !active && 'opacity-40')} aria-hidden="true" />
      </button>
    </th>
  );
}

const HEADER_CELL =
  'sticky top-0 z-10 border-b border-gray-200 bg-gray-50 px-2 py-2.5 text-xs lg:px-3 whitespace-nowrap text-gray-600 dark:border-gray-700 dark:bg-gray-800 dark:text-gray-300';

const PartRow = memo(function PartRow({
  part,
  index,
  measure,
  locked,
  onAction,
  onFieldSave,
  renderTags,
}: {
  part: PartListItem;
  index: number;
  measure: (element: HTMLTableRowElement | null) => void;
  locked: boolean;
  onAction: PartsTableProps['onAction'];
  onFieldSave: PartsTableProps['onFieldSave'];
  renderTags: PartsTableProps['renderTags'];
}) {
  const unit = unitLabel(part);
  const inactive = isInactivePart(part);
  // The menu and the tag editor are mounted once the row is pointed at or focused (see PartActionMenu).
  const [armed, setArmed] = useState(false);
  const arm = useCallback(() => setArmed(true), []);
  return (
    <tr
      ref={measure}
      data-index={index}
      aria-rowindex={index + 2}
      onPointerEnter={arm}
      onFocus={arm}
      className="group border-b border-gray-100 hover:bg-gray-50 dark:border-gray-800 dark:hover:bg-gray-800/50"
    >
      <td className={clsx(STICKY_LEFT, STICKY_BODY_CELL, CELL_PADDING)}>
        <button
          type="button"
          title={part.name}
          onClick={() => onAction('detail', part)}
          className="block max-w-full truncate text-left font-medium text-gray-900 hover:text-blue-700 hover:underline focus-visible:outline-2 focus-visible:outline-blue-500 dark:text-gray-100 dark:hover:text-blue-300"
        >
          {truncatePartName(part.name)}
        </button>
        {part.part_number || inactive ? (
          <div className="flex min-w-0 items-center gap-1.5">
            {part.part_number ? (
              <span className="truncate text-xs text-gray-500 dark:text-gray-400" title={part.part_number}>
                {part.part_number}
              </span>
            ) : null}
            {inactive && <InactivePartBadge />}
          </div>
        ) : null}
      </td>
      <td className={clsx(CELL_PADDING, 'text-right')}>
        <PartNumberCell
          part={part}
          field="current_stock"
          locked={locked}
          onFieldSave={onFieldSave}
          format={(value) => (
            <>
              {formatCount(value)}
              <span className="ml-0.5 text-xs text-gray-500 dark:text-gray-400">{unit}</span>
            </>
          )}
        />
      </td>
      <td className={clsx(CELL_PADDING, 'text-right')}>
        <PartNumberCell part={part} field="min_stock_alert" locked={locked} onFieldSave={onFieldSave} />
      </td>
      <td className={clsx(CELL_PADDING, 'text-right')}>
        <PartNumberCell part={part} field="unit_price" locked={locked} onFieldSave={onFieldSave} />
      </td>
      <td className={CELL_PADDING}>{renderTags(part, !locked && armed)}</td>
      <td className={clsx(CELL_PADDING, 'text-center')}>
        {part.url ? (
          <a
            href={part.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`「${part.name}」のURLを開く`}
            title={part.url}
            className="inline-flex rounded p-1 text-blue-600 hover:bg-blue-50 dark:text-blue-400 dark:hover:bg-blue-950/50"
          >
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
          </a>
        ) : (
          <span className="text-gray-400 dark:text-gray-600">-</span>
        )}
      </td>
      <td className={CELL_PADDING}>
        <StockStatusBadge part={part} />
      </td>
      <td className={clsx(STICKY_RIGHT, STICKY_BODY_CELL, 'px-2 py-2 text-right')}>
        <PartActionMenu part={part} onAction={onAction} armed={armed} />
      </td>
    </tr>
  );
});

/**
 * The desktop parts table (768 px and wider; narrower than its columns it scrolls sideways). Only
 * the rows in view (plus a margin) are in the document, so 10,000 parts scroll as smoothly as 10.
 */
export function PartsTable({ parts, sort, onSort, locked, onAction, onFieldSave, renderTags }: PartsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The app does not use the React Compiler, so nothing memoises around the virtualiser.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: parts.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => parts[index]?.id ?? index,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;

  return (
    <div
      ref={scrollRef}
      className="max-h-[max(24rem,calc(100dvh-12rem))] overflow-auto rounded-xl border border-gray-200 bg-white dark:border-gray-800 dark:bg-gray-900"
    >
      <table aria-label="部品一覧" aria-rowcount={parts.length + 1} className="w-full min-w-[44rem] table-fixed text-sm">
        <colgroup>
          <col className="w-[20%] lg:w-[24%]" />
          <col className="w-22 lg:w-28" />
          <col className="w-23 lg:w-24" />
          <col className="w-24 lg:w-28" />
          <col />
          <col className="w-11 lg:w-14" />
          <col className="w-26 lg:w-28" />
          <col className="w-12" />
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            <SortHeader column="name" label="部品名" sort={sort} onSort={onSort} className={clsx(STICKY_LEFT, 'z-20!')} />
            <SortHeader column="current_stock" label="現在在庫" sort={sort} onSort={onSort} align="right" />
            <SortHeader column="min_stock_alert" label="最小在庫" sort={sort} onSort={onSort} align="right" />
            <SortHeader column="unit_price" label="単価" sort={sort} onSort={onSort} align="right" />
            <th scope="col" className={clsx(HEADER_CELL, 'text-left font-semibold')}>
              タグ
            </th>
            <th scope="col" className={clsx(HEADER_CELL, 'text-center font-semibold')}>
              URL
            </th>
            <SortHeader column="status" label="ステータス" sort={sort} onSort={onSort} />
            <th scope="col" className={clsx(HEADER_CELL, STICKY_RIGHT, 'z-20!')}>
              <span className="sr-only">操作</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMN_COUNT} style={{ height: paddingTop, padding: 0 }} />
            </tr>
          )}
          {items.map((item) => {
            const part = parts[item.index];
            if (!part) return null;
            return (
              <PartRow
                key={item.key}
                part={part}
                index={item.index}
                measure={virtualizer.measureElement}
                locked={locked}
                onAction={onAction}
                onFieldSave={onFieldSave}
                renderTags={renderTags}
              />
            );
          })}
          {paddingBottom > 0 && (
            <tr aria-hidden="true">
              <td colSpan={COLUMN_COUNT} style={{ height: paddingBottom, padding: 0 }} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
