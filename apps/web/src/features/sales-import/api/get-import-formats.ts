import { apiPaths } from '@inventory/contracts/api-paths';
import type { SalesImportFormat } from '@inventory/contracts/sales-import';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const IMPORT_FORMATS_FETCH_FAILED_MESSAGE = '取り込み形式の取得に失敗しました';

export const getImportFormats = () => apiRequest<SalesImportFormat[]>(apiPaths.sales.importFormats, { fallbackMessage: IMPORT_FORMATS_FETCH_FAILED_MESSAGE });

export function useImportFormats() {
  return useQuery({ queryKey: queryKeys.salesImport.formats, queryFn: getImportFormats });
}
