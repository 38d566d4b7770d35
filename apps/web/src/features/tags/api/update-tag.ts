import { apiPaths } from '@inventory/contracts/api-paths';
import type { Tag, UpdateTagBody } from '@inventory/contracts/tags';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateTagsAndParts } from './get-tags.ts';

export const updateTag = ({ id, body }: { id: number; body: UpdateTagBody }) =>
  apiRequest<Tag>(apiPaths.tags.one(id), { method: 'PUT', body, fallbackMessage: 'タグの更新に失敗しました' });

export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTag,
    onSuccess: () => invalidateTagsAndParts(queryClient),
  });
}
