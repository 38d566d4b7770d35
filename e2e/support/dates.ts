// Dates relative to today in local time, as the app and the server (same machine) count days.

const pad = (value: number) => String(value).padStart(2, '0');

/** yyyy-MM-dd of a local date. */
export const isoDate = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** yyyy-MM-dd, `offset` days from today. */
export function daysFromToday(offset: number) {
  const today = new Date();
  return isoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset));
}

/** The given day of the month `offset` months from this one, yyyy-MM-dd. */
export function dayOfMonthFromNow(offset: number, day: number) {
  const today = new Date();
  return isoDate(new Date(today.getFullYear(), today.getMonth() + offset, day));
}

/** The calendar's title of the month `offset` months from this one: 2025年6月. */
export function monthTitle(offset: number) {
  const today = new Date();
  const month = new Date(today.getFullYear(), today.getMonth() + offset, 1);
  return `${month.getFullYear()}年${month.getMonth() + 1}月`;
}

/** The calendar's title of the month of a date (yyyy-MM-dd): 2025年6月. */
export function monthTitleOf(date: string) {
  return `${Number(date.slice(0, 4))}年${Number(date.slice(5, 7))}月`;
}
