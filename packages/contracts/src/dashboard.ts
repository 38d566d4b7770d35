import { z } from 'zod';
import { CALENDAR_EVENT_COLORS, CALENDAR_EVENT_TYPES, type CalendarEventType } from './calendar-colors.ts';
import { capacitySummary, manufacturingRecord, plan } from './manufacturing.ts';
import { product } from './products.ts';
import { sale } from './sales.ts';

// The dashboard and its calls.

/** GET /dashboard/alerts. Upcoming = due within the next 3 days. */
export const dashboardAlerts = z.object({
  overdueOrders: z.array(z.object({ id: z.number(), part_name: z.string(), quantity: z.number(), expected_delivery_date: z.string() })),
  upcomingOrders: z.array(z.object({ id: z.number(), part_name: z.string(), quantity: z.number(), expected_delivery_date: z.string() })),
  /** The banner's parts: the first 5 at or below their minimum, the largest shortfall (minimum − stock) first. */
  lowStockParts: z.array(z.object({ id: z.number(), name: z.string(), current_stock: z.number(), min_stock_alert: z.number() })),
  /** Every part at or below its minimum. */
  lowStockPartsCount: z.number(),
  overdueOrdersCount: z.number(),
});
export type DashboardAlerts = z.infer<typeof dashboardAlerts>;

export { CALENDAR_EVENT_COLORS, type CalendarEventType };
export const calendarEventType = z.enum(CALENDAR_EVENT_TYPES);

export const dashboardCalendarEvent = z.object({
  id: z.string(),
  type: calendarEventType,
  title: z.string(),
  /** yyyy-MM-dd */
  date: z.string(),
  color: z.string(),
  product_id: z.number().nullable(),
  part_id: z.number().nullable(),
  quantity: z.number(),
});
export type DashboardCalendarEvent = z.infer<typeof dashboardCalendarEvent>;

/** GET /dashboard/calendar/{year}/{month} */
export const dashboardCalendar = z.object({ events: z.array(dashboardCalendarEvent) });
export type DashboardCalendar = z.infer<typeof dashboardCalendar>;

/** GET /workspace/stats. */
export const workspaceStats = z.object({
  members: z.number(),
  parts: z.number(),
  products: z.number(),
  lowStockParts: z.number(),
});
export type WorkspaceStats = z.infer<typeof workspaceStats>;

/**
 * GET /dashboard: everything the dashboard shows in one round trip (instead of
 * nine calls one after another): products with capacities, plans in the ±3-day window,
 * alerts, this month's calendar, stats, this month's revenue and the latest records and sales.
 */
export const dashboardResponse = z.object({
  /** Sorted by name. */
  products: z.array(product),
  capacities: z.array(capacitySummary),
  /** Plans overlapping today −3 … today +3 days, at most 5. */
  plans: z.array(plan),
  alerts: dashboardAlerts,
  calendar: dashboardCalendar,
  stats: workspaceStats,
  /** Sum of this calendar month's sales totals, in yen. */
  month_revenue: z.number(),
  recent_records: z.array(manufacturingRecord),
  recent_sales: z.array(sale),
});
export type DashboardResponse = z.infer<typeof dashboardResponse>;
