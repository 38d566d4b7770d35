import { apiPaths } from '@inventory/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateTagsAndParts } from './get-tags.ts';

/** force removes the tag from every part that carries it; without it the server refuses a tag in use (409). */
export const deleteTag = ({ id, force = false }: { id: number; force?: boolean }) =>
  apiRequest<void>(force ? apiPaths.tags.force(id) : apiPaths.tags.one(id), {
    method: 'DELETE',
    fallbackMessage: 'タグの削除に失敗しました',
  });

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    // Also after a refusal: the tag's part count has changed since the list was loaded.
    onSettled: () => invalidateTagsAndParts(queryClient),
  });
}
