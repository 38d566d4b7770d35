import type { Tag } from '@inventory/contracts/tags';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { notify } from '../../../lib/notify.ts';
import { changePartTags, PART_TAG_UPDATE_FAILED_MESSAGE } from '../api/change-part-tags.ts';
import { invalidateTagsAndParts } from '../api/get-tags.ts';
import type { InlineTagCellPopoverProps } from './inline-tag-cell-popover.tsx';
import { TagCellButtonContent, TagList, tagCellButtonClassName } from './tag-cell-content.tsx';

// The editor (Headless UI's popover and the tag selector's combobox) arrives after the parts
// screen's first paint; until then an editable cell is drawn as a plain button.
const TagCellEditor = lazyComponent(async () => (await import('./inline-tag-cell-popover.tsx')).InlineTagCellPopover, TagCellEditorStandIn);

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

  return <TagCellEditor tagIds={shownIds} tags={tags} onChange={(ids) => changeTags.mutate({ from: shownIds, to: ids })} />;
}

function TagCellEditorStandIn({ tagIds, tags }: InlineTagCellPopoverProps) {
  return (
    <button type="button" aria-label="タグを編集" className={tagCellButtonClassName}>
      <TagCellButtonContent tagIds={tagIds} tags={tags} />
    </button>
  );
}
