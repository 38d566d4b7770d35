import type { CalendarOptions, DatesSetArg, DayCellMountArg, EventClickArg, EventContentArg, EventMountArg } from '@fullcalendar/core';
import jaLocale from '@fullcalendar/core/locales/ja';
import dayGridPlugin from '@fullcalendar/daygrid';
import FullCalendar from '@fullcalendar/react';
import { formatIsoDate } from '../../../lib/format.ts';
import { type CalendarMonth, EVENT_ORDER_FIELD, monthOf, moreLinkDate } from '../utils/calendar-events.ts';
import './month-calendar.css';

// This module is loaded on demand (React.lazy in dashboard-calendar.tsx): FullCalendar is about
// 70 KB gzip, and the first page must stay within 200 KB of JavaScript.

/** Previous, next and today. The events come cut to 2 a day with a 他 N 件 link (toCalendarEventInputs). */
export const MONTH_CALENDAR_OPTIONS = {
  plugins: [dayGridPlugin],
  initialView: 'dayGridMonth',
  locale: jaLocale,
  headerToolbar: { left: 'prev,next today', center: 'title', right: '' },
  eventOrder: EVENT_ORDER_FIELD,
  // 4 to 6 weeks as the month needs: a fixed 6 leaves less height per week for its events.
  fixedWeekCount: false,
  // The locale's 前 and 次 as text: FullCalendar's chevron icons are role="img" without a text alternative.
  buttonIcons: false,
  // A cell cuts its titles short: a day number or an event (focusable, Enter opens it) opens the
  // day's list with every title in full (the popover of 他 N 件 wraps its titles too). The 他 N 件
  // link is an event too, so Enter opens its popover.
  navLinks: true,
  navLinkHint: '$0の予定を表示',
  eventInteractive: true,
} satisfies CalendarOptions;

/**
 * An event as one line of text in FullCalendar's event box, without its default frame (title
 * container, sticky title): the phone's month grid draws about a hundred of them and lays each out
 * again as it measures its rows.
 */
const eventTitleOnly = ({ event }: EventContentArg) => {
  const title = document.createElement('div');
  title.className = 'fc-event-title';
  title.textContent = event.title;
  return { domNodes: [title] };
};

// A title cut short in a narrow cell is still readable on hover. The 他 N 件 link opens a popover
// and says so.
const describeEvent = ({ el, event }: EventMountArg) => {
  if (moreLinkDate(event.extendedProps) === null) {
    el.title = event.title;
    return;
  }
  el.setAttribute('role', 'button');
  el.setAttribute('aria-haspopup', 'dialog');
  el.setAttribute('aria-expanded', 'false');
};

// FullCalendar names a day cell by its date alone (aria-labelledby), so the events written in it
// are not part of its name (WCAG 2.5.3, label in name): the cell is named by its content instead.
const nameDayCellByContent = ({ el }: DayCellMountArg) => {
  el.removeAttribute('aria-labelledby');
};

export interface MonthCalendarProps {
  events: CalendarOptions['events'];
  aspectRatio: number;
  /** Called with the month shown, when the calendar first draws and after each move. */
  onMonthChange: (month: CalendarMonth) => void;
  /** Opens the list of a day's events (yyyy-MM-dd). */
  onDayOpen: (date: string) => void;
  /** Opens the popover of a day's events (yyyy-MM-dd) by its 他 N 件 link. */
  onMoreOpen: (date: string, link: HTMLElement) => void;
}

export function MonthCalendar({ events, aspectRatio, onMonthChange, onDayOpen, onMoreOpen }: MonthCalendarProps) {
  const handleEventClick = ({ el, event, jsEvent }: EventClickArg) => {
    jsEvent.preventDefault();
    const moreOf = moreLinkDate(event.extendedProps);
    if (moreOf === null) onDayOpen(event.startStr);
    else onMoreOpen(moreOf, el);
  };
  return (
    <div className="dashboard-calendar">
      <FullCalendar
        {...MONTH_CALENDAR_OPTIONS}
        aspectRatio={aspectRatio}
        events={events}
        eventContent={eventTitleOnly}
        eventDidMount={describeEvent}
        dayCellDidMount={nameDayCellByContent}
        eventClick={handleEventClick}
        navLinkDayClick={(date: Date) => onDayOpen(formatIsoDate(date))}
        datesSet={({ view }: DatesSetArg) => onMonthChange(monthOf(view.currentStart))}
      />
    </div>
  );
}
