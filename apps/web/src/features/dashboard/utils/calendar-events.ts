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

/** Events a day cell shows; the rest are behind its 他 N 件 link. */
export const EVENTS_SHOWN_PER_DAY = 2;

/** FullCalendar's eventOrder field: an event's place in its day (eventsOfDay's order). */
export const EVENT_ORDER_FIELD = 'dayOrder';

/** The class of a day's 他 N 件 link, which the month grid draws as the day's last event. */
export const MORE_LINK_CLASS = 'calendar-more-link';

const byTitle = new Intl.Collator('ja');

const inDayOrder = (a: DashboardCalendarEvent, b: DashboardCalendarEvent) =>
  CALENDAR_EVENT_TYPES.indexOf(a.type) - CALENDAR_EVENT_TYPES.indexOf(b.type) || byTitle.compare(a.title, b.title);

/** The events of one day (yyyy-MM-dd) in the calendar's order: the legend's, then the title. */
export function eventsOfDay(events: readonly DashboardCalendarEvent[], date: string): DashboardCalendarEvent[] {
  return events.filter((event) => event.date === date).sort(inDayOrder);
}

/**
 * The API's events as FullCalendar draws them: all-day blocks on their date, coloured by type
 * with the legend's colours (so an event and its legend entry cannot disagree). The text is
 * near-black: white on these three colours stays under the 4.5:1 contrast that small text needs.
 *
 * A day gets its first 2 events and, when it has more, a 他 N 件 link in their place. FullCalendar's
 * own limit (dayMaxEvents) draws and measures every hidden event too: with a product count for each
 * of 229 products on one day, that was half a second of a phone's dashboard (docs/performance.md).
 */
export function toCalendarEventInputs(events: readonly DashboardCalendarEvent[]): EventInput[] {
  const days = new Map<string, DashboardCalendarEvent[]>();
  for (const event of events) {
    const day = days.get(event.date);
    if (day) day.push(event);
    else days.set(event.date, [event]);
  }
  return [...days].flatMap(([date, dayEvents]) => {
    dayEvents.sort(inDayOrder);
    const shown = dayEvents.slice(0, EVENTS_SHOWN_PER_DAY).map((event, order) => toEventInput(event, order));
    const hidden = dayEvents.length - shown.length;
    return hidden > 0 ? [...shown, moreLinkInput(date, hidden)] : shown;
  });
}

function toEventInput(event: DashboardCalendarEvent, order: number): EventInput {
  const color = CALENDAR_EVENT_COLORS[event.type];
  return {
    id: event.id,
    title: event.title,
    start: event.date,
    allDay: true,
    backgroundColor: color,
    borderColor: color,
    textColor: '#030712',
    extendedProps: { type: event.type, [EVENT_ORDER_FIELD]: order },
  };
}

function moreLinkInput(date: string, hidden: number): EventInput {
  return {
    id: `more-${date}`,
    title: `他 ${hidden} 件`,
    start: date,
    allDay: true,
    classNames: [MORE_LINK_CLASS],
    extendedProps: { moreOf: date, [EVENT_ORDER_FIELD]: EVENTS_SHOWN_PER_DAY },
  };
}

/** The date (yyyy-MM-dd) whose 他 N 件 link an event is, or null for a real event. */
export function moreLinkDate(extendedProps: Record<string, unknown>): string | null {
  return typeof extendedProps.moreOf === 'string' ? extendedProps.moreOf : null;
}
