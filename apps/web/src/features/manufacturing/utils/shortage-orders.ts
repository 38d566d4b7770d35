import { isCalendarDate } from '@inventory/contracts/calendar-date';
import type { RequirementsResult, ShortageOrdersResult } from '@inventory/contracts/manufacturing';
import type { QueryClient } from '@tanstack/react-query';
import { notify } from '../../../lib/notify.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

// The shortage-order action's texts (docs/decisions.md, Manufacturing).
export const SHORTAGE_ORDER_LABEL = '不足分を発注';
export const SHORTAGE_ORDER_FAILED_MESSAGE = '不足分の発注に失敗しました';
export const NOTHING_TO_ORDER_MESSAGE = '発注が必要な部品はありません';
export const shortageOrdersCreatedMessage = (count: number) => `${count}件の発注を作成しました`;

/** Why the button is disabled: nothing short, or everything short already on order. */
export const SHORTAGE_ORDER_DISABLED_REASONS = {
  nothingShort: '不足している部品はありません',
  allOnOrder: '不足分はすべて発注済みです',
} as const;
export const DELIVERY_DATE_MESSAGE = '納入予定日は本日以降の日付を入力してください';

/** The reason nothing can be ordered, or null when some part is still to order. */
export function nothingToOrderReason(result: RequirementsResult): string | null {
  if (result.requirements.some((requirement) => requirement.to_order > 0)) return null;
  return result.has_shortages ? SHORTAGE_ORDER_DISABLED_REASONS.allOnOrder : SHORTAGE_ORDER_DISABLED_REASONS.nothingShort;
}

/**
 * The expected delivery date the form starts with: the day the parts are needed (the plan's or
 * the check's start date), today when that day has passed or is unknown, the server's default.
 */
export function defaultDeliveryDate(startDate: string | undefined, today: string) {
  return startDate !== undefined && isCalendarDate(startDate) && startDate > today ? startDate : today;
}

/** An expected delivery date the server takes with today's orders: a calendar date from today on. */
export const isDeliveryDateValid = (date: string, today: string) => isCalendarDate(date) && date >= today;

/** Says how many purchase orders were created, or that everything missing is already on order. */
export function notifyShortageOrders(result: ShortageOrdersResult) {
  if (result.orders.length > 0) notify.success(shortageOrdersCreatedMessage(result.orders.length));
  else notify.info(NOTHING_TO_ORDER_MESSAGE);
}

/**
 * New purchase orders show on the orders screen and the dashboard (calendar and alerts), and every
 * plan's requirements count them as on order (on_order / to_order), so all are reloaded; after a
 * refusal too, since orders someone else placed meanwhile may be why it failed.
 */
export function invalidateAfterShortageOrders(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.manufacturing.plans }),
    queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
  ]);
}
