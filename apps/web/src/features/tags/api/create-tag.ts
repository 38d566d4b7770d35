import { apiPaths } from '@inventory/contracts/api-paths';
import type { CreateTagBody, Tag } from '@inventory/contracts/tags';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { invalidateTagsAndParts } from './get-tags.ts';

export const createTag = (body: CreateTagBody) =>
  apiRequest<Tag>(apiPaths.tags.list, { method: 'POST', body, fallbackMessage: 'タグの作成に失敗しました' });

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTag,
    onSuccess: (created) => {
      // The new tag is usable at once (a selector shows its badge) without waiting for the lists to be fetched again.
      queryClient.setQueryData<Tag[]>(queryKeys.tags.list, (tags) => (tags ? [...tags, created] : tags));
      void invalidateTagsAndParts(queryClient);
    },
  });
}
