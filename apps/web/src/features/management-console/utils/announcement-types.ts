import type { AnnouncementType } from '@inventory/contracts/management-console';

/** Japanese names of the four types (the API speaks only the values), in the select's order. */
export const ANNOUNCEMENT_TYPE_LABELS: Record<AnnouncementType, string> = {
  info: 'お知らせ',
  warning: '警告',
  error: 'エラー',
  success: '成功',
};

/** The banner colour each type gets, said in the select so the choice is not a guess. */
const COLOUR_NAMES: Record<AnnouncementType, string> = { info: '青', warning: '黄', error: '赤', success: '緑' };

export const ANNOUNCEMENT_TYPE_OPTIONS = (Object.keys(ANNOUNCEMENT_TYPE_LABELS) as AnnouncementType[]).map((type) => ({
  value: type,
  label: `${ANNOUNCEMENT_TYPE_LABELS[type]}（${COLOUR_NAMES[type]}）`,
}));

/** Badge colours of the list, the banner's colours. */
export const ANNOUNCEMENT_TYPE_BADGE_CLASSES: Record<AnnouncementType, string> = {
  info: 'bg-blue-100 text-blue-800 dark:bg-blue-900/50 dark:text-blue-200',
  warning: 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200',
  error: 'bg-red-100 text-red-800 dark:bg-red-900/50 dark:text-red-200',
  success: 'bg-green-100 text-green-800 dark:bg-green-900/50 dark:text-green-200',
};
