import { Field, Label, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { DEFAULT_TAG_COLOR } from '@inventory/contracts/tag-colors';
import type { Tag } from '@inventory/contracts/tags';
import { Check, ChevronDown } from 'lucide-react';
import { useEffect } from 'react';
import { FIELD_LABEL_CLASSES } from '../form/field.tsx';

const ALL_TAGS_LABEL = 'すべてのタグ';

const swatchColor = (color: string) => (/^#[0-9A-Fa-f]{6}$/.test(color) ? color : DEFAULT_TAG_COLOR);

function TagLabel({ tag }: { tag: Pick<Tag, 'name' | 'color'> }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-full ring-1 ring-black/10 dark:ring-white/25" style={{ backgroundColor: swatchColor(tag.color) }} />
      <span className="truncate">{tag.name}</span>
    </span>
  );
}

/**
 * The single-tag filter: one tag or all. The caller narrows its
 * list by the chosen tag (the recipe editor narrows the part choices).
 */
export function SingleTagFilter({
  tags,
  value,
  onChange,
  label = 'タグで絞り込み',
  disabled = false,
}: {
  tags: readonly Pick<Tag, 'id' | 'name' | 'color'>[];
  value: number | null;
  onChange: (tagId: number | null) => void;
  label?: string;
  disabled?: boolean;
}) {
  const selected = value === null ? undefined : tags.find((tag) => tag.id === value);
  // A chosen tag deleted meanwhile (another tab, another member) would filter everything away.
  const stale = value !== null && selected === undefined;
  useEffect(() => {
    if (stale) onChange(null);
  }, [stale, onChange]);

  return (
    <Field disabled={disabled}>
      <Label className={FIELD_LABEL_CLASSES}>{label}</Label>
      <Listbox value={selected?.id ?? null} onChange={onChange}>
        <ListboxButton
          className="flex min-h-[38px] w-full items-center gap-2 rounded-md border border-gray-300 bg-white py-1.5 pr-2 pl-3 text-left text-sm text-gray-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none disabled:cursor-not-allowed disabled:opacity-60 dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        >
          <span className="min-w-0 flex-1">
            {selected ? <TagLabel tag={selected} /> : <span className="text-gray-600 dark:text-gray-300">{ALL_TAGS_LABEL}</span>}
          </span>
          <ChevronDown className="h-4 w-4 shrink-0 text-gray-400" aria-hidden="true" />
        </ListboxButton>
        {/* Headless UI's anchor writes max-height inline from this variable (a 176 px list height). */}
        <ListboxOptions
          anchor={{ to: 'bottom start', gap: 4, padding: 8 }}
          className="z-50 w-(--button-width) min-w-48 overflow-y-auto [--anchor-max-height:176px] rounded-md border border-gray-200 bg-white py-1 text-sm shadow-lg focus:outline-none dark:border-gray-700 dark:bg-gray-800"
        >
          {[{ id: null, tag: null }, ...tags.map((tag) => ({ id: tag.id, tag }))].map(({ id, tag }) => (
            <ListboxOption
              key={id ?? 'all'}
              value={id}
              className="group flex cursor-pointer items-center gap-2 px-3 py-1.5 text-gray-900 data-focus:bg-blue-50 dark:text-gray-100 dark:data-focus:bg-blue-900/40"
            >
              <Check className="invisible h-4 w-4 shrink-0 text-blue-600 group-data-selected:visible dark:text-blue-400" aria-hidden="true" />
              {tag ? <TagLabel tag={tag} /> : ALL_TAGS_LABEL}
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </Field>
  );
}
