import type { DashboardCalendarEvent } from '@inventory/contracts/dashboard';
import clsx from 'clsx';
import { useCallback, useMemo, useState } from 'react';
import { useInView } from 'react-intersection-observer';
import { LoadingSpinner } from '../../../components/ui/loading-spinner.tsx';
import { lazyComponent } from '../../../lib/lazy-code.tsx';
import { DESKTOP_TABLE_QUERY, useMediaQuery } from '../../../lib/use-media-query.ts';
import { useDashboardCalendar } from '../api/get-dashboard-calendar.ts';
import { type CalendarMonth, eventsOfDay, isSameMonth, monthOf, toCalendarEventInputs } from '../utils/calendar-events.ts';
import { CalendarLegend } from './calendar-legend.tsx';
import { DashboardSection } from './dashboard-section.tsx';

/** Aspect ratio 0.8 below 768 px, otherwise 1.35. */
export const CALENDAR_ASPECT_RATIO = { mobile: 0.8, desktop: 1.35 } as const;

// FullCalendar comes in its own chunk and draws once the calendar comes near the screen. The day's list
// and the popover of 他 N 件 load when they first open: they bring Headless UI's dialog and
// Floating UI, which the dashboard's first page does without.
const MonthCalendar = lazyComponent(async () => (await import('./month-calendar.tsx')).MonthCalendar, CalendarLoading);
const CalendarDaySheet = lazyComponent(async () => (await import('./calendar-day-sheet.tsx')).CalendarDaySheet);
const CalendarDayPopover = lazyComponent(async () => (await import('./calendar-day-popover.tsx')).CalendarDayPopover);

/**
 * Starts FullCalendar's download from the route (prefetch-dashboard.ts), while the dashboard's
 * answer is on its way: on a phone with the CPU slowed 4× the chunk otherwise arrived, compiled and
 * restyled the whole page only after the cards had drawn.
 */
export function preloadDashboardCalendar() {
  MonthCalendar.preload();
}

function CalendarLoading() {
  return <LoadingSpinner label="カレンダーを読み込み中..." className="py-24" />;
}

const NO_EVENTS: DashboardCalendarEvent[] = [];

/** The grid draws once its box is within one screen's height above or below the view. */
const NEAR_VIEW_MARGIN = '100% 0px';

/**
 * The manufacturing calendar with its legend. This month's events come with the dashboard's one
 * call; moving to another month loads that month (GET /dashboard/calendar/{year}/{month}).
 */
export function DashboardCalendar({ thisMonthEvents, className }: { thisMonthEvents: DashboardCalendarEvent[]; className?: string }) {
  const [thisMonth] = useState(() => monthOf(new Date()));
  const [shown, setShown] = useState<CalendarMonth>(thisMonth);
  const isThisMonth = isSameMonth(shown, thisMonth);
  const otherMonth = useDashboardCalendar(shown, !isThisMonth);
  const isDesktop = useMediaQuery(DESKTOP_TABLE_QUERY);
  // FullCalendar's month grid measures every cell as it draws (half a second on a slow phone). It
  // draws once the calendar is within a screen's height of the view: at once where it shows on
  // opening, later where alerts and cards push it further down, so it never holds back what shows
  // first. The observer reports after the first paint, so the grid never draws in the cards' task.
  // Without IntersectionObserver it draws at once.
  const { ref: nearViewRef, inView: nearView } = useInView({ rootMargin: NEAR_VIEW_MARGIN, triggerOnce: true, fallbackInView: true });
  /** The day whose list is open (yyyy-MM-dd). */
  const [openDay, setOpenDay] = useState<string | null>(null);
  /** The day whose 他 N 件 popover is open, with the link it hangs from. */
  const [moreOpen, setMoreOpen] = useState<{ date: string; link: HTMLElement } | null>(null);

  const events = isThisMonth ? thisMonthEvents : (otherMonth.data?.events ?? NO_EVENTS);
  const inputs = useMemo(() => toCalendarEventInputs(events), [events]);
  // FullCalendar reports the month when it first draws too: the same month keeps the state as it is.
  const handleMonthChange = useCallback(
    (next: CalendarMonth) => setShown((previous) => (isSameMonth(previous, next) ? previous : next)),
    [],
  );

  return (
    <DashboardSection
      title="製造カレンダー"
      className={className}
      action={!isThisMonth && otherMonth.isFetching ? <LoadingSpinner size="sm" label="読み込み中..." /> : null}
    >
      {!isThisMonth && otherMonth.isError && (
        <p role="alert" className="mb-2 text-sm text-red-600 dark:text-red-400">
          {otherMonth.error.message}
          <button type="button" className="ml-2 font-medium underline" onClick={() => void otherMonth.refetch()}>
            再試行
          </button>
        </p>
      )}
      {/* Room for the grid until it draws, so the tiles below do not jump. */}
      <div ref={nearViewRef} className={clsx(isDesktop ? 'min-h-[24rem]' : 'min-h-[28rem]')}>
        {nearView && (
          <MonthCalendar
            events={inputs}
            aspectRatio={isDesktop ? CALENDAR_ASPECT_RATIO.desktop : CALENDAR_ASPECT_RATIO.mobile}
            onMonthChange={handleMonthChange}
            onDayOpen={setOpenDay}
            onMoreOpen={(date, link) => setMoreOpen({ date, link })}
          />
        )}
      </div>
      <CalendarLegend />
      {openDay !== null && <CalendarDaySheet date={openDay} events={eventsOfDay(events, openDay)} onClose={() => setOpenDay(null)} />}
      {moreOpen !== null && (
        <CalendarDayPopover date={moreOpen.date} link={moreOpen.link} events={eventsOfDay(events, moreOpen.date)} onClose={() => setMoreOpen(null)} />
      )}
    </DashboardSection>
  );
}
