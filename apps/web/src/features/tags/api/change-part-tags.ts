import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notify } from '../../../lib/notify.ts';
import { diffTagIds } from '../utils/diff-tag-ids.ts';
import { addPartTag } from './add-part-tag.ts';
import { invalidateTagsAndParts } from './get-tags.ts';
import { removePartTag } from './remove-part-tag.ts';

export const PART_TAG_UPDATE_FAILED_MESSAGE = '部品のタグの更新に失敗しました';

export interface PartTagChange {
  partId: number;
  from: number[];
  to: number[];
}

/** Sends a change of a part's tags as the individual removals, then additions, between the old and the new set. */
export async function changePartTags({ partId, from, to }: PartTagChange) {
  const { remove, add } = diffTagIds(from, to);
  for (const tagId of remove) await removePartTag({ partId, tagId });
  for (const tagId of add) await addPartTag({ partId, tagId });
}

/**
 * Saves the tags chosen in a part form after the part itself was saved. A failure is toasted, not
 * thrown: the part is saved either way, and the lists are fetched again to show what holds.
 */
export function useSavePartTags() {
  const queryClient = useQueryClient();
  return useCallback(
    async (change: PartTagChange) => {
      const { remove, add } = diffTagIds(change.from, change.to);
      if (remove.length === 0 && add.length === 0) return;
      try {
        await changePartTags(change);
      } catch (error) {
        console.warn(PART_TAG_UPDATE_FAILED_MESSAGE, error);
        notify.error(PART_TAG_UPDATE_FAILED_MESSAGE);
      } finally {
        await invalidateTagsAndParts(queryClient);
      }
    },
    [queryClient],
  );
}
