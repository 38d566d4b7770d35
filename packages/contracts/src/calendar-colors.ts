// The calendar's event types and their legend colours, apart from the zod schemas (dashboard.ts),
// so the dashboard's first page does not download zod for four colours.

/**
 * In the legend's order (results, manufacturable counts, arrivals), then the overdue arrivals. An
 * open order past its expected delivery date is `overdue_arrival`, not `arrival`: it is late, not coming.
 */
export const CALENDAR_EVENT_TYPES = ['manufacturing', 'capacity', 'arrival', 'overdue_arrival'] as const;
export type CalendarEventType = (typeof CALENDAR_EVENT_TYPES)[number];

/** Colours of the legend: results blue, manufacturable counts green, arrivals orange, overdue arrivals red. */
export const CALENDAR_EVENT_COLORS: Record<CalendarEventType, string> = {
  manufacturing: '#3B82F6',
  capacity: '#10B981',
  arrival: '#F97316',
  overdue_arrival: '#EF4444',
};
