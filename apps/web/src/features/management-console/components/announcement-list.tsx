import type { Announcement } from '@inventory/contracts/management-console';
import clsx from 'clsx';
import { Pencil, Trash2 } from 'lucide-react';
import { Button } from '../../../components/form/button.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ANNOUNCEMENT_TYPE_BADGE_CLASSES, ANNOUNCEMENT_TYPE_LABELS } from '../utils/announcement-types.ts';

export type AnnouncementAction = 'edit' | 'delete';

const badgeClass = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium';

/** Every announcement, newest first (the server's order): type, 非公開 when inactive, title, content, dates, actions. */
export function AnnouncementList({
  announcements,
  onAction,
}: {
  announcements: readonly Announcement[];
  onAction: (action: AnnouncementAction, announcement: Announcement) => void;
}) {
  return (
    <ul aria-label="告知一覧" className="space-y-3">
      {announcements.map((announcement) => (
        <li
          key={announcement.id}
          aria-label={announcement.title}
          className={clsx(
            'rounded-xl border bg-white p-4 dark:bg-gray-900',
            announcement.is_active ? 'border-gray-200 dark:border-gray-800' : 'border-dashed border-gray-300 dark:border-gray-700',
          )}
        >
          {/* Phones: the buttons come last, under the text they act on; from 640 px beside the title,
              at its top and at their own height (stretched to the row, a long title made them
              170 px tall). */}
          <div className="grid gap-x-4 gap-y-2 sm:grid-cols-[minmax(0,1fr)_auto]">
            <div className="min-w-0">
              <div className="mb-1 flex flex-wrap items-center gap-2">
                <span className={clsx(badgeClass, ANNOUNCEMENT_TYPE_BADGE_CLASSES[announcement.type])}>
                  {ANNOUNCEMENT_TYPE_LABELS[announcement.type]}
                </span>
                {announcement.is_active ? null : (
                  <span className={clsx(badgeClass, 'bg-gray-200 text-gray-700 dark:bg-gray-700 dark:text-gray-200')}>非公開</span>
                )}
              </div>
              <h4 className="font-semibold break-words text-gray-900 dark:text-gray-100">{announcement.title}</h4>
            </div>
            <div className="order-last mt-1 flex gap-2 sm:order-none sm:col-start-2 sm:row-start-1 sm:mt-0 sm:self-start">
              <Button variant="secondary" className="flex-1 px-3 py-1.5 sm:flex-none" onClick={() => onAction('edit', announcement)}>
                <Pencil aria-hidden="true" className="h-4 w-4" />
                編集
              </Button>
              <Button
                variant="secondary"
                className="flex-1 px-3 py-1.5 text-red-700 sm:flex-none dark:text-red-400"
                onClick={() => onAction('delete', announcement)}
              >
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                削除
              </Button>
            </div>
            <p className="text-sm break-words whitespace-pre-line text-gray-700 sm:col-span-2 dark:text-gray-300">{announcement.content}</p>
            <p className="text-xs text-gray-500 sm:col-span-2 dark:text-gray-400">
              作成日時 <time dateTime={announcement.created_at}>{formatDateTime(announcement.created_at)}</time>
              {announcement.updated_at !== announcement.created_at ? (
                <>
                  {' ・ 更新日時 '}
                  <time dateTime={announcement.updated_at}>{formatDateTime(announcement.updated_at)}</time>
                </>
              ) : null}
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}
