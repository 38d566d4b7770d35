import type { Tag } from '@inventory/contracts/tags';
import { useMutation, useMutationState, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { codeAfterFirstPaint } from '../../../lib/code-after-paint.ts';
import { notify } from '../../../lib/notify.ts';
import { changePartTags, PART_TAG_UPDATE_FAILED_MESSAGE } from '../api/change-part-tags.ts';
import { invalidateTagsAndParts } from '../api/get-tags.ts';
import { TagCellButtonContent, TagList, tagCellButtonClassName } from './tag-cell-content.tsx';

// The editor (Headless UI's popover and the tag selector's combobox) arrives right after the
// parts screen's first paint; until then an editable cell is a look-alike button, and a click on
// it opens the editor when the code is here (initial JavaScript ≤ 200 KB).
const popoverCode = codeAfterFirstPaint(async () => (await import('./inline-tag-cell-popover.tsx')).InlineTagCellPopover);

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
  const [Popover, setPopover] = useState(popoverCode.current);
  useEffect(() => popoverCode.fetchInto(Popover, (code) => setPopover(() => code)), [Popover]);
  const [clickedEarly, setClickedEarly] = useState(false);
  // While changes are on their way the cell shows where they lead (the newest pending change).
  const pendingTargets = useMutationState({
    filters: { mutationKey: partTagsMutationKey(partId), status: 'pending' },
    select: (mutation) => (mutation.state.variables as TagChange | undefined)?.to,
  });
  const shownIds = pendingTargets.findLast((target) => target !== undefined) ?? tagIds;

  if (!editable) return <TagList tagIds={shownIds} tags={tags} />;

  if (Popover) {
    return <Popover tagIds={shownIds} tags={tags} onChange={(ids) => changeTags.mutate({ from: shownIds, to: ids })} openOnMount={clickedEarly} />;
  }
  return (
    <button type="button" aria-label="タグを編集" className={tagCellButtonClassName} onClick={() => setClickedEarly(true)}>
      <TagCellButtonContent tagIds={shownIds} tags={tags} />
    </button>
  );
}
