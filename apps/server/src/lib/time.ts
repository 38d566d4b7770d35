export const nowIso = () => new Date().toISOString();

export const isoAfter = (milliseconds: number, from = Date.now()) => new Date(from + milliseconds).toISOString();

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;

/** Today's date on the server's clock (local time), yyyy-MM-dd: the day a person at the shop would write. */
export function localDateString(date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
