import { addDays, localDateString } from '../../src/lib/time.ts';

// Dates for the dashboard tests, relative to the server's today (its local date).

export const today = () => localDateString();
/** The date `days` days from today (before it when negative). */
export const fromToday = (days: number) => addDays(today(), days);
