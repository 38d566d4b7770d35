import { apiPaths } from '@inventory/contracts/api-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAfterSaleChange } from '../utils/invalidate-after-sale-change.ts';

/** The toasts; the failure text is shown when the server gives none. */
export const DELETE_SALE_MESSAGES = {
  success: '売上記録を削除しました',
  failure: '売上記録の削除に失敗しました',
} as const;

// The answer's body is not used.
export const deleteSale = (id: number) =>
  apiRequest<unknown>(apiPaths.sales.one(id), { method: 'DELETE', fallbackMessage: DELETE_SALE_MESSAGES.failure });

/** A deleted sale returns its quantity to the product's stock. */
export function useDeleteSale() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSale,
    onSettled: () => invalidateAfterSaleChange(queryClient),
  });
}
