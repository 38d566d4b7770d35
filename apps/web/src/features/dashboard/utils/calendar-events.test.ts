import { CALENDAR_EVENT_COLORS, type DashboardCalendarEvent } from '@inventory/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { makeCalendarEvent } from '../../../testing/make-dashboard.ts';
import { isSameMonth, monthOf, moreLinkDate, toCalendarEventInputs } from './calendar-events.ts';

describe('toCalendarEventInputs', () => {
  it('draws each event as an all-day block on its date in the colour of its type', () => {
    const inputs = toCalendarEventInputs([
      makeCalendarEvent({ id: 'm-1', type: 'manufacturing', title: 'ランプ × 3', date: '2026-05-03' }),
      makeCalendarEvent({ id: 'c-1', type: 'capacity', title: 'ランプ 製造可能 5個', date: '2026-05-15' }),
      // The legend decides the colour, whatever the event carries.
      makeCalendarEvent({ id: 'a-1', type: 'arrival', title: 'ネジ 100個 入荷予定', date: '2026-05-20', color: '#000000' }),
      makeCalendarEvent({ id: 'a-2', type: 'overdue_arrival', title: 'ネジ: 入荷遅れ 10個', date: '2026-05-02' }),
    ]);
    expect(inputs).toEqual([
      {
        id: 'm-1',
        title: 'ランプ × 3',
        start: '2026-05-03',
        allDay: true,
        backgroundColor: '#3B82F6',
        borderColor: '#3B82F6',
        textColor: '#030712',
        extendedProps: { type: 'manufacturing', dayOrder: 0 },
      },
      expect.objectContaining({ id: 'c-1', start: '2026-05-15', backgroundColor: '#10B981', extendedProps: { type: 'capacity', dayOrder: 0 } }),
      expect.objectContaining({ id: 'a-1', start: '2026-05-20', backgroundColor: '#F97316', extendedProps: { type: 'arrival', dayOrder: 0 } }),
      expect.objectContaining({ id: 'a-2', start: '2026-05-02', backgroundColor: '#EF4444', extendedProps: { type: 'overdue_arrival', dayOrder: 0 } }),
    ]);
    expect(CALENDAR_EVENT_COLORS).toEqual({ manufacturing: '#3B82F6', capacity: '#10B981', arrival: '#F97316', overdue_arrival: '#EF4444' });
  });

  it("gives a day its first 2 events in the legend's order, then by title, and a 他 N 件 link for the rest", () => {
    const day = (id: string, type: DashboardCalendarEvent['type'], title: string) => makeCalendarEvent({ id, type, title, date: '2026-05-03' });
    const inputs = toCalendarEventInputs([
      day('a-1', 'arrival', 'ネジ: 入荷予定 100個'),
      day('c-2', 'capacity', 'ランプ: 製造可能 5個'),
      makeCalendarEvent({ id: 'm-9', type: 'manufacturing', title: '別の日: 製造 1個', date: '2026-05-04' }),
      day('c-1', 'capacity', 'カップ: 製造可能 2個'),
      day('o-1', 'overdue_arrival', '木板: 入荷遅れ 3個'),
    ]);
    expect(inputs.map(({ id, title, start, extendedProps }) => ({ id, title, start, order: extendedProps?.dayOrder }))).toEqual([
      { id: 'c-1', title: 'カップ: 製造可能 2個', start: '2026-05-03', order: 0 },
      { id: 'c-2', title: 'ランプ: 製造可能 5個', start: '2026-05-03', order: 1 },
      { id: 'more-2026-05-03', title: '他 2 件', start: '2026-05-03', order: 2 },
      { id: 'm-9', title: '別の日: 製造 1個', start: '2026-05-04', order: 0 },
    ]);
    const [, , more, other] = inputs;
    expect(more).toMatchObject({ allDay: true, classNames: ['calendar-more-link'] });
    expect(moreLinkDate(more!.extendedProps!)).toBe('2026-05-03');
    expect(moreLinkDate(other!.extendedProps!)).toBeNull();
  });

  it('shows a day of exactly 2 events without a link', () => {
    const inputs = toCalendarEventInputs([makeCalendarEvent({ date: '2026-05-03' }), makeCalendarEvent({ date: '2026-05-03' })]);
    expect(inputs.map((input) => input.title)).toEqual(['ランプ × 1', 'ランプ × 1']);
  });

  it('maps nothing to nothing', () => {
    expect(toCalendarEventInputs([])).toEqual([]);
  });
});

describe('months', () => {
  it('numbers months 1–12 as the API path does', () => {
    expect(monthOf(new Date(2026, 0, 31))).toEqual({ year: 2026, month: 1 });
    expect(monthOf(new Date(2026, 11, 1))).toEqual({ year: 2026, month: 12 });
    expect(isSameMonth({ year: 2026, month: 5 }, { year: 2026, month: 5 })).toBe(true);
    expect(isSameMonth({ year: 2026, month: 5 }, { year: 2025, month: 5 })).toBe(false);
  });
});
