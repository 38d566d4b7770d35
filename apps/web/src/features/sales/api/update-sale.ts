import { apiPaths } from '@inventory/contracts/api-paths';
import type { Sale, UpdateSaleBody } from '@inventory/contracts/sales';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAfterSaleChange } from '../utils/invalidate-after-sale-change.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const UPDATE_SALE_MESSAGES = {
  success: '売上記録を更新しました',
  failure: '売上記録の更新に失敗しました',
} as const;

export const updateSale = ({ id, body }: { id: number; body: UpdateSaleBody }) =>
  apiRequest<Sale>(apiPaths.sales.one(id), { method: 'PUT', body, fallbackMessage: UPDATE_SALE_MESSAGES.failure });

/** After a refusal too: a 409 means someone else changed the stock or the sale meanwhile. */
export function useUpdateSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSale,
    onSettled: () => invalidateAfterSaleChange(queryClient),
  });
}
