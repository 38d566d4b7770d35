import { isCalendarDate } from '@inventory/contracts/calendar-date';

// The date of an order as the shops write it: `2026-11-20`, `2026/11/20`, `2026/11/20 14:03`,
// `2026年11月20日`, Shopify's `2026-11-20 10:15:00 +0900`, ISO `2026-11-20T01:15:00Z`. A date with
// a time zone offset is the day in Asia/Tokyo at that moment (the app's shops are in Japan); a date
// without one is taken as written (Japanese shops export their local time).

const TOKYO_OFFSET_MINUTES = 9 * 60;

const NUMERIC = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
const JAPANESE = /^(\d{4})年(\d{1,2})月(\d{1,2})日(?:\s*\(.\))?(?:\s*\d{1,2}:\d{2}(?::\d{2})?)?$/;

const pad = (value: number) => String(value).padStart(2, '0');
const dateOf = (year: number, month: number, day: number) => `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;

function offsetMinutes(zone: string): number {
  if (zone.toUpperCase() === 'Z') return 0;
  const digits = zone.replace(':', '');
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5));
  return digits.startsWith('-') ? -minutes : minutes;
}

/** yyyy-MM-dd of the cell, or null when it is not a date. */
export function orderDateOf(cell: string): string | null {
  const text = cell.normalize('NFKC').trim();
  const japanese = JAPANESE.exec(text);
  if (japanese) {
    const date = dateOf(Number(japanese[1]), Number(japanese[2]), Number(japanese[3]));
    return isCalendarDate(date) ? date : null;
  }
  const match = NUMERIC.exec(text);
  if (!match) return null;
  const [, year, month, day, hours, minutes, seconds, zone] = match;
  const date = dateOf(Number(year), Number(month), Number(day));
  if (!isCalendarDate(date)) return null;
  if (zone === undefined) return date;
  if (Number(hours ?? 0) > 23 || Number(minutes ?? 0) > 59 || Number(seconds ?? 0) > 59) return null;
  const utc = Date.UTC(Number(year), Number(month) - 1, Number(day), Number(hours ?? 0), Number(minutes ?? 0), Number(seconds ?? 0));
  const tokyo = new Date(utc + (TOKYO_OFFSET_MINUTES - offsetMinutes(zone)) * 60_000);
  return dateOf(tokyo.getUTCFullYear(), tokyo.getUTCMonth() + 1, tokyo.getUTCDate());
}
