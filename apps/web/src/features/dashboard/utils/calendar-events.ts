import type { EventInput } from '@fullcalendar/core';
import { CALENDAR_EVENT_COLORS, CALENDAR_EVENT_TYPES, type CalendarEventType } from '@inventory/contracts/calendar-colors';
import type { DashboardCalendarEvent } from '@inventory/contracts/dashboard';

/** A calendar month; month is 1–12 as the API path takes it. */
export interface CalendarMonth {
  year: number;
  month: number;
}

export function monthOf(date: Date): CalendarMonth {
  return { year: date.getFullYear(), month: date.getMonth() + 1 };
}

export function isSameMonth(a: CalendarMonth, b: CalendarMonth) {
  return a.year === b.year && a.month === b.month;
}

export const CALENDAR_EVENT_LABELS: Record<CalendarEventType, string> = {
  manufacturing: '製造実績',
  capacity: '製造可能数',
  arrival: '入荷予定',
  overdue_arrival: '入荷遅れ',
};

/** FullCalendar's eventOrder field: within a day, events follow the legend's order, then the title. */
export const EVENT_ORDER_FIELD = 'typeOrder';

/**
 * The API's events as FullCalendar draws them: all-day blocks on their date, coloured by type
 * with the legend's colours (so an event and its legend entry cannot disagree). The text is
 * near-black: white on these three colours stays under the 4.5:1 contrast that small text needs.
 */
export function toCalendarEventInputs(events: readonly DashboardCalendarEvent[]): EventInput[] {
  return events.map((event) => {
    const color = CALENDAR_EVENT_COLORS[event.type];
    return {
      id: event.id,
      title: event.title,
      start: event.date,
      allDay: true,
      backgroundColor: color,
      borderColor: color,
      textColor: '#030712',
      extendedProps: { type: event.type, [EVENT_ORDER_FIELD]: CALENDAR_EVENT_TYPES.indexOf(event.type) },
    };
  });
}

const byTitle = new Intl.Collator('ja');

/** The events of one day (yyyy-MM-dd) in the calendar's order: the legend's, then the title. */
export function eventsOfDay(events: readonly DashboardCalendarEvent[], date: string): DashboardCalendarEvent[] {
  return events
    .filter((event) => event.date === date)
    .sort((a, b) => CALENDAR_EVENT_TYPES.indexOf(a.type) - CALENDAR_EVENT_TYPES.indexOf(b.type) || byTitle.compare(a.title, b.title));
}
