import type { DashboardAlerts } from '@inventory/contracts/dashboard';
import type { OrderDue } from '@inventory/contracts/orders';
import type { DbOrTx } from '../../db/database.ts';
import { type ExpectedOrder, listOpenOrdersExpectedBefore } from '../orders/orders-repository.ts';
import { countLowStockParts, listLowStockParts } from '../parts/parts-repository.ts';
import { dueDates, isDue } from '../orders/order-due.ts';

// Alerts of the dashboard: open orders past their expected delivery date, open orders due today
// or in the next 3 days, and parts at or below their minimum.

/**
 * The low-stock banner lists 5 parts and counts them all: only those 5 are sent, so the answer
 * does not grow with the workspace (10,000 parts below their minimum were 600 KB of it).
 */
export const LOW_STOCK_ALERT_LIMIT = 5;

/** The first date no alert looks at: open orders expected before it are overdue or upcoming. */
export const alertOrdersBefore = (today: string) => dueDates('upcoming', today).before;

type LowStock = Pick<DashboardAlerts, 'lowStockParts' | 'lowStockPartsCount'>;

/** Splits open orders (earliest first; later ones are ignored) into overdue and upcoming. */
export function buildAlerts(today: string, openOrders: ExpectedOrder[], lowStock: LowStock): DashboardAlerts {
  const toAlert = ({ id, part_name, quantity, expected_delivery_date }: ExpectedOrder) => ({ id, part_name, quantity, expected_delivery_date });
  const dueOn = (due: OrderDue) => openOrders.filter((order) => isDue(due, order.expected_delivery_date, today)).map(toAlert);
  const overdueOrders = dueOn('overdue');
  const upcomingOrders = dueOn('upcoming');
  return { overdueOrders, upcomingOrders, ...lowStock, overdueOrdersCount: overdueOrders.length };
}

/** GET /dashboard/alerts: three queries, today being the server's local date. */
export async function loadAlerts(db: DbOrTx, workspaceId: number, today: string): Promise<DashboardAlerts> {
  const [openOrders, lowStockParts, lowStockPartsCount] = await Promise.all([
    listOpenOrdersExpectedBefore(db, workspaceId, alertOrdersBefore(today)),
    listLowStockParts(db, workspaceId, LOW_STOCK_ALERT_LIMIT),
    countLowStockParts(db, workspaceId),
  ]);
  return buildAlerts(today, openOrders, { lowStockParts, lowStockPartsCount });
}
