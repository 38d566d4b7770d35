import type { Tag } from '@inventory/contracts/tags';
import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { notify } from '../../../lib/notify.ts';
import { changePartTags, PART_TAG_UPDATE_FAILED_MESSAGE } from '../api/change-part-tags.ts';
import { invalidateTagsAndParts } from '../api/get-tags.ts';
import { TagBadge } from './tag-badge.tsx';
import { TagSelector } from './tag-selector.tsx';

interface TagChange {
  from: number[];
  to: number[];
}

const partTagsMutationKey = (partId: number) => ['part-tags', partId] as const;

/**
 * Changes of one part run one after another (a mutation scope), so a quick add-then-remove of the
 * same tag reaches the server in that order.
 */
function useChangePartTags(partId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: partTagsMutationKey(partId),
    scope: { id: `part-tags-${partId}` },
    mutationFn: ({ from, to }: TagChange) => changePartTags({ partId, from, to }),
    onError: (error) => {
      console.warn(PART_TAG_UPDATE_FAILED_MESSAGE, error);
      notify.error(PART_TAG_UPDATE_FAILED_MESSAGE);
    },
    // Pending until the lists are fetched again, so the cell never flashes back to the old tags.
    onSettled: () => invalidateTagsAndParts(queryClient),
  });
}

function TagList({ tagIds, tags }: { tagIds: number[]; tags: Tag[] }) {
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

export function InlineTagCell({
  partId,
  tagIds,
  tags,
  editable,
}: {
  partId: number;
  tagIds: number[];
  tags: Tag[];
  editable: boolean;
}) {
  const changeTags = useChangePartTags(partId);
  // While changes are on their way the cell shows where they lead (the newest pending change).
  const pendingTargets = useMutationState({
    filters: { mutationKey: partTagsMutationKey(partId), status: 'pending' },
    select: (mutation) => (mutation.state.variables as TagChange | undefined)?.to,
  });
  const shownIds = pendingTargets.findLast((target) => target !== undefined) ?? tagIds;

  if (!editable) return <TagList tagIds={shownIds} tags={tags} />;

  return (
    <Popover>
      <PopoverButton
        aria-label="タグを編集"
        className="-mx-1 -my-0.5 flex min-h-7 max-w-full items-center rounded-md px-1 py-0.5 text-left hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-blue-500 dark:hover:bg-gray-800"
      >
        {shownIds.length > 0 ? (
          <TagList tagIds={shownIds} tags={tags} />
        ) : (
          <span className="text-sm text-gray-400 dark:text-gray-500">+ タグ</span>
        )}
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom start', gap: 4, padding: 8 }}
        className="z-40 w-72 rounded-lg border border-gray-200 bg-white p-3 shadow-lg dark:border-gray-700 dark:bg-gray-900"
      >
        <FocusSearchOnOpen>
          <TagSelector
            tags={tags}
            selectedIds={shownIds}
            onChange={(ids) => changeTags.mutate({ from: shownIds, to: ids })}
          />
        </FocusSearchOnOpen>
      </PopoverPanel>
    </Popover>
  );
}

/** Puts the cursor in the search box when the popover opens, ready to type a tag name. */
function FocusSearchOnOpen({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelector('input')?.focus();
  }, []);
  return <div ref={ref}>{children}</div>;
}
