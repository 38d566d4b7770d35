import {
  FloatingFocusManager,
  FloatingPortal,
  autoUpdate,
  flip,
  offset,
  shift,
  size,
  useDismiss,
  useFloating,
  useInteractions,
  useRole,
} from '@floating-ui/react';
import { CALENDAR_EVENT_COLORS } from '@inventory/contracts/calendar-colors';
import type { DashboardCalendarEvent } from '@inventory/contracts/dashboard';
import { useEffect, useId } from 'react';
import { CloseButton } from '../../../components/ui/close-button.tsx';
import { formatFullDate } from '../../../lib/format.ts';

export interface CalendarDayPopoverProps {
  /** The day (yyyy-MM-dd). */
  date: string;
  /** The 他 N 件 link that opened it: the popover sits by it, and focus returns to it. */
  link: HTMLElement;
  /** Every event of the day, in the calendar's order. */
  events: readonly DashboardCalendarEvent[];
  onClose: () => void;
}

/**
 * The popover of a day's 他 N 件 link: the day's events in full, in their colours, titles wrapped.
 * The link belongs to FullCalendar's grid, so the popover is anchored to it with Floating UI
 * (Headless UI's Popover needs a button of its own). Escape, a click outside and × close it.
 */
export function CalendarDayPopover({ date, link, events, onClose }: CalendarDayPopoverProps) {
  const titleId = useId();
  const {
    refs: { setFloating },
    floatingStyles,
    context,
  } = useFloating({
    open: true,
    onOpenChange: (open) => {
      if (!open) onClose();
    },
    elements: { reference: link },
    placement: 'bottom-start',
    whileElementsMounted: autoUpdate,
    middleware: [
      offset(4),
      flip({ padding: 8 }),
      shift({ padding: 8 }),
      // A day can hold hundreds of counts: the list scrolls within the room the screen has.
      size({
        padding: 8,
        apply({ availableHeight, elements }) {
          elements.floating.style.maxHeight = `${Math.max(availableHeight, 160)}px`;
        },
      }),
    ],
  });
  const { getFloatingProps } = useInteractions([useDismiss(context), useRole(context, { role: 'dialog' })]);

  // The link is FullCalendar's element, not ours to render: its expanded state is set here.
  useEffect(() => {
    link.setAttribute('aria-expanded', 'true');
    return () => link.setAttribute('aria-expanded', 'false');
  }, [link]);

  return (
    <FloatingPortal>
      <FloatingFocusManager context={context} modal={false}>
        <div
          ref={setFloating}
          style={floatingStyles}
          aria-labelledby={titleId}
          {...getFloatingProps()}
          className="z-40 flex w-[min(18rem,calc(100vw-2rem))] flex-col rounded-lg border border-gray-200 bg-white text-gray-900 shadow-lg focus:outline-none dark:border-gray-700 dark:bg-gray-900 dark:text-gray-100"
        >
          <header className="flex items-center justify-between gap-2 border-b border-gray-200 px-3 py-2 dark:border-gray-700">
            <h3 id={titleId} className="text-sm font-semibold">
              {formatFullDate(date)}
            </h3>
            <CloseButton onClick={onClose} />
          </header>
          <ul className="min-h-0 flex-1 space-y-1 overflow-y-auto p-2">
            {events.map((event) => (
              <li
                key={event.id}
                className="rounded px-1.5 py-0.5 text-[0.8125rem] leading-snug break-words text-gray-950"
                style={{ backgroundColor: CALENDAR_EVENT_COLORS[event.type] }}
              >
                {event.title}
              </li>
            ))}
          </ul>
        </div>
      </FloatingFocusManager>
    </FloatingPortal>
  );
}
