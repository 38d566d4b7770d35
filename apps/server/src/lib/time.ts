export const nowIso = () => new Date().toISOString();

export const isoAfter = (milliseconds: number, from = Date.now()) => new Date(from + milliseconds).toISOString();

export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 60 * MINUTE_MS;
