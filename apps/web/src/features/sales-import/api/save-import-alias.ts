import { apiPaths } from '@inventory/contracts/api-paths';
import type { SalesImportAlias, SalesImportAliasBody } from '@inventory/contracts/sales-import';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const SAVE_ALIAS_FAILED_MESSAGE = '商品の対応付けの保存に失敗しました';

/** Remembers which product lines of this SKU and name are (null: 取り込まない) for every later import. */
export const saveImportAlias = (body: SalesImportAliasBody) =>
  apiRequest<SalesImportAlias>(apiPaths.sales.importAliases, { method: 'POST', body, fallbackMessage: SAVE_ALIAS_FAILED_MESSAGE });

export function useSaveImportAlias() {
  return useMutation({ mutationFn: saveImportAlias });
}
