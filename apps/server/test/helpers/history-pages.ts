import { HISTORY_PAGE_DEFAULT, HISTORY_PAGE_MAX } from '@inventory/contracts/history-page';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './test-app.ts';

// Checks of a history list that comes in pages (GET /orders, GET /stock-entries, a part's
// receipts; contracts/history-page.ts): the default and largest page, the refusals, and that
// walking the pages returns every row once, in the list's order.

type Row = { id: number } & Record<string, unknown>;

/** Every row of the list, read `limit` at a time by following before_date and before_id. */
export async function readAllPages(app: FastifyInstance, token: string, url: string, dateKey: string, limit: number): Promise<Row[]> {
  const rows: Row[] = [];
  let query = `limit=${limit}`;
  for (let pages = 0; pages < 1000; pages += 1) {
    const response = await call(app, 'GET', `${url}?${query}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    const page: Row[] = response.json();
    expect(page.length).toBeLessThanOrEqual(limit);
    rows.push(...page);
    if (page.length < limit) return rows;
    const last = page.at(-1)!;
    query = `limit=${limit}&before_date=${String(last[dateKey])}&before_id=${last.id}`;
  }
  throw new Error('more than 1,000 pages');
}

/**
 * The list of `total` rows (more than the default page) answers the newest 1,000 unless asked,
 * pages on without repeating or skipping a row, and refuses bad page queries in Japanese.
 * `expectedIds`: every row's id in the list's order (newest date first, then newest id).
 */
export async function expectPagedHistory(app: FastifyInstance, token: string, url: string, dateKey: string, expectedIds: number[]) {
  expect(expectedIds.length).toBeGreaterThan(HISTORY_PAGE_DEFAULT);
  const first = await call(app, 'GET', url, { token });
  expect(first.statusCode).toBe(200);
  expect(first.json().map((row: Row) => row.id)).toEqual(expectedIds.slice(0, HISTORY_PAGE_DEFAULT));

  const all = await call(app, 'GET', `${url}?limit=${HISTORY_PAGE_MAX}`, { token });
  expect(all.json().map((row: Row) => row.id)).toEqual(expectedIds.slice(0, HISTORY_PAGE_MAX));

  // Pages of 7 cut through days with several rows each: ties on the date are split by id.
  expect((await readAllPages(app, token, url, dateKey, 7)).map((row) => row.id)).toEqual(expectedIds);
  expect((await readAllPages(app, token, url, dateKey, HISTORY_PAGE_DEFAULT)).map((row) => row.id)).toEqual(expectedIds);

  const refusals: Array<[string, string]> = [
    [`limit=${HISTORY_PAGE_MAX + 1}`, '件数は10,000以下で指定してください'],
    ['limit=0', '件数は1以上で指定してください'],
    ['limit=abc', '件数は数値で指定してください'],
    ['before_date=2026-05-01', 'before_date と before_id は両方指定してください'],
    ['before_id=5', 'before_date と before_id は両方指定してください'],
    ['before_date=2026-02-30&before_id=5', 'before_dateはyyyy-MM-dd形式の正しい日付で入力してください'],
    ['before_date=2026-05-01&before_id=0', 'IDが正しくありません'],
  ];
  for (const [query, error] of refusals) {
    const response = await call(app, 'GET', `${url}?${query}`, { token });
    expect({ query, status: response.statusCode, error: response.json().error }).toEqual({ query, status: 400, error });
  }
}
