import { apiPaths } from '@inventory/contracts/api-paths';
import type { SalesImportResult } from '@inventory/contracts/sales-import';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { importForm } from './form-of.ts';

export const PREVIEW_FAILED_MESSAGE = '注文ファイルのプレビューに失敗しました';

/** What importing the file would do now; nothing changes on the server. */
export const previewSalesImport = ({ file, source }: { file: File; source: string }) =>
  apiRequest<SalesImportResult>(apiPaths.sales.importPreview, { method: 'POST', body: importForm(file, source), fallbackMessage: PREVIEW_FAILED_MESSAGE });

export function usePreviewSalesImport() {
  return useMutation({ mutationFn: previewSalesImport });
}
