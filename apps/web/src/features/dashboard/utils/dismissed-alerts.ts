/** Dismissals per alert kind and per day, in local storage. */
export const DISMISSED_ALERTS_KEY = 'dismissed_alerts';

export type AlertKind = 'overdue' | 'upcoming' | 'lowStock';

const ALERT_KINDS: readonly AlertKind[] = ['overdue', 'upcoming', 'lowStock'];

const isAlertKind = (value: unknown): value is AlertKind => ALERT_KINDS.includes(value as AlertKind);

// Stored as { "yyyy-MM-dd": ["overdue", …] }: the kinds dismissed on that day.
function readRaw(): string | null {
  try {
    return localStorage.getItem(DISMISSED_ALERTS_KEY);
  } catch {
    return null;
  }
}

function write(value: string | null) {
  try {
    if (value === null) localStorage.removeItem(DISMISSED_ALERTS_KEY);
    else localStorage.setItem(DISMISSED_ALERTS_KEY, value);
  } catch {
    // Storage can be blocked (private mode): a dismissal then lasts until the page is left.
  }
}

function kindsOfDay(raw: string | null, day: string): AlertKind[] {
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    const kinds: unknown = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>)[day] : undefined;
    return Array.isArray(kinds) ? [...new Set(kinds.filter(isAlertKind))] : [];
  } catch {
    // A hand-edited value: nothing is dismissed.
    return [];
  }
}

const serialise = (day: string, kinds: AlertKind[]) => (kinds.length > 0 ? JSON.stringify({ [day]: kinds }) : null);

/**
 * The kinds dismissed today. Only today's entry is kept: every other day's (and anything
 * unreadable) is purged from storage on the way.
 */
export function loadDismissedAlerts(today: string): Set<AlertKind> {
  const raw = readRaw();
  const kinds = kindsOfDay(raw, today);
  const kept = serialise(today, kinds);
  if (raw !== kept) write(kept);
  return new Set(kinds);
}

export function saveDismissedAlert(today: string, kind: AlertKind) {
  const kinds = kindsOfDay(readRaw(), today);
  if (!kinds.includes(kind)) kinds.push(kind);
  write(serialise(today, kinds));
}
