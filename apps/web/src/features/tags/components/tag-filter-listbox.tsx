import type { Tag } from '@inventory/contracts/tags';
import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { Check } from 'lucide-react';
import { TagBadge } from './tag-badge.tsx';
import { TagFilterButtonContent, tagFilterButtonClassName, tagFilterLabel } from './tag-filter-button.tsx';

export interface TagFilterListboxProps {
  tags: Tag[];
  selectedIds: number[];
  /** The tags of selectedIds, as TagFilter found them. */
  selectedTags: Tag[];
  onChange: (ids: number[]) => void;
}

/** TagFilter's list once its code is here (tag-filter.tsx): Headless UI's multiple listbox. */
export function TagFilterListbox({ tags, selectedIds, selectedTags, onChange }: TagFilterListboxProps) {
  return (
    <Listbox value={selectedIds} onChange={onChange} multiple>
      <ListboxButton aria-label={tagFilterLabel(selectedTags)} className={tagFilterButtonClassName}>
        <TagFilterButtonContent selectedTags={selectedTags} />
      </ListboxButton>
      {/* Headless UI's anchor writes max-height inline from this variable (a 176 px list height). */}
      <ListboxOptions
        anchor={{ to: 'bottom start', gap: 4, padding: 8 }}
        className="z-50 w-(--button-width) min-w-48 overflow-y-auto [--anchor-max-height:176px] rounded-md border border-gray-200 bg-white py-1 text-sm shadow-lg focus:outline-none dark:border-gray-700 dark:bg-gray-800"
      >
        {tags.length === 0 ? (
          <div className="px-3 py-2 text-gray-500 dark:text-gray-400">タグがありません</div>
        ) : (
          tags.map((tag) => (
            <ListboxOption
              key={tag.id}
              value={tag.id}
              className="group flex cursor-pointer items-center gap-2 px-3 py-1.5 data-focus:bg-blue-50 dark:data-focus:bg-blue-900/40"
            >
              <Check className="invisible h-4 w-4 shrink-0 text-blue-600 group-data-selected:visible dark:text-blue-400" aria-hidden="true" />
              <TagBadge tag={tag} />
            </ListboxOption>
          ))
        )}
      </ListboxOptions>
    </Listbox>
  );
}
