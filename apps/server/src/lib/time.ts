export const nowIso = () => new Date().toISOString();

export const isoAfter = (milliseconds: number, from = Date.now()) => new Date(from + milliseconds).toISOString();

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

const pad = (value: number) => String(value).padStart(2, '0');

/** Today's date on the server's clock (local time), yyyy-MM-dd: the day a person at the shop would write. */
export function localDateString(date = new Date()): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The yyyy-MM-dd date `days` days after (or before, when negative) another, by the calendar. */
export function addDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, not Date.UTC, which would read years 0–99 as 1900–1999.
  const shifted = new Date(0);
  shifted.setUTCFullYear(year, month - 1, day + days);
  return shifted.toISOString().slice(0, 10);
}

/** First day of a calendar month and first day of the next one (yyyy-MM-dd), for [first, next) ranges. */
export function monthBounds(year: number, month: number): { first: string; next: string } {
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { first: `${year}-${pad(month)}-01`, next: `${next.year}-${pad(next.month)}-01` };
}

/** Japan keeps no summer time: its clock is UTC plus nine hours, all year. */
const TOKYO_OFFSET_MS = 9 * 60 * MINUTE_MS;

/**
 * The day in Asia/Tokyo (yyyy-MM-dd): the business date of an event that has no date of its own
 * (a stock edit, an import, a stocktake's commit), whatever time zone the server runs in.
 */
export function tokyoDateString(date = new Date()): string {
  return new Date(date.getTime() + TOKYO_OFFSET_MS).toISOString().slice(0, 10);
}
