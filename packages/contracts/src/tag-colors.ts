// Tag colours, apart from the zod schemas (tags.ts), so a screen that draws tag badges does not
// download zod.

export const DEFAULT_TAG_COLOR = '#3B82F6';
/** The palette of 10 colours. */
export const TAG_PALETTE = [
  '#EF4444',
  '#F59E0B',
  '#10B981',
  '#3B82F6',
  '#8B5CF6',
  '#EC4899',
  '#6B7280',
  '#F97316',
  '#06B6D4',
  '#84CC16',
] as const;
