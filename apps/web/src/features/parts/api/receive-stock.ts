import { apiPaths } from '@inventory/contracts/api-paths';
import type { StockEntryBody, StockEntryResponse } from '@inventory/contracts/parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { putPartInList } from './cache.ts';
import { partsKeys } from './query-keys.ts';

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
      putPartInList(queryClient, part);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: partsKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['stock-entries'] }),
      ]);
    },
  });
}
