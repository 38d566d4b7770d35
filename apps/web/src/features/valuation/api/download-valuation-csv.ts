import { apiPaths } from '@inventory/contracts/api-paths';
import type { ValuationMethod } from '@inventory/contracts/valuation';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { downloadFile } from '../../../lib/download-file.ts';
import { notify } from '../../../lib/notify.ts';
import { valuationQuery } from './get-valuation.ts';

export const VALUATION_CSV_FAILED_MESSAGE = '棚卸表のCSVを作成できませんでした';

/** 棚卸表_{date}.csv, the name the server gives it too. */
export const valuationCsvFileName = (date: string) => `棚卸表_${date}.csv`;

export async function downloadValuationCsv({ date, method }: { date: string; method: ValuationMethod }): Promise<boolean> {
  try {
    const blob = await apiRequest<Blob>(`${apiPaths.inventory.valuationCsv}?${valuationQuery(date, method)}`, {
      responseType: 'blob',
      fallbackMessage: VALUATION_CSV_FAILED_MESSAGE,
    });
    downloadFile(blob, valuationCsvFileName(date));
    return true;
  } catch (error) {
    notify.error(error instanceof Error ? error.message : VALUATION_CSV_FAILED_MESSAGE);
    return false;
  }
}

export function useDownloadValuationCsv() {
  return useMutation({ mutationFn: downloadValuationCsv });
}
