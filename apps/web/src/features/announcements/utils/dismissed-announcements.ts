import type { Announcement } from '@inventory/contracts/management-console';

/** Local storage key of the banners the user closed. */
export const DISMISSED_ANNOUNCEMENTS_KEY = 'dismissed_announcements';

/**
 * An announcement's identity for dismissal: its id and when it was last edited, so an edited
 * announcement (new text, made active again) shows again.
 */
export const dismissalKey = (announcement: Pick<Announcement, 'id' | 'updated_at'>) =>
  `${announcement.id}@${announcement.updated_at}`;

export function loadDismissedAnnouncements(): Set<string> {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(DISMISSED_ANNOUNCEMENTS_KEY) ?? '[]');
    return new Set(Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === 'string') : []);
  } catch {
    // Blocked storage or a hand-edited value: nothing is dismissed.
    return new Set();
  }
}

export function saveDismissedAnnouncements(keys: ReadonlySet<string>) {
  try {
    if (keys.size === 0) localStorage.removeItem(DISMISSED_ANNOUNCEMENTS_KEY);
    else localStorage.setItem(DISMISSED_ANNOUNCEMENTS_KEY, JSON.stringify([...keys]));
  } catch {
    // Storage can be blocked (private mode): a dismissal then lasts until the page is reloaded.
  }
}

/** The dismissals that still name a listed announcement; the others can never match again. */
export function keepDismissalsOf(keys: ReadonlySet<string>, announcements: readonly Announcement[]): Set<string> {
  const listed = new Set(announcements.map(dismissalKey));
  return new Set([...keys].filter((key) => listed.has(key)));
}
