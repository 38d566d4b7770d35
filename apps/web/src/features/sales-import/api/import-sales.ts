import { apiPaths } from '@inventory/contracts/api-paths';
import type { SalesImportResult } from '@inventory/contracts/sales-import';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { importForm } from './form-of.ts';

export const IMPORT_FAILED_MESSAGE = '注文の取り込みに失敗しました';

export const importSales = ({ file, source }: { file: File; source: string }) =>
  apiRequest<SalesImportResult>(apiPaths.sales.import, { method: 'POST', body: importForm(file, source), fallbackMessage: IMPORT_FAILED_MESSAGE });

/**
 * Imported sales take product stock and change the totals: the sales, the products, the
 * dashboard and the history reload (after a refusal too: chunks written before it stay).
 */
export function useImportSales() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importSales,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.sales.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.salesImport.history }),
      ]),
  });
}
