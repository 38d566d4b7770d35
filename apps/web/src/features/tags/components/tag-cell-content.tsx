import type { Tag } from '@inventory/contracts/tags';
import { TagBadge } from './tag-badge.tsx';

// What a part's tag cell shows, drawn alike by InlineTagCell's stand-in and by its popover.

export const tagCellButtonClassName =
  '-mx-1 -my-0.5 flex min-h-7 max-w-full items-center rounded-md px-1 py-0.5 text-left hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:hover:bg-gray-800';

export function TagList({ tagIds, tags }: { tagIds: number[]; tags: Tag[] }) {
  const shown = tagIds.flatMap((id) => tags.find((tag) => tag.id === id) ?? []);
  if (shown.length === 0) return <span className="text-sm text-gray-400 dark:text-gray-500">-</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((tag) => (
        <TagBadge key={tag.id} tag={tag} />
      ))}
    </span>
  );
}

/** The editable cell's button: the tags, or + タグ when there are none. */
export function TagCellButtonContent({ tagIds, tags }: { tagIds: number[]; tags: Tag[] }) {
  return tagIds.length > 0 ? <TagList tagIds={tagIds} tags={tags} /> : <span className="text-sm text-gray-500 dark:text-gray-400">+ タグ</span>;
}
