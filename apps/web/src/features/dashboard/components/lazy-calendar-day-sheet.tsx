import { loadOnRender } from '../../../lib/load-on-render.tsx';

// The day's list loads when it first opens: it brings the modal's Headless UI dialog, which the
// dashboard's first page does without.
export const CalendarDaySheet = loadOnRender(async () => (await import('./calendar-day-sheet.tsx')).CalendarDaySheet);
