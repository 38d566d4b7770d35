import { CALENDAR_EVENT_COLORS } from '@inventory/contracts/calendar-colors';
import type { DashboardCalendarEvent } from '@inventory/contracts/dashboard';
import { Modal } from '../../../components/ui/modal.tsx';
import { formatFullDate } from '../../../lib/format.ts';
import { CALENDAR_EVENT_LABELS } from '../utils/calendar-events.ts';

/**
 * A day of the calendar as a list (yyyy年M月d日の予定): each event's kind and whole title, which
 * the month grid cuts short. Full screen on a phone, a small dialog on a desktop (the shared Modal).
 */
export function CalendarDaySheet({ date, events, onClose }: { date: string; events: readonly DashboardCalendarEvent[]; onClose: () => void }) {
  const title = `${formatFullDate(date)}の予定`;
  return (
    <Modal open onClose={onClose} title={title} size="sm">
      {events.length === 0 ? (
        <p className="py-4 text-center text-sm text-gray-500 dark:text-gray-400">この日の予定はありません</p>
      ) : (
        <ul aria-label={title} className="divide-y divide-gray-100 dark:divide-gray-800">
          {events.map((event) => (
            <li key={event.id} className="flex items-start gap-3 py-2.5">
              <span aria-hidden="true" className="mt-1.5 h-3 w-3 shrink-0 rounded-sm" style={{ backgroundColor: CALENDAR_EVENT_COLORS[event.type] }} />
              <span className="min-w-0">
                <span className="block text-xs text-gray-500 dark:text-gray-400">{CALENDAR_EVENT_LABELS[event.type]}</span>
                <span className="block font-medium break-words text-gray-900 dark:text-gray-100">{event.title}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
