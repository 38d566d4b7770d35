import { apiPaths } from '@inventory/contracts/api-paths';
import type { StockEntryBody, StockEntryResponse } from '@inventory/contracts/parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putInList } from '../../../lib/list-cache.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

export const receiveStock = ({ partId, body }: { partId: number; body: StockEntryBody }) =>
  apiRequest<StockEntryResponse>(apiPaths.parts.stockEntry(partId), {
    method: 'POST',
    body,
    fallbackMessage: '在庫の追加に失敗しました',
  });

export function useReceiveStock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveStock,
    onSuccess: ({ part }) => {
      putInList(queryClient, queryKeys.parts.list, part);
      // Also the part's 在庫履歴 and 入荷履歴, which sit under the parts key; part stock feeds the
      // manufacturable counts and the plans' requirements.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.all }),
      ]);
    },
  });
}
