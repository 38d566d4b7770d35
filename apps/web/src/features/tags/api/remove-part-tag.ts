import { apiPaths } from '@inventory/contracts/api-paths';
import type { Tag } from '@inventory/contracts/tags';
import { apiRequest } from '../../../lib/api-client.ts';

/** One removal; see addPartTag for how callers combine them. */
export const removePartTag = ({ partId, tagId }: { partId: number; tagId: number }) =>
  apiRequest<Tag[]>(apiPaths.parts.tag(partId, tagId), {
    method: 'DELETE',
    fallbackMessage: '部品からのタグの削除に失敗しました',
  });
