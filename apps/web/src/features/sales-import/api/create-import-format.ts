import { apiPaths } from '@inventory/contracts/api-paths';
import type { SalesImportFormat, SalesImportFormatBody } from '@inventory/contracts/sales-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const CREATE_FORMAT_MESSAGES = {
  success: (name: string) => `取り込み形式「${name}」を登録しました`,
  failure: '取り込み形式の登録に失敗しました',
} as const;

export const createImportFormat = (body: SalesImportFormatBody) =>
  apiRequest<SalesImportFormat>(apiPaths.sales.importFormats, { method: 'POST', body, fallbackMessage: CREATE_FORMAT_MESSAGES.failure });

export function useCreateImportFormat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createImportFormat,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.salesImport.formats }),
  });
}
