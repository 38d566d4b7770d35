import type { DashboardAlerts } from '@inventory/contracts/dashboard';
import type { OrderDue } from '@inventory/contracts/orders';
import type { DbOrTx } from '../../db/database.ts';
import { type ExpectedOrder, listOpenOrdersExpectedBefore } from '../orders/orders-repository.ts';
import { listLowStockParts } from '../parts/parts-repository.ts';
import { dueDates, isDue } from '../orders/order-due.ts';

// Alerts of the dashboard: open orders past their expected delivery date, open orders due today
// or in the next 3 days, and parts at or below their minimum.

/** The first date no alert looks at: open orders expected before it are overdue or upcoming. */
export const alertOrdersBefore = (today: string) => dueDates('upcoming', today).before;

type LowStockPart = DashboardAlerts['lowStockParts'][number];

/** Splits open orders (earliest first; later ones are ignored) into overdue and upcoming. */
export function buildAlerts(today: string, openOrders: ExpectedOrder[], lowStockParts: LowStockPart[]): DashboardAlerts {
  const toAlert = ({ id, part_name, quantity, expected_delivery_date }: ExpectedOrder) => ({ id, part_name, quantity, expected_delivery_date });
  const dueOn = (due: OrderDue) => openOrders.filter((order) => isDue(due, order.expected_delivery_date, today)).map(toAlert);
  const overdueOrders = dueOn('overdue');
  const upcomingOrders = dueOn('upcoming');
  return { overdueOrders, upcomingOrders, lowStockParts, overdueOrdersCount: overdueOrders.length };
}

/** GET /dashboard/alerts: two queries, today being the server's local date. */
export async function loadAlerts(db: DbOrTx, workspaceId: number, today: string): Promise<DashboardAlerts> {
  const [openOrders, lowStockParts] = await Promise.all([
    listOpenOrdersExpectedBefore(db, workspaceId, alertOrdersBefore(today)),
    listLowStockParts(db, workspaceId),
  ]);
  return buildAlerts(today, openOrders, lowStockParts);
}
