import type { CalendarOptions, DatesSetArg, DayCellMountArg, EventClickArg, EventMountArg, MoreLinkMountArg } from '@fullcalendar/core';
import jaLocale from '@fullcalendar/core/locales/ja';
import dayGridPlugin from '@fullcalendar/daygrid';
import FullCalendar from '@fullcalendar/react';
import { formatIsoDate } from '../../../lib/format.ts';
import { type CalendarMonth, EVENT_ORDER_FIELD, monthOf } from '../utils/calendar-events.ts';
import './month-calendar.css';

// This module is loaded on demand (React.lazy in dashboard-calendar.tsx): FullCalendar is about
// 70 KB gzip, and the first page must stay within 200 KB of JavaScript.

/** Previous, next and today; at most 2 events a day, the rest in a popover. */
export const MONTH_CALENDAR_OPTIONS = {
  plugins: [dayGridPlugin],
  initialView: 'dayGridMonth',
  locale: jaLocale,
  headerToolbar: { left: 'prev,next today', center: 'title', right: '' },
  dayMaxEvents: 2,
  moreLinkClick: 'popover',
  eventOrder: `${EVENT_ORDER_FIELD},title`,
  // 4 to 6 weeks as the month needs: a fixed 6 leaves less height per week for its events.
  fixedWeekCount: false,
  // The locale's 前 and 次 as text: FullCalendar's chevron icons are role="img" without a text alternative.
  buttonIcons: false,
  // A cell cuts its titles short: a day number or an event (focusable, Enter opens it) opens the
  // day's list with every title in full (the popover of 他 N 件 wraps its titles too).
  navLinks: true,
  navLinkHint: '$0の予定を表示',
  eventInteractive: true,
} satisfies CalendarOptions;

// A title cut short in a narrow cell is still readable on hover.
const showTitleOnHover = ({ el, event }: EventMountArg) => {
  el.title = event.title;
};

// FullCalendar names a day cell by its date alone (aria-labelledby), so the events written in it
// are not part of its name (WCAG 2.5.3, label in name): the cell is named by its content instead.
const nameDayCellByContent = ({ el }: DayCellMountArg) => {
  el.removeAttribute('aria-labelledby');
};

// The "他 N 件" link opens the day's popover and carries aria-expanded, which needs a button's role.
const markMoreLinkAsButton = ({ el }: MoreLinkMountArg) => {
  el.setAttribute('role', 'button');
};

export interface MonthCalendarProps {
  events: CalendarOptions['events'];
  aspectRatio: number;
  /** Called with the month shown, when the calendar first draws and after each move. */
  onMonthChange: (month: CalendarMonth) => void;
  /** Opens the list of a day's events (yyyy-MM-dd). */
  onDayOpen: (date: string) => void;
}

export function MonthCalendar({ events, aspectRatio, onMonthChange, onDayOpen }: MonthCalendarProps) {
  const handleEventClick = ({ event, jsEvent }: EventClickArg) => {
    jsEvent.preventDefault();
    onDayOpen(event.startStr);
  };
  return (
    <div className="dashboard-calendar">
      <FullCalendar
        {...MONTH_CALENDAR_OPTIONS}
        aspectRatio={aspectRatio}
        events={events}
        eventDidMount={showTitleOnHover}
        dayCellDidMount={nameDayCellByContent}
        moreLinkDidMount={markMoreLinkAsButton}
        eventClick={handleEventClick}
        navLinkDayClick={(date: Date) => onDayOpen(formatIsoDate(date))}
        datesSet={({ view }: DatesSetArg) => onMonthChange(monthOf(view.currentStart))}
      />
    </div>
  );
}
