import { apiPaths } from '@inventory/contracts/api-paths';
import type { SalesImportSample } from '@inventory/contracts/sales-import';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { importForm } from './form-of.ts';

export const READ_SAMPLE_FAILED_MESSAGE = 'CSVファイルの見出し行を読み取れませんでした';

/** The header row and the first rows of the file, as the server reads them (UTF-8 or Shift_JIS, comma or tab). */
export const readImportSample = (file: File) =>
  apiRequest<SalesImportSample>(apiPaths.sales.importSample, { method: 'POST', body: importForm(file), fallbackMessage: READ_SAMPLE_FAILED_MESSAGE });

export function useReadImportSample() {
  return useMutation({ mutationFn: readImportSample });
}
