import { DEFAULT_TAG_COLOR } from '@inventory/contracts/tag-colors';
import clsx from 'clsx';
import { X } from 'lucide-react';

const DARK_TEXT = '#000000';
const LIGHT_TEXT = '#FFFFFF';

function channelLuminance(channel: number) {
  const value = channel / 255;
  return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
}

function relativeLuminance(hex: string) {
  const value = Number.parseInt(hex.slice(1), 16);
  return (
    0.2126 * channelLuminance((value >> 16) & 0xff) +
    0.7152 * channelLuminance((value >> 8) & 0xff) +
    0.0722 * channelLuminance(value & 0xff)
  );
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/**
 * The text colour (black or white) with the higher WCAG contrast on the tag colour. The badge
 * keeps the tag's own colour in light and dark mode, so the choice depends on the colour alone.
 * The better of black and white reaches at least 4.58:1 on any colour (small text needs 4.5:1);
 * a near-black such as #111827 leaves mid colours like the palette's violet below it.
 */
export function tagTextColor(color: string) {
  const background = relativeLuminance(color);
  return contrast(background, relativeLuminance(DARK_TEXT)) >= contrast(background, relativeLuminance(LIGHT_TEXT))
    ? DARK_TEXT
    : LIGHT_TEXT;
}

const isHexColor = (value: string) => /^#[0-9A-Fa-f]{6}$/.test(value);

export function TagBadge({
  tag,
  onRemove,
  size = 'sm',
}: {
  tag: { name: string; color: string };
  onRemove?: () => void;
  size?: 'sm' | 'md';
}) {
  const color = isHexColor(tag.color) ? tag.color : DEFAULT_TAG_COLOR;
  return (
    <span
      className={clsx(
        'inline-flex max-w-full items-center gap-1 rounded-full font-medium whitespace-nowrap ring-1 ring-black/10 ring-inset dark:ring-white/25',
        size === 'sm' ? 'px-2 py-0.5 text-xs' : 'px-2.5 py-1 text-sm',
      )}
      style={{ backgroundColor: color, color: tagTextColor(color) }}
    >
      <span className="truncate">{tag.name}</span>
      {onRemove && (
        <button
          type="button"
          aria-label={`${tag.name}を外す`}
          onClick={onRemove}
          className="-mr-1 rounded-full p-0.5 hover:bg-black/15 focus-visible:outline-2 focus-visible:outline-current"
        >
          <X className={size === 'sm' ? 'h-3 w-3' : 'h-3.5 w-3.5'} aria-hidden="true" />
        </button>
      )}
    </span>
  );
}
