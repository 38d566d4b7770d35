import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfigFromEnv } from '../src/config.ts';
import { SALES, SALES_PRODUCTS, seedSalesWorkspace } from './sales-seed.ts';

// node --import tsx bench/sales-queries.ts: a quick check of the sales calls alone (no load, no
// second process), for a machine too busy for `npm run bench`. Seeds 500 products and 100,000
// sales in a fresh SQLite file (or BENCH_DATABASE_URL, a PostgreSQL database made for it) and
// prints the median time of each call, in process through app.inject (routing, validation, the
// query and JSON, without the network).

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const workDir = mkdtempSync(path.join(os.tmpdir(), 'inventory-sales-bench-'));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(workDir, 'bench.db')}`;
const app = await buildApp({
  ...loadConfigFromEnv({ ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123' }),
  logLevel: 'silent',
  authRateLimitPerMinute: 1_000_000,
});
try {
  const registered = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'ベンチ販売', email: `bench-sales-${Date.now()}@example.test`, password: 'password123' },
  });
  const { token, user } = registered.json() as { token: string; user: { current_workspace: { id: number } } };
  const t0 = performance.now();
  const productIds = await seedSalesWorkspace(app.db, user.current_workspace.id);
  console.log(`Seeded ${SALES_PRODUCTS} products and ${SALES} sales in ${((performance.now() - t0) / 1000).toFixed(1)} s (${app.dbKind})`);
  // PostgreSQL's autovacuum would do this within a minute of the bulk insert; without it the
  // fresh rows are not yet marked visible and the planner has no statistics.
  if (app.dbKind === 'postgres') await sql`vacuum analyze sales`.execute(app.db);

  const lastYear = new Date(Date.now() - 365 * 24 * 3600_000).toISOString().slice(0, 10);
  const calls = [
    '/api/sales/summary',
    `/api/sales/summary?start_date=${lastYear}`,
    `/api/sales/summary?product_id=${productIds[7]}`,
    '/api/sales/by-product',
    `/api/sales/by-product?start_date=${lastYear}`,
    '/api/sales/trend',
    '/api/sales/trend?months=24',
    '/api/sales',
    `/api/sales?product_id=${productIds[7]}`,
  ];
  console.log('| call | median ms | p90 ms |\n|---|---:|---:|');
  for (const url of calls) {
    const times: number[] = [];
    for (let run = 0; run < RUNS + 3; run++) {
      const start = performance.now();
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      const elapsed = performance.now() - start;
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      if (run >= 3) times.push(elapsed);
    }
    times.sort((a, b) => a - b);
    console.log(`| GET ${url.replace(/\d{4}-\d{2}-\d{2}/, '<a year ago>')} | ${times[Math.floor(RUNS / 2)]!.toFixed(1)} | ${times[Math.floor(RUNS * 0.9)]!.toFixed(1)} |`);
  }
} finally {
  await app.close();
  rmSync(workDir, { recursive: true, force: true });
}
