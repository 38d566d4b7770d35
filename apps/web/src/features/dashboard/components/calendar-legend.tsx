import { CALENDAR_EVENT_COLORS, CALENDAR_EVENT_TYPES } from '@inventory/contracts/calendar-colors';
import { CALENDAR_EVENT_LABELS } from '../utils/calendar-events.ts';

/** The three colours (and the overdue arrivals' red) and the note on the manufacturable count. */
export function CalendarLegend() {
  return (
    <div className="mt-3 space-y-1.5 text-sm text-gray-700 dark:text-gray-300">
      <ul aria-label="凡例" className="flex flex-wrap gap-x-4 gap-y-1">
        {CALENDAR_EVENT_TYPES.map((type) => (
          <li key={type} className="flex items-center gap-1.5">
            <span aria-hidden="true" className="h-3 w-3 rounded-sm" style={{ backgroundColor: CALENDAR_EVENT_COLORS[type] }} />
            {CALENDAR_EVENT_LABELS[type]}
          </li>
        ))}
      </ul>
      <p className="text-xs text-gray-500 dark:text-gray-400">※ 製造可能数は入荷予定日を過ぎると自動的に更新されます</p>
    </div>
  );
}
