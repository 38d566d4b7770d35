import type { Tag } from '@inventory/contracts/tags';
import { Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { Check, ChevronDown } from 'lucide-react';
import { useEffect } from 'react';
import { TagBadge } from './tag-badge.tsx';

/** The filter bar's tag multi-select: a part must carry every chosen tag (the page does the filtering). */
export function TagFilter({
  tags,
  selectedIds,
  onChange,
}: {
  tags: Tag[];
  selectedIds: number[];
  onChange: (ids: number[]) => void;
}) {
  const selectedTags = selectedIds.flatMap((id) => tags.find((tag) => tag.id === id) ?? []);
  const existingIds = (ids: number[]) => ids.filter((id) => tags.some((tag) => tag.id === id));
  // A chosen tag deleted meanwhile (tag management, another device) leaves the filter at once: no
  // part carries it any more, so keeping it would filter every part away.
  const stale = selectedTags.length < selectedIds.length;
  useEffect(() => {
    if (stale) onChange(existingIds(selectedIds));
  });
  const handleChange = (ids: number[]) => onChange(existingIds(ids));
  return (
    <Listbox value={selectedIds} onChange={handleChange} multiple>
      <ListboxButton
        aria-label={selectedTags.length > 0 ? `タグで絞り込み: ${selectedTags.map((tag) => tag.name).join('、')}` : 'タグで絞り込み'}
        className="flex min-h-[38px] w-full min-w-44 items-center gap-2 rounded-md border border-gray-300 bg-white py-1.5 pr-2 pl-3 text-left text-sm text-gray-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
      >
        <span className="flex min-w-0 flex-1 flex-wrap gap-1">
          {selectedTags.length > 0 ? (
            selectedTags.map((tag) => <TagBadge key={tag.id} tag={tag} />)
          ) : (
            <span className="text-gray-500 dark:text-gray-400">すべてのタグ</span>
          )}
        </span>
        <ChevronDown className="h-4 w-4 shrink-0 text-gray-400" aria-hidden="true" />
      </ListboxButton>
      {/* Headless UI's anchor writes max-height inline from this variable (the specification's 176 px list height). */}
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
