import type { PartListItem } from '@inventory/contracts/parts';
import { DEFAULT_UNIT_LABEL } from '@inventory/contracts/units';
import { truncateText } from '../../../lib/format.ts';

export const PART_NAME_DISPLAY_LENGTH = 13;

/** A part's name in the table and the cards: 13 characters, then '...'. */
export const truncatePartName = (name: string) => truncateText(name, PART_NAME_DISPLAY_LENGTH);

export function unitLabel(part: Pick<PartListItem, 'unit'>) {
  return part.unit ?? DEFAULT_UNIT_LABEL;
}
