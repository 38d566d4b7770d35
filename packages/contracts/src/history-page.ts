import { z } from 'zod';
import { dateField, idParam } from './fields.ts';

// The lists of history that grow for ever (GET /orders, GET /stock-entries and a part's
// receipts): newest first, in pages. A page holds `limit` rows (1,000 unless asked, at most
// 10,000); the page after it starts below its last row, named by that row's date and id
// (before_date, before_id), so rows added or deleted meanwhile neither repeat nor go missing.

export const HISTORY_PAGE_DEFAULT = 1000;
export const HISTORY_PAGE_MAX = 10_000;

export const HISTORY_PAGE_MESSAGES = {
  beforeBoth: 'before_date と before_id は両方指定してください',
} as const;

export const historyPageQuery = z
  .object({
    limit: z.coerce
      .number({ error: '件数は数値で指定してください' })
      .int('件数は整数で指定してください')
      .min(1, '件数は1以上で指定してください')
      .max(HISTORY_PAGE_MAX, `件数は${HISTORY_PAGE_MAX.toLocaleString('ja-JP')}以下で指定してください`)
      .default(HISTORY_PAGE_DEFAULT),
    before_date: dateField('before_date').optional(),
    before_id: idParam.optional(),
  })
  .refine((query) => (query.before_date === undefined) === (query.before_id === undefined), {
    error: HISTORY_PAGE_MESSAGES.beforeBoth,
    path: ['before_id'],
  });
export type HistoryPageQuery = z.input<typeof historyPageQuery>;

/** The query of the page after `rows` (null when they were fewer than a page: nothing is left). */
export function nextHistoryPage<Row extends { id: number }>(
  rows: readonly Row[],
  dateOf: (row: Row) => string,
  limit = HISTORY_PAGE_DEFAULT,
): { before_date: string; before_id: number } | null {
  const last = rows.at(-1);
  return rows.length < limit || !last ? null : { before_date: dateOf(last), before_id: last.id };
}
