import type { Tag } from '@inventory/contracts/tags';
import { ChevronDown } from 'lucide-react';
import { TagBadge } from './tag-badge.tsx';

// The filter's button, drawn alike by TagFilter's stand-in and by the listbox.

export const tagFilterButtonClassName =
  'flex min-h-[38px] w-full min-w-44 items-center gap-2 rounded-md border border-gray-300 bg-white py-1.5 pr-2 pl-3 text-left text-sm text-gray-900 shadow-sm focus:border-blue-500 focus:ring-2 focus:ring-blue-500/40 focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100';

const ALL_TAGS = 'すべてのタグ';

/** The button's name: what it filters by, then what it shows (its visible text is part of its name, WCAG 2.5.3). */
export const tagFilterLabel = (selectedTags: Tag[]) =>
  `タグで絞り込み: ${selectedTags.length > 0 ? selectedTags.map((tag) => tag.name).join('、') : ALL_TAGS}`;

export function TagFilterButtonContent({ selectedTags }: { selectedTags: Tag[] }) {
  return (
    <>
      <span className="flex min-w-0 flex-1 flex-wrap gap-1">
        {selectedTags.length > 0 ? (
          selectedTags.map((tag) => <TagBadge key={tag.id} tag={tag} />)
        ) : (
          <span className="text-gray-500 dark:text-gray-400">{ALL_TAGS}</span>
        )}
      </span>
      <ChevronDown className="h-4 w-4 shrink-0 text-gray-400" aria-hidden="true" />
    </>
  );
}
