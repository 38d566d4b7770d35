import { apiPaths } from '@inventory/contracts/api-paths';
import type { RequirementsBody, ShortageOrdersResult } from '@inventory/contracts/manufacturing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAfterShortageOrders, SHORTAGE_ORDER_FAILED_MESSAGE } from '../utils/shortage-orders.ts';

/** Orders what the requirements check found missing (the same body as the check); dated today. */
export const orderRequirementsShortages = ({ requirements, expectedDeliveryDate }: { requirements: RequirementsBody; expectedDeliveryDate: string }) =>
  apiRequest<ShortageOrdersResult>(apiPaths.manufacturing.requirementsShortageOrders, {
    method: 'POST',
    body: { requirements, expected_delivery_date: expectedDeliveryDate },
    fallbackMessage: SHORTAGE_ORDER_FAILED_MESSAGE,
  });

export function useOrderRequirementsShortages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderRequirementsShortages,
    onSettled: () => invalidateAfterShortageOrders(queryClient),
  });
}
