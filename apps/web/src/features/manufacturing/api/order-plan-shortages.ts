import { apiPaths } from '@inventory/contracts/api-paths';
import type { ShortageOrdersResult } from '@inventory/contracts/manufacturing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { invalidateAfterShortageOrders, SHORTAGE_ORDER_FAILED_MESSAGE } from '../utils/shortage-orders.ts';

/** Orders every part the plan still lacks (what is already on order is not ordered again); dated today. */
export const orderPlanShortages = ({ planId, expectedDeliveryDate }: { planId: number; expectedDeliveryDate: string }) =>
  apiRequest<ShortageOrdersResult>(apiPaths.manufacturing.planShortageOrders(planId), {
    method: 'POST',
    body: { expected_delivery_date: expectedDeliveryDate },
    fallbackMessage: SHORTAGE_ORDER_FAILED_MESSAGE,
  });

export function useOrderPlanShortages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: orderPlanShortages,
    onSettled: () => invalidateAfterShortageOrders(queryClient),
  });
}
