import type { DashboardAlerts } from '@inventory/contracts/dashboard';
import type { DbOrTx } from '../../db/create-database.ts';
import { type ExpectedOrder, listOpenOrdersExpectedBefore } from '../orders/orders-repository.ts';
import { listLowStockParts } from '../parts/parts-repository.ts';
import { addDays } from '../../lib/time.ts';

// Alerts of the dashboard (specification 001, sections 3 and 4; DESIGN.md section 5): open orders
// past their expected delivery date, open orders due today or in the next 3 days, and parts at or
// below their minimum.

const UPCOMING_DAYS = 3;

/** The first date no alert looks at: open orders expected before it are overdue or upcoming. */
export const alertOrdersBefore = (today: string) => addDays(today, UPCOMING_DAYS + 1);

type LowStockPart = DashboardAlerts['lowStockParts'][number];

/** Splits open orders (earliest first; later ones are ignored) into overdue and upcoming. */
export function buildAlerts(today: string, openOrders: ExpectedOrder[], lowStockParts: LowStockPart[]): DashboardAlerts {
  const before = alertOrdersBefore(today);
  const toAlert = ({ id, part_name, quantity, expected_delivery_date }: ExpectedOrder) => ({ id, part_name, quantity, expected_delivery_date });
  const overdueOrders = openOrders.filter((order) => order.expected_delivery_date < today).map(toAlert);
  const upcomingOrders = openOrders
    .filter((order) => order.expected_delivery_date >= today && order.expected_delivery_date < before)
    .map(toAlert);
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
