import { apiPaths } from '@inventory/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const DELETE_FORMAT_MESSAGES = {
  success: '取り込み形式を削除しました',
  failure: '取り込み形式の削除に失敗しました',
} as const;

// The answer's body is not used.
export const deleteImportFormat = (id: number) =>
  apiRequest<unknown>(apiPaths.sales.importFormat(id), { method: 'DELETE', fallbackMessage: DELETE_FORMAT_MESSAGES.failure });

export function useDeleteImportFormat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteImportFormat,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.salesImport.formats }),
  });
}
