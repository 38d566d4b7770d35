import { randomInt } from 'node:crypto';
import { DEFAULT_TAG_COLOR, TAG_PALETTE } from '@inventory/contracts/tags';

/**
 * A random palette colour that no tag of the workspace uses yet, or the default once all ten are
 * taken.
 */
export function pickUnusedTagColor(usedColors: ReadonlySet<string>): string {
  const unused = TAG_PALETTE.filter((color) => !usedColors.has(color));
  return unused.length > 0 ? unused[randomInt(unused.length)]! : DEFAULT_TAG_COLOR;
}
