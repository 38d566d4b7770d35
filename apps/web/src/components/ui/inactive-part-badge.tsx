import type { PartListItem } from '@inventory/contracts/parts';

export const INACTIVE_PART_LABEL = '停止中';

/** A part whose status is anything but active: still listed, but marked wherever it shows. */
export const isInactivePart = (part: Pick<PartListItem, 'status'>) => part.status !== 'active';

/** The grey 停止中 pill of an inactive part (the part selector, the parts table and cards). */
export function InactivePartBadge() {
  return (
    <span className="inline-flex shrink-0 items-center rounded-full bg-gray-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-gray-600 dark:bg-gray-800 dark:text-gray-300">
      {INACTIVE_PART_LABEL}
    </span>
  );
}
