import { apiPaths } from '@inventory/contracts/api-paths';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { formatIsoDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { downloadFile } from '../../../lib/download-file.ts';

const CSV_EXPORT_FAILED_MESSAGE = 'CSV エクスポートに失敗しました';

/** parts_{yyyy-MM-dd}.csv with the user's local date (the day they see on their calendar). */
export const partsCsvFileName = (date: Date) => `parts_${formatIsoDate(date)}.csv`;

/**
 * Downloads every part as CSV and saves it. A failure shows the catalogue's toast (the details are
 * on the console, written by the API client) and resolves to false, so callers need no error handling.
 */
export async function exportPartsCsv(): Promise<boolean> {
  try {
    const blob = await apiRequest<Blob>(apiPaths.parts.exportCsv, {
      responseType: 'blob',
      fallbackMessage: CSV_EXPORT_FAILED_MESSAGE,
    });
    downloadFile(blob, partsCsvFileName(new Date()));
    return true;
  } catch (error) {
    console.warn('CSV export failed', error);
    notify.error(CSV_EXPORT_FAILED_MESSAGE);
    return false;
  }
}

/** exportPartsCsv with a pending state, for disabling the export button while the file is prepared. */
export function useExportPartsCsv() {
  return useMutation({ mutationFn: exportPartsCsv });
}
