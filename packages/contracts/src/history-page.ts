import { z } from 'zod';
import { dateField, idParam, listLimit } from './fields.ts';
import { HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX } from './history-paging.ts';

// The query of a page of history (history-paging.ts says how the lists page).

export { HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX, nextHistoryPage } from './history-paging.ts';

export const HISTORY_PAGE_MESSAGES = {
  beforeBoth: 'before_date と before_id は両方指定してください',
} as const;

export const historyPageQuery = z
  .object({
    limit: listLimit(HISTORY_PAGE_MAX, HISTORY_PAGE_MAX.toLocaleString('ja-JP')).default(HISTORY_PAGE_DEFAULT),
    before_date: dateField('before_date').optional(),
    before_id: idParam.optional(),
  })
  .refine((query) => (query.before_date === undefined) === (query.before_id === undefined), {
    error: HISTORY_PAGE_MESSAGES.beforeBoth,
    path: ['before_id'],
  });
export type HistoryPageQuery = z.input<typeof historyPageQuery>;
