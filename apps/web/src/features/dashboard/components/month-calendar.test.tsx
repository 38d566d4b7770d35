import type { CalendarOptions, DatesSetArg, EventClickArg, EventContentArg, EventMountArg } from '@fullcalendar/core';
import jaLocale from '@fullcalendar/core/locales/ja';
import dayGridPlugin from '@fullcalendar/daygrid';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeCalendarEvent } from '../../../testing/make-dashboard.ts';
import { toCalendarEventInputs } from '../utils/calendar-events.ts';
import { MonthCalendar } from './month-calendar.tsx';

// FullCalendar measures the page to draw, which jsdom cannot: the component is replaced by one
// that records the options it was given.
const fullCalendar = vi.hoisted(() => ({ options: null as CalendarOptions | null }));
vi.mock('@fullcalendar/react', () => ({
  default: (options: CalendarOptions) => {
    fullCalendar.options = options;
    return null;
  },
}));

describe('MonthCalendar', () => {
  it("is a Japanese month grid with previous, next and today, drawing the events in their day's order", () => {
    const events = [{ id: 'm-1', title: 'ランプ × 2', start: '2026-05-03', allDay: true }];
    render(<MonthCalendar events={events} aspectRatio={1.35} onMonthChange={() => {}} onDayOpen={() => {}} onMoreOpen={() => {}} />);
    expect(fullCalendar.options).toMatchObject({
      plugins: [dayGridPlugin],
      initialView: 'dayGridMonth',
      locale: jaLocale,
      headerToolbar: { left: 'prev,next today', center: 'title', right: '' },
      eventOrder: 'dayOrder',
      aspectRatio: 1.35,
      events,
    });
    expect(jaLocale.code).toBe('ja');
  });

  it('reports the month it shows as year and 1–12', () => {
    const onMonthChange = vi.fn();
    render(<MonthCalendar events={[]} aspectRatio={0.8} onMonthChange={onMonthChange} onDayOpen={() => {}} onMoreOpen={() => {}} />);
    expect(fullCalendar.options?.aspectRatio).toBe(0.8);
    // In a month view the current range starts on the 1st of the month shown.
    const datesSet = fullCalendar.options?.datesSet as (arg: DatesSetArg) => void;
    datesSet({ view: { currentStart: new Date(2026, 11, 1) } } as DatesSetArg);
    expect(onMonthChange).toHaveBeenCalledWith({ year: 2026, month: 12 });
  });

  it("draws an event as its title alone, as text (a title is never read as markup), without FullCalendar's frame around it", () => {
    render(<MonthCalendar events={[]} aspectRatio={0.8} onMonthChange={() => {}} onDayOpen={() => {}} onMoreOpen={() => {}} />);
    const eventContent = fullCalendar.options?.eventContent as (arg: EventContentArg) => { domNodes: Node[] };
    const { domNodes } = eventContent({ event: { title: '<b>ランプ</b>: 製造 2個' } } as EventContentArg);
    expect(domNodes).toHaveLength(1);
    const [title] = domNodes as HTMLElement[];
    expect(title!.className).toBe('fc-event-title');
    expect(title!.textContent).toBe('<b>ランプ</b>: 製造 2個');
    expect(title!.children).toHaveLength(0);
  });

  it('puts the whole title on each event for hovering', () => {
    render(<MonthCalendar events={[]} aspectRatio={1.35} onMonthChange={() => {}} onDayOpen={() => {}} onMoreOpen={() => {}} />);
    const element = document.createElement('a');
    const eventDidMount = fullCalendar.options?.eventDidMount as (arg: EventMountArg) => void;
    eventDidMount({ el: element, event: { title: 'とても長い商品名の製造可能数 12個', extendedProps: { type: 'capacity' } } } as unknown as EventMountArg);
    expect(element.title).toBe('とても長い商品名の製造可能数 12個');
  });

  it("opens a day's list from an event (click or Enter) and from a day number, with the day's date", () => {
    const onDayOpen = vi.fn();
    render(<MonthCalendar events={[]} aspectRatio={1.35} onMonthChange={() => {}} onDayOpen={onDayOpen} onMoreOpen={() => {}} />);
    expect(fullCalendar.options).toMatchObject({ navLinks: true, navLinkHint: '$0の予定を表示', eventInteractive: true });
    const preventDefault = vi.fn();
    const eventClick = fullCalendar.options?.eventClick as (arg: EventClickArg) => void;
    eventClick({ event: { startStr: '2026-05-03', extendedProps: { type: 'manufacturing' } }, jsEvent: { preventDefault } } as unknown as EventClickArg);
    expect(preventDefault).toHaveBeenCalled();
    const navLinkDayClick = fullCalendar.options?.navLinkDayClick as (date: Date) => void;
    navLinkDayClick(new Date(2026, 4, 31));
    expect(onDayOpen.mock.calls).toEqual([['2026-05-03'], ['2026-05-31']]);
  });

  it("opens a day's popover from its 他 N 件 link (click or Enter), a button that says it opens a dialog", () => {
    const onDayOpen = vi.fn();
    const onMoreOpen = vi.fn();
    render(<MonthCalendar events={[]} aspectRatio={1.35} onMonthChange={() => {}} onDayOpen={onDayOpen} onMoreOpen={onMoreOpen} />);
    const more = toCalendarEventInputs(['c-1', 'c-2', 'c-3'].map((id) => makeCalendarEvent({ id, type: 'capacity', date: '2026-05-03' })))[2];
    expect(more?.title).toBe('他 1 件');
    const link = document.createElement('a');
    const eventDidMount = fullCalendar.options?.eventDidMount as (arg: EventMountArg) => void;
    eventDidMount({ el: link, event: { title: more?.title, extendedProps: more?.extendedProps } } as unknown as EventMountArg);
    expect(link).toHaveAttribute('role', 'button');
    expect(link).toHaveAttribute('aria-haspopup', 'dialog');
    expect(link).toHaveAttribute('aria-expanded', 'false');
    expect(link).not.toHaveAttribute('title');
    const eventClick = fullCalendar.options?.eventClick as (arg: EventClickArg) => void;
    eventClick({ el: link, event: { startStr: '2026-05-03', extendedProps: more?.extendedProps }, jsEvent: { preventDefault: vi.fn() } } as unknown as EventClickArg);
    expect(onMoreOpen).toHaveBeenCalledWith('2026-05-03', link);
    expect(onDayOpen).not.toHaveBeenCalled();
  });
});
