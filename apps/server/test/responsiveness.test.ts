import { describe, expect, it } from 'vitest';
import { CSV_MAX_ROWS } from '../src/domains/parts/parts-csv-parse.ts';
import { createPart, signedInWorkspace, uploadCsv } from './helpers/parts-factories.ts';
import { call, createTestApp } from './helpers/test-app.ts';

// One user's big import or export must not hold up everybody else: while it runs, another
// workspace's small calls keep answering within a second.

const app = await createTestApp();

const HEADER = '部品名,単位,単価,現在在庫,最小在庫アラート,品番,カテゴリ,URL,タグ';
const csvRows = (count: number) =>
  Array.from({ length: count }, (_, index) => `部品${index},個,${index / 100},${index % 50},5,P-${index},cat${index % 7},https://example.com/${index},t${index % 3};u${index % 5}`);

/**
 * Runs `work` while another client calls GET /api/parts/{id} back to back, and answers the
 * longest time that client went without an answer (ms): between two answers, or from its last
 * answer to the end of the work (a blocked event loop shows up there too).
 */
async function longestWaitDuring(work: () => Promise<unknown>) {
  const other = await signedInWorkspace(app);
  const part = await createPart(app, other.token);
  let done = false;
  let lastAnswer = performance.now();
  let longest = 0;
  let calls = 0;
  const poller = (async () => {
    while (!done) {
      const response = await call(app, 'GET', `/api/parts/${part.id}`, { token: other.token });
      expect(response.statusCode).toBe(200);
      longest = Math.max(longest, performance.now() - lastAnswer);
      lastAnswer = performance.now();
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  })();
  const result = await work().finally(() => {
    longest = Math.max(longest, performance.now() - lastAnswer);
    done = true;
  });
  await poller;
  return { result, longest, calls };
}

describe('CSV import and export keep the server answering', () => {
  it(`refuses a file of more than ${CSV_MAX_ROWS.toLocaleString('ja-JP')} rows with a Japanese message, writing nothing`, async () => {
    const { token } = await signedInWorkspace(app);
    const response = await uploadCsv(app, token, [HEADER, ...csvRows(CSV_MAX_ROWS + 1)].join('\n'));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'CSVファイルの行数が多すぎます。1回のインポートは見出し行を除いて10,000行までです。ファイルを分けてインポートしてください',
    });
    expect((await call(app, 'GET', '/api/parts', { token })).json()).toEqual([]);
  });

  it('a max-size import leaves other calls answering within 1 s', async () => {
    const { token } = await signedInWorkspace(app);
    const file = [HEADER, ...csvRows(CSV_MAX_ROWS)].join('\n');
    const { result, longest, calls } = await longestWaitDuring(() => uploadCsv(app, token, file));
    expect((result as Awaited<ReturnType<typeof uploadCsv>>).json()).toMatchObject({ imported: CSV_MAX_ROWS, errors: [] });
    expect(calls).toBeGreaterThan(3);
    expect(longest).toBeLessThan(1000);
  }, 120_000);

  it('an export of 60,000 parts leaves other calls answering within 1 s, and holds every part', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const now = new Date().toISOString();
    for (let start = 0; start < 60_000; start += 500) {
      await app.db
        .insertInto('parts')
        .values(
          Array.from({ length: 500 }, (_, offset) => ({
            workspace_id: workspaceId,
            name: `部品${start + offset}`,
            unit: '個',
            category: `=cat${offset}`,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
    const { result, longest, calls } = await longestWaitDuring(() => call(app, 'GET', '/api/parts/export/csv', { token }));
    const body = (result as Awaited<ReturnType<typeof call>>).body;
    expect(body.split('\r\n').filter(Boolean)).toHaveLength(60_001);
    expect(calls).toBeGreaterThan(3);
    expect(longest).toBeLessThan(1000);
  }, 120_000);
});
