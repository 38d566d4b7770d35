import { apiPaths } from '@inventory/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { removeFromList } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const deletePart = (id: number) =>
  apiRequest<void>(apiPaths.parts.one(id), { method: 'DELETE', fallbackMessage: '部品の削除に失敗しました' });

export function useDeletePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePart,
    onSuccess: (_, id) => {
      removeFromList(queryClient, queryKeys.parts.list, id);
      // Tag counts and the part's orders change with it (its histories are under the parts key).
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.tags.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      ]);
    },
  });
}
