import type { DashboardResponse } from '@inventory/contracts/dashboard';
import type { DbOrTx } from '../../db/database.ts';
import { listCapacities } from '../manufacturing/capacity.ts';
import { listPlansOverlapping } from '../manufacturing/plans-repository.ts';
import { listRecords, sumRecordsByDayAndProduct } from '../manufacturing/records-repository.ts';
import { listOpenOrdersExpectedBefore } from '../orders/orders-repository.ts';
import { listLowStockParts } from '../parts/parts-repository.ts';
import { listProducts } from '../products/products-repository.ts';
import { listLatestSales, sumSalesBetween } from '../sales/sales-repository.ts';
import { loadWorkspaceStats } from '../workspaces/workspaces-repository.ts';
import { addDays, monthBounds } from '../../lib/time.ts';
import { alertOrdersBefore, buildAlerts, LOW_STOCK_ALERT_LIMIT } from './alerts.ts';
import { buildCalendar, loadMonthProjection } from './calendar.ts';

// GET /dashboard: everything the dashboard shows in one answer. Ten reads, however many
// products, parts or sales, sent together (PostgreSQL runs them on several pool connections at
// once, SQLite one after the other on its connection), then the one or two of the calendar's
// projection, which start from the open orders.

/** Plans shown are those overlapping today − 3 … today + 3 days. */
const PLAN_WINDOW_DAYS = 3;
/** At most 5 plans, 5 latest records and 5 latest sales. */
const DASHBOARD_LIST_SIZE = 5;

const byName = new Intl.Collator('ja');

export async function loadDashboard(db: DbOrTx, workspaceId: number, today: string): Promise<DashboardResponse> {
  const month = monthBounds(Number(today.slice(0, 4)), Number(today.slice(5, 7)));
  // One read of the open orders serves the alerts (up to today + 3) and the calendar (the month).
  const ordersBefore = [month.next, alertOrdersBefore(today)].sort()[1]!;
  const [products, capacities, plans, openOrders, lowStockParts, dayRecords, stats, monthRevenue, recentRecords, recentSales] =
    await Promise.all([
      listProducts(db, workspaceId),
      listCapacities(db, workspaceId),
      listPlansOverlapping(db, workspaceId, addDays(today, -PLAN_WINDOW_DAYS), addDays(today, PLAN_WINDOW_DAYS), DASHBOARD_LIST_SIZE),
      listOpenOrdersExpectedBefore(db, workspaceId, ordersBefore),
      listLowStockParts(db, workspaceId, LOW_STOCK_ALERT_LIMIT),
      sumRecordsByDayAndProduct(db, workspaceId, month.first, month.next),
      loadWorkspaceStats(db, workspaceId),
      sumSalesBetween(db, workspaceId, month.first, addDays(month.next, -1)),
      listRecords(db, workspaceId, { limit: DASHBOARD_LIST_SIZE }),
      listLatestSales(db, workspaceId, DASHBOARD_LIST_SIZE),
    ]);
  return {
    products: [...products].sort((a, b) => byName.compare(a.name, b.name) || a.id - b.id),
    capacities,
    plans,
    // The stats count the low-stock parts by the same rule.
    alerts: buildAlerts(today, openOrders, { lowStockParts, lowStockPartsCount: stats.lowStockParts }),
    calendar: buildCalendar(month, today, dayRecords, openOrders, await loadMonthProjection(db, workspaceId, month, today, openOrders)),
    stats,
    month_revenue: monthRevenue,
    recent_records: recentRecords,
    recent_sales: recentSales,
  };
}
