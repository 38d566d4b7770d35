// How the lists of history page, apart from the zod schema of their query (history-page.ts), so
// a screen that pages (発注管理) does not download zod for a number and a function.
//
// The lists of history that grow for ever (GET /orders, GET /stock-entries and a part's
// receipts): newest first, in pages. A page holds `limit` rows (1,000 unless asked, at most
// 10,000); the page after it starts below its last row, named by that row's date and id
// (before_date, before_id), so rows added or deleted meanwhile neither repeat nor go missing.

export const HISTORY_PAGE_DEFAULT = 1000;
export const HISTORY_PAGE_MAX = 10_000;

/** The query of the page after `rows` (null when they were fewer than a page: nothing is left). */
export function nextHistoryPage<Row extends { id: number }>(
  rows: readonly Row[],
  dateOf: (row: Row) => string,
  limit = HISTORY_PAGE_DEFAULT,
): { before_date: string; before_id: number } | null {
  const last = rows.at(-1);
  return rows.length < limit || !last ? null : { before_date: dateOf(last), before_id: last.id };
}
