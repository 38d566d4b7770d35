import { apiPaths } from '@inventory/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { removePartFromList } from './cache.ts';
import { partsKeys } from './query-keys.ts';

export const deletePart = (id: number) =>
  apiRequest<void>(apiPaths.parts.one(id), { method: 'DELETE', fallbackMessage: '部品の削除に失敗しました' });

export function useDeletePart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePart,
    onSuccess: (_, id) => {
      removePartFromList(queryClient, id);
      // Tag counts and the part's orders and receipts change with it.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: partsKeys.all }),
        queryClient.invalidateQueries({ queryKey: partsKeys.tags }),
        queryClient.invalidateQueries({ queryKey: ['orders'] }),
        queryClient.invalidateQueries({ queryKey: ['stock-entries'] }),
      ]);
    },
  });
}
