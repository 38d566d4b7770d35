import type { OrderDue } from '@inventory/contracts/orders';
import { addDays } from '../../lib/time.ts';

// When an open order (ordered or shipped) is overdue or upcoming: the dashboard's alerts and the
// orders list's due filter (GET /orders?due=…) both ask here, so the list a banner links to
// holds exactly the orders the banner counted.

/** Upcoming: expected today or in the next UPCOMING_DAYS days. */
const UPCOMING_DAYS = 3;

/** The expected delivery dates [from, before) of the open orders that are `due` on `today`. */
export function dueDates(due: OrderDue, today: string): { from: string | null; before: string } {
  return due === 'overdue' ? { from: null, before: today } : { from: today, before: addDays(today, UPCOMING_DAYS + 1) };
}

/** Whether an open order expected on `expectedDate` is `due` on `today`. */
export function isDue(due: OrderDue, expectedDate: string, today: string): boolean {
  const { from, before } = dueDates(due, today);
  return (from === null || expectedDate >= from) && expectedDate < before;
}
