import { apiPaths } from '@inventory/contracts/api-paths';
import type { Stocktake, StocktakeCountsBody, StocktakeCountsResponse } from '@inventory/contracts/stocktakes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const RECORD_COUNTS_FAILED_MESSAGE = '数えた数を保存できませんでした';

export const recordCounts = ({ id, counts }: { id: number } & StocktakeCountsBody) =>
  apiRequest<StocktakeCountsResponse>(apiPaths.stocktakes.counts(id), { method: 'PUT', body: { counts }, fallbackMessage: RECORD_COUNTS_FAILED_MESSAGE });

const lineKey = (line: { item_kind: string; item_id: number }) => `${line.item_kind}:${line.item_id}`;

/** The stored lines replace their copies in the stocktake already loaded, with the new progress. */
export function useRecordCounts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordCounts,
    onSuccess: (answer, { id }) => {
      queryClient.setQueryData<Stocktake>(queryKeys.stocktakes.one(id), (stocktake) => {
        if (!stocktake) return stocktake;
        const stored = new Map(answer.lines.map((line) => [lineKey(line), line]));
        return {
          ...stocktake,
          counted_count: answer.counted_count,
          remaining_count: answer.remaining_count,
          lines: stocktake.lines.map((line) => stored.get(lineKey(line)) ?? line),
        };
      });
      void queryClient.invalidateQueries({ queryKey: queryKeys.stocktakes.list });
    },
  });
}
