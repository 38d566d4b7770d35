import { apiPaths } from '@inventory/contracts/api-paths';
import type { SalesImportHistoryEntry } from '@inventory/contracts/sales-import';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const IMPORT_HISTORY_FETCH_FAILED_MESSAGE = '取り込み履歴の取得に失敗しました';

export const getImportHistory = () =>
  apiRequest<SalesImportHistoryEntry[]>(apiPaths.sales.importHistory, { fallbackMessage: IMPORT_HISTORY_FETCH_FAILED_MESSAGE });

export function useImportHistory() {
  return useQuery({ queryKey: queryKeys.salesImport.history, queryFn: getImportHistory });
}
