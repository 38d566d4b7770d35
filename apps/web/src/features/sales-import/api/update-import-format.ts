import { apiPaths } from '@inventory/contracts/api-paths';
import type { SalesImportFormat, SalesImportFormatBody } from '@inventory/contracts/sales-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const UPDATE_FORMAT_MESSAGES = {
  success: (name: string) => `取り込み形式「${name}」を更新しました`,
  failure: '取り込み形式の更新に失敗しました',
} as const;

export const updateImportFormat = ({ id, body }: { id: number; body: SalesImportFormatBody }) =>
  apiRequest<SalesImportFormat>(apiPaths.sales.importFormat(id), { method: 'PUT', body, fallbackMessage: UPDATE_FORMAT_MESSAGES.failure });

export function useUpdateImportFormat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateImportFormat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.salesImport.formats }),
  });
}
