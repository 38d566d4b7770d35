import { apiPaths } from '@inventory/contracts/api-paths';
import type { Tag } from '@inventory/contracts/tags';
import { apiRequest } from '../../../lib/api-client.ts';

/**
 * One addition; answers the part's tags. Callers change a part's tags as a sequence of removals and additions (the inline
 * tag cell, the part form) and fetch the lists again once at the end (invalidateTagsAndParts).
 */
export const addPartTag = ({ partId, tagId }: { partId: number; tagId: number }) =>
  apiRequest<Tag[]>(apiPaths.parts.tags(partId), {
    method: 'POST',
    body: { tag_id: tagId },
    fallbackMessage: '部品へのタグの追加に失敗しました',
  });
