import type { PartListItem } from '@inventory/contracts/parts';
import { formatCount } from '../../../lib/format.ts';
import { unitLabel } from '../utils/part-display.ts';

/** The line above the receive and order forms: which part, and how many are in stock now. */
export function PartStockSummary({ part }: { part: PartListItem }) {
  return (
    <p className="mb-4 text-sm text-gray-600 dark:text-gray-300">
      <span className="font-medium text-gray-900 dark:text-gray-100">{part.name}</span>
      <span className="ml-2">
        現在在庫: {formatCount(part.current_stock)}
        {unitLabel(part)}
      </span>
    </p>
  );
}
