import { CALENDAR_EVENT_COLORS } from '@inventory/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { makeCalendarEvent } from '../../../testing/make-dashboard.ts';
import { isSameMonth, monthOf, toCalendarEventInputs } from './calendar-events.ts';

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
        extendedProps: { type: 'manufacturing', typeOrder: 0 },
      },
      expect.objectContaining({ id: 'c-1', start: '2026-05-15', backgroundColor: '#10B981', extendedProps: { type: 'capacity', typeOrder: 1 } }),
      expect.objectContaining({ id: 'a-1', start: '2026-05-20', backgroundColor: '#F97316', extendedProps: { type: 'arrival', typeOrder: 2 } }),
      expect.objectContaining({ id: 'a-2', start: '2026-05-02', backgroundColor: '#EF4444', extendedProps: { type: 'overdue_arrival', typeOrder: 3 } }),
    ]);
    expect(CALENDAR_EVENT_COLORS).toEqual({ manufacturing: '#3B82F6', capacity: '#10B981', arrival: '#F97316', overdue_arrival: '#EF4444' });
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
