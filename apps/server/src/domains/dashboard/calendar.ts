import { CALENDAR_EVENT_COLORS, type DashboardCalendar, type DashboardCalendarEvent } from '@inventory/contracts/dashboard';
import type { DbOrTx } from '../../db/database.ts';
import { sumRecordsByDayAndProduct } from '../manufacturing/records-repository.ts';
import { isDue } from '../orders/order-due.ts';
import { type ExpectedOrder, listOpenOrdersExpectedBefore } from '../orders/orders-repository.ts';
import { monthBounds } from '../../lib/time.ts';
import { loadProjectionInputs, NO_PROJECTION, projectCapacities, type ProjectionInputs } from './capacity-projection.ts';

// The dashboard calendar of one month: what was made (blue, one event per
// product and day), open orders on their expected delivery date (orange, one per order; red when
// that date has passed), and the manufacturable count (green) today and on each later arrival
// date of the month.

export interface CalendarMonth {
  /** First day of the month and of the next one, yyyy-MM-dd. */
  first: string;
  next: string;
}

export type DayProductRecord = Awaited<ReturnType<typeof sumRecordsByDayAndProduct>>[number];

/** A late open order (the alerts' overdue rule): the calendar marks it and no capacity counts it as stock. */
const isOverdue = (order: ExpectedOrder, today: string) => isDue('overdue', order.expected_delivery_date, today);

/** The open orders a capacity projection counts: those not late yet. */
const arrivingOrders = (openOrders: ExpectedOrder[], today: string) => openOrders.filter((order) => !isOverdue(order, today));

/** Only a month that has not ended yet has days to project capacities on. */
const monthHasProjections = (month: CalendarMonth, today: string) => today < month.next;

const KIND_ORDER: Record<DashboardCalendarEvent['type'], number> = { manufacturing: 0, overdue_arrival: 1, arrival: 1, capacity: 2 };

/**
 * The month's events in date order, and within a day results, arrivals, then capacities.
 * `openOrders` holds the open orders in date order expected before the month's end at least
 * (earlier days of a later month included: they count for its projections; later ones are left
 * alone);
 * `projection` what capacities start from.
 */
export function buildCalendar(
  month: CalendarMonth,
  today: string,
  records: DayProductRecord[],
  openOrders: ExpectedOrder[],
  projection: ProjectionInputs,
): DashboardCalendar {
  const inMonth = (date: string) => date >= month.first && date < month.next;
  const events: DashboardCalendarEvent[] = records.map((record) => ({
    id: `manufacturing-${record.first_id}`,
    type: 'manufacturing',
    title: `${record.product_name}: 製造 ${record.quantity}個`,
    date: record.manufacturing_date,
    color: CALENDAR_EVENT_COLORS.manufacturing,
    product_id: record.product_id,
    part_id: null,
    quantity: record.quantity,
  }));

  const projectionDates = new Set<string>();
  if (inMonth(today)) projectionDates.add(today);
  for (const order of openOrders) {
    if (!inMonth(order.expected_delivery_date)) continue;
    const overdue = isOverdue(order, today);
    events.push({
      id: `arrival-${order.id}`,
      type: overdue ? 'overdue_arrival' : 'arrival',
      title: `${order.part_name}: ${overdue ? '入荷遅れ' : '入荷予定'} ${order.quantity}個`,
      date: order.expected_delivery_date,
      color: CALENDAR_EVENT_COLORS[overdue ? 'overdue_arrival' : 'arrival'],
      product_id: null,
      part_id: order.part_id,
      quantity: order.quantity,
    });
    if (order.expected_delivery_date > today) projectionDates.add(order.expected_delivery_date);
  }

  for (const capacity of projectCapacities(projection, arrivingOrders(openOrders, today), [...projectionDates].sort(), today)) {
    events.push({
      id: `capacity-${capacity.date}-${capacity.product_id}`,
      type: 'capacity',
      title: `${capacity.product_name}: 製造可能 ${capacity.max_manufacturable}個`,
      date: capacity.date,
      color: CALENDAR_EVENT_COLORS.capacity,
      product_id: capacity.product_id,
      part_id: null,
      quantity: capacity.max_manufacturable,
    });
  }
  // A stable sort keeps each kind's own order within a day.
  return { events: events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : KIND_ORDER[a.type] - KIND_ORDER[b.type])) };
}

/** What the capacities of a month that has not ended start from, given open orders read up to its end at least. */
export function loadMonthProjection(db: DbOrTx, workspaceId: number, month: CalendarMonth, today: string, openOrders: ExpectedOrder[]): Promise<ProjectionInputs> {
  return monthHasProjections(month, today) ? loadProjectionInputs(db, workspaceId, arrivingOrders(openOrders, today)) : Promise.resolve(NO_PROJECTION);
}

/** GET /dashboard/calendar/{year}/{month}: two queries, then two more for a month that has not ended. */
export async function loadCalendar(db: DbOrTx, workspaceId: number, year: number, monthNumber: number, today: string): Promise<DashboardCalendar> {
  const month = monthBounds(year, monthNumber);
  const [records, openOrders] = await Promise.all([
    sumRecordsByDayAndProduct(db, workspaceId, month.first, month.next),
    listOpenOrdersExpectedBefore(db, workspaceId, month.next),
  ]);
  return buildCalendar(month, today, records, openOrders, await loadMonthProjection(db, workspaceId, month, today, openOrders));
}
