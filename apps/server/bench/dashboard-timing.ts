import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/app.ts';
import { loadConfigFromEnv } from '../src/config.ts';
import { setPartStocks } from '../src/domains/stock/part-stock.ts';
import { addDays, localDateString } from '../src/lib/time.ts';
import { insertRows, insertRowsReturningIds } from '../test/factories/insert-rows.ts';

// node --import tsx bench/dashboard-timing.ts: one request at a time against the dashboard calls
// in process (app.inject, no network, no logging), on a workspace of 10,000 parts (about 3,000
// at or below their minimum), 500 products with 20-line recipes, 1,000 orders around today,
// 5,000 manufacturing records, 200 plans and 100,000 sales over three years. Prints the median,
// the fastest and the 90th percentile of 40 requests after 10 warm-up ones, and the app's CPU
// time per request. A fresh SQLite file, or the PostgreSQL database in BENCH_DATABASE_URL
// (made for the purpose: it is filled, not emptied, and analysed).

const PARTS = 10_000;
const PRODUCTS = 500;
const RECIPE_LINES = 20;
const ORDERS = 1_000;
const RECORDS = 5_000;
const PLANS = 200;
const SALES = 100_000;

const workDir = mkdtempSync(path.join(os.tmpdir(), 'inventory-dashboard-'));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(workDir, 'dashboard.db')}`;
const app = await buildApp({
  ...loadConfigFromEnv({ ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123' }),
  logLevel: 'silent',
  authRateLimitPerMinute: 1_000_000,
});

async function seed() {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'ベンチ', email: `dashboard-${Date.now()}@example.test`, password: 'password123' },
  });
  const { token, user } = response.json() as { token: string; user: { id: number; current_workspace: { id: number } } };
  const workspaceId = user.current_workspace.id;
  const now = new Date().toISOString();
  const today = localDateString();

  const partIds = await insertRowsReturningIds(
    app.db,
    'parts',
    Array.from({ length: PARTS }, (_, n) => ({
      workspace_id: workspaceId,
      name: `部品 ${String(n).padStart(5, '0')}`,
      unit_price_sen: n * 10,
      min_stock_alert: n % 20,
      created_at: now,
      updated_at: now,
    })),
  );
  await app.db
    .transaction()
    .execute((trx) => setPartStocks(trx, { workspaceId, userId: user.id }, partIds.map((partId, index) => ({ partId, stock: index % 50 })), 'initial'));
  const productIds = await insertRowsReturningIds(
    app.db,
    'products',
    Array.from({ length: PRODUCTS }, (_, n) => ({
      workspace_id: workspaceId,
      name: `商品 ${String((n * 7) % PRODUCTS).padStart(4, '0')}`,
      selling_price_sen: 100_000,
      created_at: now,
      updated_at: now,
    })),
  );
  // 20 distinct parts per product (499 × k mod 10,000 never repeats for k < 20).
  await insertRows(
    app.db,
    'recipe_lines',
    productIds.flatMap((productId, p) =>
      Array.from({ length: RECIPE_LINES }, (_, k) => ({
        workspace_id: workspaceId,
        product_id: productId,
        part_id: partIds[(p * 37 + k * 499) % PARTS]!,
        quantity_required: (k % 5) + 1,
      })),
    ),
  );
  await insertRows(
    app.db,
    'orders',
    Array.from({ length: ORDERS }, (_, n) => ({
      workspace_id: workspaceId,
      part_id: partIds[(n * 7) % PARTS]!,
      quantity: (n % 50) + 1,
      order_date: addDays(today, -40),
      expected_delivery_date: n % 5 === 0 ? null : addDays(today, (n % 60) - 30),
      status: (['ordered', 'shipped', 'delivered', 'cancelled'] as const)[n % 4],
      created_at: now,
      updated_at: now,
    })),
  );
  await insertRows(
    app.db,
    'manufacturing_records',
    Array.from({ length: RECORDS }, (_, n) => ({
      workspace_id: workspaceId,
      product_id: productIds[n % PRODUCTS]!,
      product_name: `商品 ${n % PRODUCTS}`,
      quantity: 1 + (n % 3),
      manufacturing_date: addDays(today, -(n % 400)),
      created_at: now,
    })),
  );
  await insertRows(
    app.db,
    'manufacturing_plans',
    Array.from({ length: PLANS }, (_, n) => ({
      workspace_id: workspaceId,
      product_id: productIds[n % PRODUCTS]!,
      quantity: 5,
      remaining_quantity: 5,
      start_date: addDays(today, (n % 60) - 30),
      end_date: addDays(today, (n % 60) - 25),
      created_at: now,
      updated_at: now,
    })),
  );
  await insertRows(
    app.db,
    'sales',
    Array.from({ length: SALES }, (_, n) => ({
      workspace_id: workspaceId,
      product_id: productIds[n % PRODUCTS]!,
      product_name: `商品 ${n % PRODUCTS}`,
      quantity: 1,
      unit_price_sen: 100_000,
      total_amount_sen: 100_000,
      total_cost_sen: 50_000,
      profit_sen: 50_000,
      sale_date: addDays(today, -(n % 1095)),
      created_at: now,
      updated_at: now,
    })),
  );
  // PostgreSQL plans from statistics, which autovacuum gathers in the background a while after
  // a bulk load: gather them now, as a running database has them.
  if (app.dbKind === 'postgres') await sql`analyze`.execute(app.db);
  return { token, today };
}

async function time(label: string, url: string, token: string) {
  const request = () => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
  for (let run = 0; run < 10; run++) await request();
  const samples: number[] = [];
  let bytes = 0;
  const cpu = process.cpuUsage();
  for (let run = 0; run < 40; run++) {
    const start = performance.now();
    const response = await request();
    samples.push(performance.now() - start);
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    bytes = response.rawPayload.length;
  }
  const used = process.cpuUsage(cpu);
  samples.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(
    `${label.padEnd(28)} median ${ms(samples[20]!)}, fastest ${ms(samples[0]!)}, p90 ${ms(samples[36]!)}, ` +
      `CPU ${ms((used.user + used.system) / 40 / 1000)} per request, ${Math.round(bytes / 1024)} KB`,
  );
}

try {
  const { token, today } = await seed();
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  console.log(`Dashboard on ${databaseUrl.startsWith('sqlite:') ? 'SQLite' : 'PostgreSQL'}, today ${today}:`);
  await time('GET /api/dashboard', '/api/dashboard', token);
  await time('GET /api/dashboard/alerts', '/api/dashboard/alerts', token);
  await time('GET /api/dashboard/calendar', `/api/dashboard/calendar/${year}/${month}`, token);
  await time('GET /api/workspace/stats', '/api/workspace/stats', token);
} finally {
  await app.close();
  rmSync(workDir, { recursive: true, force: true });
}
