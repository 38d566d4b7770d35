export const PART_NAME_DISPLAY_LENGTH = 13;

/**
 * Cuts a name to `max` characters followed by '...'. Counts characters, not UTF-16 units, so an
 * emoji or a rare kanji outside the basic plane is never split in half.
 */
export function truncateText(text: string, max = PART_NAME_DISPLAY_LENGTH) {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max).join('')}...` : text;
}
