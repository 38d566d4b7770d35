// Apart from the zod schemas (fields.ts), so screens that only check a date do not download zod.

/** yyyy-MM-dd of a real day from year 1 on: JavaScript knows a year 0, PostgreSQL's date type does not. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}
