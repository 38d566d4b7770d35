import type { Announcement, AnnouncementType } from '@inventory/contracts/management-console';
import clsx from 'clsx';
import { CircleAlert, CircleCheck, Info, TriangleAlert } from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { useActiveAnnouncements } from '../api/get-active-announcements.ts';
import {
  dismissalKey,
  keepDismissalsOf,
  loadDismissedAnnouncements,
  saveDismissedAnnouncements,
} from '../utils/dismissed-announcements.ts';

const iconClass = 'mt-0.5 h-5 w-5 shrink-0';

const STYLES: Record<AnnouncementType, { box: string; button: string; icon: ReactNode }> = {
  info: {
    box: 'border-blue-200 bg-blue-50 text-blue-900 dark:border-blue-800 dark:bg-blue-950/60 dark:text-blue-100',
    button: 'text-blue-700 hover:bg-blue-100 dark:text-blue-300 dark:hover:bg-blue-900/60',
    icon: <Info aria-hidden="true" className={clsx(iconClass, 'text-blue-600 dark:text-blue-300')} />,
  },
  warning: {
    box: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100',
    button: 'text-amber-800 hover:bg-amber-100 dark:text-amber-300 dark:hover:bg-amber-900/60',
    icon: <TriangleAlert aria-hidden="true" className={clsx(iconClass, 'text-amber-600 dark:text-amber-300')} />,
  },
  error: {
    box: 'border-red-200 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100',
    button: 'text-red-700 hover:bg-red-100 dark:text-red-300 dark:hover:bg-red-900/60',
    icon: <CircleAlert aria-hidden="true" className={clsx(iconClass, 'text-red-600 dark:text-red-300')} />,
  },
  success: {
    box: 'border-green-200 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950/60 dark:text-green-100',
    button: 'text-green-700 hover:bg-green-100 dark:text-green-300 dark:hover:bg-green-900/60',
    icon: <CircleCheck aria-hidden="true" className={clsx(iconClass, 'text-green-600 dark:text-green-300')} />,
  },
};

/** The banners the user has closed (by id and last edit), kept in local storage. */
function useDismissedAnnouncements(announcements: readonly Announcement[] | undefined) {
  const [dismissed, setDismissed] = useState(loadDismissedAnnouncements);

  // Forget dismissals of announcements that are gone or were edited since, so storage never grows.
  useEffect(() => {
    if (!announcements) return;
    const stored = loadDismissedAnnouncements();
    const kept = keepDismissalsOf(stored, announcements);
    if (kept.size !== stored.size) saveDismissedAnnouncements(kept);
  }, [announcements]);

  const dismiss = useCallback((announcement: Announcement) => {
    const next = loadDismissedAnnouncements().add(dismissalKey(announcement));
    saveDismissedAnnouncements(next);
    setDismissed((previous) => new Set(previous).add(dismissalKey(announcement)));
  }, []);

  return { dismissed, dismiss };
}

/**
 * The active announcements of the management console, shown to every signed-in user above the
 * screen, coloured by type; each can be closed, and stays closed until it is edited.
 */
export function AnnouncementBanners() {
  const announcements = useActiveAnnouncements();
  const { dismissed, dismiss } = useDismissedAnnouncements(announcements.data);
  const shown = (announcements.data ?? []).filter((announcement) => !dismissed.has(dismissalKey(announcement)));
  if (shown.length === 0) return null;

  return (
    <section aria-label="お知らせ" className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6">
      <ul className="space-y-2">
        {shown.map((announcement) => (
          <AnnouncementBanner key={announcement.id} announcement={announcement} onDismiss={() => dismiss(announcement)} />
        ))}
      </ul>
    </section>
  );
}

function AnnouncementBanner({ announcement, onDismiss }: { announcement: Announcement; onDismiss: () => void }) {
  const style = STYLES[announcement.type];
  return (
    <li aria-label={announcement.title} className={clsx('flex items-start gap-3 rounded-lg border px-4 py-3', style.box)}>
      {style.icon}
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">{announcement.title}</p>
        <ClampedText text={announcement.content} />
      </div>
      <button
        type="button"
        aria-label={`「${announcement.title}」を閉じる`}
        onClick={onDismiss}
        className={clsx('-mr-1 shrink-0 rounded-md p-1', style.button)}
      >
        <CloseIcon />
      </button>
    </li>
  );
}

/** Up to three lines, with a toggle when the text is longer (content may run to 2,000 characters). */
function ClampedText({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflowing, setOverflowing] = useState(false);

  useEffect(() => {
    const element = ref.current;
    if (!element || expanded) return;
    // The observer reports when it starts observing and again whenever a new width changes the line count.
    const observer = new ResizeObserver(() => setOverflowing(element.scrollHeight > element.clientHeight + 1));
    observer.observe(element);
    return () => observer.disconnect();
  }, [text, expanded]);

  return (
    <>
      <p ref={ref} className={clsx('mt-0.5 text-sm break-words whitespace-pre-line', !expanded && 'line-clamp-3')}>
        {text}
      </p>
      {overflowing || expanded ? (
        <button
          type="button"
          aria-expanded={expanded}
          onClick={() => setExpanded((value) => !value)}
          className="mt-1 text-sm font-medium underline underline-offset-2"
        >
          {expanded ? '折りたたむ' : '続きを表示'}
        </button>
      ) : null}
    </>
  );
}
