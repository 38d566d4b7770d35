import { apiPaths } from '@inventory/contracts/api-paths';
import type { StockEntryBody, StockEntryResponse } from '@inventory/contracts/parts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** 入荷 from the action sheet: the same receipt as 部品管理's. */
export const receiveScannedPart = ({ partId, body }: { partId: number; body: StockEntryBody }) =>
  apiRequest<StockEntryResponse>(apiPaths.parts.stockEntry(partId), { method: 'POST', body, fallbackMessage: '入荷の登録に失敗しました' });

export function useReceiveScannedPart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: receiveScannedPart,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.parts.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]),
  });
}
