import { apiPaths } from '@inventory/contracts/api-paths';
import type { CsvImportResult } from '@inventory/contracts/parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

const CSV_IMPORT_FAILED_MESSAGE = 'CSV インポートに失敗しました';

/** The file goes as multipart form data under the field csv; the server detects UTF-8 or Shift_JIS. */
export function importPartsCsv(file: File) {
  const form = new FormData();
  form.append('csv', file);
  return apiRequest<CsvImportResult>(apiPaths.parts.importCsv, {
    method: 'POST',
    body: form,
    fallbackMessage: CSV_IMPORT_FAILED_MESSAGE,
  });
}

export function useImportPartsCsv() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importPartsCsv,
    // Parts change, and tags named in the タグ column are created or counted. The result is shown without waiting for the lists.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.parts.all });
      void queryClient.invalidateQueries({ queryKey: queryKeys.tags.all });
      // Updated stock feeds the manufacturable counts and the plans' requirements.
      void queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.all });
    },
  });
}
