import type { PartListItem } from '@inventory/contracts/parts';
import clsx from 'clsx';
import { getPartStatus, PART_STATUS_CLASSES, PART_STATUS_LABELS } from '../utils/part-status.ts';

export function StockStatusBadge({ part }: { part: Pick<PartListItem, 'current_stock' | 'min_stock_alert'> }) {
  const status = getPartStatus(part);
  return (
    <span
      className={clsx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        PART_STATUS_CLASSES[status],
      )}
    >
      {PART_STATUS_LABELS[status]}
    </span>
  );
}
