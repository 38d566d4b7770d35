import type { ShortageOrdersResult } from '@inventory/contracts/manufacturing';
import type { QueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The shortage-order action goes beyond the specification; its texts are ours (docs/decisions.md).
export const SHORTAGE_ORDER_LABEL = '不足分を発注';
export const SHORTAGE_ORDER_FAILED_MESSAGE = '不足分の発注に失敗しました';
export const NOTHING_TO_ORDER_MESSAGE = '発注が必要な部品はありません';
export const shortageOrdersCreatedMessage = (count: number) => `${count}件の発注を作成しました`;

/** Says how many purchase orders were created, or that everything missing is already on order. */
export function notifyShortageOrders(result: ShortageOrdersResult) {
  if (result.orders.length > 0) notify.success(shortageOrdersCreatedMessage(result.orders.length));
  else notify.info(NOTHING_TO_ORDER_MESSAGE);
}

/**
 * New purchase orders show on the orders screen, and every plan's requirements count them as on
 * order (on_order / to_order), so both are reloaded; after a refusal too, since orders someone
 * else placed meanwhile may be why it failed.
 */
export function invalidateAfterShortageOrders(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.plans }),
  ]);
}
