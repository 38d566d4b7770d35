import { TAG_PALETTE } from '@inventory/contracts/tags';
import clsx from 'clsx';
import { Check } from 'lucide-react';
import { tagTextColor } from './tag-badge.tsx';

const COLOR_NAMES: Record<(typeof TAG_PALETTE)[number], string> = {
  '#EF4444': '赤',
  '#F59E0B': '黄',
  '#10B981': '緑',
  '#3B82F6': '青',
  '#8B5CF6': '紫',
  '#EC4899': 'ピンク',
  '#6B7280': 'グレー',
  '#F97316': 'オレンジ',
  '#06B6D4': '水色',
  '#84CC16': '黄緑',
};

/** The palette's colours as round buttons, the chosen one pressed and ticked. */
export function TagColorPalette({
  label,
  value,
  onSelect,
  disabled = false,
}: {
  label: string;
  value: string;
  onSelect: (color: string) => void;
  disabled?: boolean;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {TAG_PALETTE.map((color) => {
        const selected = value.toUpperCase() === color;
        return (
          <button
            key={color}
            type="button"
            aria-label={`${COLOR_NAMES[color]} (${color})`}
            aria-pressed={selected}
            disabled={disabled}
            onClick={() => onSelect(color)}
            className={clsx(
              'flex h-8 w-8 items-center justify-center rounded-full ring-offset-2 ring-offset-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-500 disabled:cursor-not-allowed disabled:opacity-50 dark:ring-offset-gray-900',
              selected ? 'ring-2 ring-gray-900 dark:ring-gray-100' : 'ring-1 ring-black/10 dark:ring-white/20',
            )}
            style={{ backgroundColor: color }}
          >
            {selected && <Check className="h-4 w-4" style={{ color: tagTextColor(color) }} aria-hidden="true" />}
          </button>
        );
      })}
    </div>
  );
}
