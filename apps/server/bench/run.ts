import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, statSync, truncateSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import SQLite from 'better-sqlite3';
import { buildApp } from '../src/app.ts';
import { loadConfigFromEnv } from '../src/config.ts';
import { storeRecipeTotals } from '../src/domains/recipe-totals/stored-recipe-totals.ts';
import { setPartStocks } from '../src/domains/stock/part-stock.ts';
import { setStocks } from '../src/domains/stock/item-stock.ts';
import { seededPartRow } from '../test/factories/heavy-workspace.ts';
import { insertRows, insertRowsReturningIds } from '../test/factories/insert-rows.ts';
import { runScreensBench } from './screens/screens-bench.ts';
import { IMPORT_LINES, type SalesImportTiming, seedSalesImportWorkspace, timeSalesImport } from './sales-import-timing.ts';
import { SALES, SALES_PRODUCTS, seedSalesWorkspace } from './sales-seed.ts';
import { measureStocktakes, seedStocktakeWorkspace, STOCKTAKE_PARTS, STOCKTAKE_PRODUCTS } from './stocktake-bench.ts';

// npm run bench: seeds a workspace with 10,000 parts, 1,000 orders and 1,000 products with
// 20-line recipes, a second workspace with 500 products and 100,000 sales, and a shop with 200
// products for the order import (bench/sales-import-timing.ts), and measures the
// API next to a Fastify hello-world route in the same run (docs/performance.md). Uses a fresh SQLite
// file unless BENCH_DATABASE_URL points at a PostgreSQL database made for the purpose.
// Both servers log every request at info, as in production, into log files in the work folder.
// BENCH_QUICK=1 measures only the request path (hello, health, auth/me, parts/{id}, products/{id},
// capacity/{id});
// BENCH_CPU_PROF=<folder> writes a CPU profile of the app process there (node --cpu-prof), read
// it with bench/profile-top.ts; BENCH_ONLY=parts,me limits the request-path calls (with BENCH_QUICK).
// BENCH_BROWSER=0 skips timing the screens in Chromium (bench/screens/); BENCH_ONLY=screens times
// only them. A further workspace of 20,000 parts over 200,000 ledger rows times 棚卸し and 在庫評価
// (stocktake-bench.ts) in a full run; BENCH_ONLY=workflows times only the shop order import and
// those, on workspaces of their own.

const PARTS = 10_000;
const ORDERS = 1_000;
const PRODUCTS = 1_000;
const RECIPE_LINES = 20;
const REQUIREMENT_ORDERS = 50;
const DURATION_S = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 10;

const QUICK = process.env.BENCH_QUICK === '1';
const CPU_PROF_DIR = process.env.BENCH_CPU_PROF;
const ONLY = process.env.BENCH_ONLY?.split(',');
if (ONLY?.includes('screens')) {
  await runScreensBench();
  process.exit(0);
}

const workDir = mkdtempSync(path.join(os.tmpdir(), 'inventory-bench-'));
const databaseUrl = process.env.BENCH_DATABASE_URL ?? `sqlite:${path.join(workDir, 'bench.db')}`;
const env = { ...process.env, DATABASE_URL: databaseUrl, JWT_SECRET: 'bench-secret-bench-secret-bench-secret-123' };

async function seed() {
  const config = { ...loadConfigFromEnv(env), logLevel: 'silent' as const, authRateLimitPerMinute: 1_000_000 };
  const app = await buildApp(config);
  const register = async (email: string) => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'ベンチ', email, password: 'password123' },
    });
    return response.json() as { token: string; user: { id: number; current_workspace: { id: number } } };
  };
  const main = await register(`bench-${Date.now()}@example.test`);
  const importer = await register(`bench-import-${Date.now()}@example.test`);
  const seller = await register(`bench-sales-${Date.now()}@example.test`);
  await seedSalesWorkspace(app.db, seller.user.current_workspace.id);
  const shop = await register(`bench-shop-${Date.now()}@example.test`);
  await seedSalesImportWorkspace(app.db, shop.user.current_workspace.id, shop.user.id);
  const stocktaker = await register(`bench-stocktake-${Date.now()}@example.test`);
  const { ledgerRows } = QUICK ? { ledgerRows: 0 } : await seedStocktakeWorkspace(app.db, { workspaceId: stocktaker.user.current_workspace.id, userId: stocktaker.user.id });
  const workspaceId = main.user.current_workspace.id;
  const now = new Date().toISOString();

  const partIds = await insertRowsReturningIds(
    app.db,
    'parts',
    Array.from({ length: PARTS }, (_, n) => seededPartRow(workspaceId, n, now)),
  );
  await app.db.transaction().execute((trx) =>
    setPartStocks(
      trx,
      { workspaceId, userId: main.user.id },
      partIds.map((partId, index) => ({ partId, stock: index % 50 })),
      'initial',
    ),
  );
  const tagIds = await insertRowsReturningIds(
    app.db,
    'tags',
    ['抵抗', 'コンデンサ', 'IC', 'コネクタ', 'ネジ'].map((name, i) => ({ workspace_id: workspaceId, name, color: ['#EF4444', '#F59E0B', '#10B981', '#3B82F6', '#8B5CF6'][i]!, created_at: now, updated_at: now })),
  );
  const links = partIds.filter((_, index) => index % 2 === 0).map((partId, index) => ({ workspace_id: workspaceId, part_id: partId, tag_id: tagIds[index % tagIds.length]!, created_at: now }));
  await insertRows(app.db, 'part_tags', links);
  await insertRows(
    app.db,
    'orders',
    Array.from({ length: ORDERS }, (_, n) => {
      const day = String((n % 28) + 1).padStart(2, '0');
      return {
        workspace_id: workspaceId,
        part_id: partIds[n * 7]!,
        quantity: (n % 50) + 1,
        order_date: `2026-10-${day}`,
        expected_delivery_date: n % 5 === 0 ? null : `2026-11-${day}`,
        status: (['ordered', 'shipped', 'delivered', 'cancelled'] as const)[n % 4]!,
        created_by: main.user.id,
        created_at: now,
        updated_at: now,
      };
    }),
  );
  // Products with 20 distinct parts each (499 × k mod 10,000 never repeats for k < 20), and one
  // product whose parts hold enough stock for the manufacture run.
  const productIds = await insertRowsReturningIds(
    app.db,
    'products',
    Array.from({ length: PRODUCTS }, (_, n) => ({
      workspace_id: workspaceId,
      name: `商品 ${String(n).padStart(4, '0')}`,
      selling_price_sen: (n % 300) * 1000 + 5000,
      url: null,
      part_number: `PR-${n}`,
      created_at: now,
      updated_at: now,
    })),
  );
  const recipeLines = productIds.flatMap((productId, p) =>
    Array.from({ length: RECIPE_LINES }, (_, k) => ({
      workspace_id: workspaceId,
      product_id: productId,
      part_id: partIds[(p * 37 + k * 499) % PARTS]!,
      quantity_required: (k % 5) + 1,
    })),
  );
  await insertRows(app.db, 'recipe_lines', recipeLines);
  // The recipes went straight into the table: store their capacities as a recipe save does.
  await app.db.transaction().execute((trx) => storeRecipeTotals(trx, workspaceId, productIds));
  const manufacturedId = productIds[0]!;
  const actor = { workspaceId, userId: main.user.id };
  await app.db.transaction().execute(async (trx) => {
    await setPartStocks(
      trx,
      actor,
      recipeLines.filter((line) => line.product_id === manufacturedId).map((line) => ({ partId: line.part_id, stock: 100_000_000 })),
      'adjustment',
    );
    await setStocks(trx, actor, 'product', productIds.map((itemId, index) => ({ itemId, stock: index % 30 })), 'initial');
  });
  await app.close();
  return {
    token: main.token,
    importerToken: importer.token,
    salesToken: seller.token,
    shopToken: shop.token,
    stocktakeToken: stocktaker.token,
    ledgerRows,
    workspaceId,
    samplePartId: partIds[1234]!,
    sampleProductId: productIds[567]!,
    manufacturedId,
    requirementOrders: productIds.slice(100, 100 + REQUIREMENT_ORDERS).map((product_id, index) => ({ product_id, quantity: (index % 10) + 1 })),
  };
}

/**
 * The Node.js flags of `npm start` (apps/server/package.json), for both servers: the app runs as
 * in production, and the hello world on the same runtime settings.
 */
const productionNodeFlags: string[] = (() => {
  const { scripts } = JSON.parse(readFileSync(path.join(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: { start: string } };
  return scripts.start.split(/\s+/).filter((word) => word.startsWith('--') && word.includes('='));
})();

/**
 * The VM's guest halt polling, where the kernel has it: at 0 an idle vCPU halts at once, so every
 * answer that finds the benchmark client idle pays a costly wake-up, and a slower server finds it
 * idle more often; the shares of hello world then fall for reasons outside the app
 * (docs/decisions.md, Performance).
 */
function haltPolling(): string {
  try {
    return `, guest halt polling ${readFileSync('/sys/module/haltpoll/parameters/guest_halt_poll_ns', 'utf8').trim()} ns`;
  } catch {
    return '';
  }
}

function start(script: string, logFile: string, execArgv: string[] = []): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const log = openSync(logFile, 'a');
    const child = fork(path.join(import.meta.dirname, script), {
      env,
      execArgv: [...productionNodeFlags, '--import', 'tsx', ...execArgv],
      stdio: ['ignore', log, 'inherit', 'ipc'],
    });
    child.once('message', (message: { port: number }) => resolve({ child, port: message.port }));
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code}`)));
  });
}

/** SIGTERM and wait, so a CPU profile is written before the bench ends. */
function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** CPU time (user + system, µs) the server process has used so far. */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: { cpu?: NodeJS.CpuUsage }) => {
      if (!message.cpu) return;
      child.off('message', onMessage);
      resolve(message.cpu.user + message.cpu.system);
    };
    child.on('message', onMessage);
    child.send('cpu');
  });
}

interface RequestOptions {
  method?: 'GET' | 'POST';
  body?: string;
}

/**
 * Bytes of log written so far. Each measured call starts on an empty log file, as after a log
 * rotation (the servers append, so truncating is safe): measured here, a call made after 300 MB
 * of log lines in the same file answered 8 % fewer requests than on a fresh file, which made
 * whatever the bench measured last look slower than it is.
 */
const loggedBytes = new Map<string, number>();
function rotateLogs() {
  for (const file of [helloLog, appLog]) {
    loggedBytes.set(file, (loggedBytes.get(file) ?? 0) + statSync(file).size);
    truncateSync(file, 0);
  }
}

async function load(title: string, url: string, server: ChildProcess, headers: Record<string, string> = {}, { method = 'GET', body }: RequestOptions = {}) {
  rotateLogs();
  const options = { url, headers: body ? { ...headers, 'content-type': 'application/json' } : headers, method, body, connections: CONNECTIONS };
  // A short unmeasured run first, so every call is measured with warm JIT and caches.
  await autocannon({ ...options, duration: 2 });
  const cpuBefore = await cpuOf(server);
  const result = await autocannon({ ...options, duration: DURATION_S });
  const cpuUsPerRequest = (await cpuOf(server)) - cpuBefore;
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${title}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return {
    title,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUs: Math.round(cpuUsPerRequest / result.requests.total),
  };
}

/** The raw floor of the parts list: the same rows selected with better-sqlite3 and stringified. */
function rawPartsFloorMs(workspaceId: number): number | null {
  if (!databaseUrl.startsWith('sqlite:')) return null;
  const db = new SQLite(databaseUrl.slice('sqlite:'.length), { readonly: true });
  const select = db.prepare('select * from parts where workspace_id = ?');
  const times: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    JSON.stringify(select.all(workspaceId));
    times.push(performance.now() - t0);
  }
  db.close();
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

/**
 * Median time of sequential requests, body included, read with node:http (native llhttp). The
 * client matters at 2.7 MB: fetch took 195 ms for a body node:http reads in 76 ms.
 */
async function sequentialMedianMs(url: string, headers: Record<string, string>, count = 30, body?: string): Promise<number> {
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      const request = http.request(url, { method: body ? 'POST' : 'GET', headers: body ? { ...headers, 'content-type': 'application/json' } : headers }, (response) => {
        if (response.statusCode !== 200) reject(new Error(`${url}: ${response.statusCode}`));
        response.on('data', () => {});
        response.on('end', () => resolve(performance.now() - t0));
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(body);
    });
  const times: number[] = [];
  for (let i = 0; i < count + 3; i++) {
    const elapsed = await once();
    if (i >= 3) times.push(elapsed);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
}

async function timeCsvImport(port: number, token: string): Promise<number> {
  const header = '部品名,単位,単価,現在在庫,最小在庫アラート\n';
  const rows = Array.from({ length: PARTS }, (_, n) => `インポート部品 ${n},個,${n % 500}.5,${n % 40},${n % 10}`).join('\n');
  const form = new FormData();
  form.append('csv', new Blob([`\uFEFF${header}${rows}\n`], { type: 'text/csv' }), 'parts.csv');
  const t0 = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/parts/import/csv`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const elapsed = performance.now() - t0;
  const result = (await response.json()) as { imported?: number; error?: string };
  if (!response.ok || result.imported !== PARTS) throw new Error(`CSV import failed: ${response.status} ${JSON.stringify(result).slice(0, 200)}`);
  return elapsed;
}

function printOrderImport(timing: SalesImportTiming) {
  const within = (ms: number, budget: number) => `${(ms / 1000).toFixed(2)} s (budget ≤ ${budget} s) ${ms <= budget * 1000 ? 'ok' : 'OVER BUDGET'}`;
  console.log(`Shop order import of ${IMPORT_LINES} Shopify lines: preview ${within(timing.previewMs, 2)}, import ${within(timing.importMs, 5)}, the same file again ${(timing.reimportMs / 1000).toFixed(2)} s`);
  console.log(
    `  another user's small calls meanwhile: slowest ${timing.smallCallMaxMs.toFixed(0)} ms of ${timing.smallCalls} (budget ≤ 1000 ms) ${timing.smallCallMaxMs <= 1000 ? 'ok' : 'OVER BUDGET'}`,
  );
}

/**
 * BENCH_ONLY=workflows: only the shop order import and 棚卸し/在庫評価, on workspaces of their own
 * (minutes instead of the full run's seeding), with another user's small calls alongside.
 */
async function runWorkflowsBench() {
  const app = await buildApp({ ...loadConfigFromEnv(env), logLevel: 'silent' as const, authRateLimitPerMinute: 1_000_000 });
  const register = async (email: string) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'ベンチ', email, password: 'password123' } });
    return response.json() as { token: string; user: { id: number; current_workspace: { id: number } } };
  };
  const other = await register(`bench-other-${Date.now()}@example.test`);
  const shop = await register(`bench-shop-${Date.now()}@example.test`);
  await seedSalesImportWorkspace(app.db, shop.user.current_workspace.id, shop.user.id);
  const stocktaker = await register(`bench-stocktake-${Date.now()}@example.test`);
  const { ledgerRows } = await seedStocktakeWorkspace(app.db, { workspaceId: stocktaker.user.current_workspace.id, userId: stocktaker.user.id });
  await app.close();
  const api = await start('app-server.ts', path.join(workDir, 'app.log'));
  const base = `http://127.0.0.1:${api.port}`;
  try {
    printOrderImport(await timeSalesImport(base, shop.token, other.token));
    console.log(`棚卸し and 在庫評価 (${STOCKTAKE_PARTS} parts, ${STOCKTAKE_PRODUCTS} products × 20 lines, ${ledgerRows} ledger rows):`);
    for (const line of await measureStocktakes(base, stocktaker.token, other.token, '/api/auth/me')) console.log(`  ${line}`);
  } finally {
    await stop(api.child);
    if (!process.env.BENCH_DATABASE_URL) rmSync(workDir, { recursive: true, force: true });
  }
}

if (ONLY?.includes('workflows')) {
  await runWorkflowsBench();
  process.exit(0);
}

const seeded = await seed();
const helloLog = path.join(workDir, 'hello.log');
const appLog = path.join(workDir, 'app.log');
const hello = await start('hello-server.ts', helloLog);
const api = await start('app-server.ts', appLog, CPU_PROF_DIR ? ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${CPU_PROF_DIR}`] : []);
const base = `http://127.0.0.1:${api.port}`;
const auth = { authorization: `Bearer ${seeded.token}` };
const salesAuth = { authorization: `Bearer ${seeded.salesToken}` };
// The sales reports over all 100,000 sales (no date filter: the most they ever read) and the trend's default 12 months.
const salesReports = [
  { title: 'GET /api/sales/summary', url: `${base}/api/sales/summary` },
  { title: 'GET /api/sales/by-product', url: `${base}/api/sales/by-product` },
  { title: 'GET /api/sales/trend', url: `${base}/api/sales/trend` },
];

// The request path every future route inherits: no call slower than 20 % of hello world's requests/s.
const SMALL_CALL_SHARE = 20;
const smallCalls = [
  { title: 'GET /api/health', url: `${base}/api/health`, headers: {} },
  { title: 'GET /api/auth/me', url: `${base}/api/auth/me`, headers: auth },
  { title: 'GET /api/parts/{id}', url: `${base}/api/parts/${seeded.samplePartId}`, headers: auth },
  { title: 'GET /api/products/{id}', url: `${base}/api/products/${seeded.sampleProductId}`, headers: auth },
  { title: 'GET /api/manufacturing/capacity/{id}', url: `${base}/api/manufacturing/capacity/${seeded.sampleProductId}`, headers: auth },
];
const requirementsBody = JSON.stringify({
  orders: seeded.requirementOrders,
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  reduce_by_manufacturing: true,
});
const manufactureBody = JSON.stringify({ quantity: 1, manufacturing_date: new Date().toISOString().slice(0, 10), notes: null });
try {
  const helloResult = await load('Fastify hello world (same logging)', `http://127.0.0.1:${hello.port}/`, hello.child);
  const pathResults = [];
  for (const call of smallCalls.filter((call) => !ONLY || ONLY.some((word) => call.title.includes(word)))) pathResults.push(await load(call.title, call.url, api.child, call.headers));
  const listResults = QUICK
    ? []
    : [
        await load(`GET /api/parts (${PARTS} parts)`, `${base}/api/parts`, api.child, auth),
        await load(`GET /api/orders (${ORDERS} orders)`, `${base}/api/orders`, api.child, auth),
        await load(`GET /api/manufacturing/capacity/all (${PRODUCTS} products)`, `${base}/api/manufacturing/capacity/all`, api.child, auth),
        await load(`POST /api/manufacturing/requirements (${REQUIREMENT_ORDERS} orders)`, `${base}/api/manufacturing/requirements`, api.child, auth, {
          method: 'POST',
          body: requirementsBody,
        }),
        await load(`POST manufacture (${RECIPE_LINES}-line recipe)`, `${base}/api/manufacturing/products/${seeded.manufacturedId}/manufacture`, api.child, auth, {
          method: 'POST',
          body: manufactureBody,
        }),
      ];
  for (const report of QUICK ? [] : salesReports) listResults.push(await load(`${report.title} (${SALES} sales)`, report.url, api.child, salesAuth));
  const salesMedians = [];
  for (const report of QUICK ? [] : salesReports) salesMedians.push({ title: report.title, median: await sequentialMedianMs(report.url, salesAuth) });
  const capacityMedian = QUICK ? null : await sequentialMedianMs(`${base}/api/manufacturing/capacity/all`, auth);
  const requirementsMedian = QUICK ? null : await sequentialMedianMs(`${base}/api/manufacturing/requirements`, auth, 30, requirementsBody);
  // The one-call dashboard in both workspaces: the manufacturing one (10,000 parts, 1,000 orders,
  // 1,000 products × 20 lines: the calendar's projections) and the shop with 100,000 sales.
  const dashboards = [
    { title: `GET /api/dashboard (${PRODUCTS} products × ${RECIPE_LINES} lines, ${PARTS} parts, ${ORDERS} orders)`, headers: auth, firstProduct: '商品 0000' },
    { title: `GET /api/dashboard (${SALES_PRODUCTS} products, ${SALES} sales)`, headers: salesAuth, firstProduct: '販売商品 000' },
  ];
  const dashboardMedians = [];
  for (const dashboard of QUICK ? [] : dashboards) {
    listResults.push(await load(dashboard.title, `${base}/api/dashboard`, api.child, dashboard.headers));
    dashboardMedians.push({ title: dashboard.title, median: await sequentialMedianMs(`${base}/api/dashboard`, dashboard.headers) });
  }
  const listMedian = QUICK ? null : await sequentialMedianMs(`${base}/api/parts`, auth);
  const floor = QUICK ? null : rawPartsFloorMs(seeded.workspaceId);
  const importMs = QUICK ? null : await timeCsvImport(api.port, seeded.importerToken);
  // Another user's small calls (GET /api/auth/me, the main workspace's token) run alongside.
  const ordersImport = QUICK ? null : await timeSalesImport(base, seeded.shopToken, seeded.token);

  console.log(`\nBenchmark on ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.version} ${productionNodeFlags.join(' ')}, ${databaseUrl.split(':')[0]}${haltPolling()}, ${DURATION_S} s per run, ${CONNECTIONS} connections, request logging at info to a file`);
  console.log('| call | requests/s | p50 ms | p99 ms | server CPU µs/request |\n|---|---:|---:|---:|---:|');
  for (const row of [helloResult, ...pathResults, ...listResults]) console.log(`| ${row.title} | ${row.rps} | ${row.p50} | ${row.p99} | ${row.cpuUs} |`);
  console.log(`\nShare of hello world's requests/s (${helloResult.rps}/s), same run:`);
  for (const row of pathResults) {
    const share = Math.round((row.rps / helloResult.rps) * 100);
    // The same share computed from server CPU per request: what the ratio would be with the server alone on a core.
    const cpuShare = Math.round((helloResult.cpuUs / row.cpuUs) * 100);
    console.log(
      `  ${row.title.padEnd(22)} ${String(share).padStart(3)} %  (budget ≥ ${SMALL_CALL_SHARE} %)  ${share >= SMALL_CALL_SHARE ? 'ok' : 'BELOW BUDGET'}   by CPU per request: ${cpuShare} %`,
    );
  }
  if (listMedian !== null && floor !== null) {
    console.log(
      `GET /api/parts one at a time: median ${listMedian.toFixed(1)} ms vs raw floor ${floor.toFixed(1)} ms (select + JSON.stringify): ${(listMedian / floor).toFixed(2)}× (budget ≤ 1.5×)`,
    );
  }
  if (capacityMedian !== null) console.log(`Capacity of all ${PRODUCTS} products (${RECIPE_LINES}-line recipes) one at a time: median ${capacityMedian.toFixed(1)} ms (budget ≤ 50 ms)`);
  if (requirementsMedian !== null) console.log(`Requirements of ${REQUIREMENT_ORDERS} orders one at a time: median ${requirementsMedian.toFixed(1)} ms`);
  for (const { title, median } of salesMedians) {
    console.log(`${title} over ${SALES} sales of ${SALES_PRODUCTS} products one at a time: median ${median.toFixed(1)} ms (budget ≤ 50 ms) ${median <= 50 ? 'ok' : 'OVER BUDGET'}`);
  }
  for (const { title, median } of dashboardMedians) console.log(`${title} one at a time: median ${median.toFixed(1)} ms (budget ≤ 50 ms) ${median <= 50 ? 'ok' : 'OVER BUDGET'}`);
  if (importMs !== null) console.log(`CSV import of ${PARTS} rows: ${(importMs / 1000).toFixed(2)} s (budget ≤ 2 s)`);
  if (ordersImport !== null) printOrderImport(ordersImport);
  if (!QUICK) {
    console.log(`棚卸し and 在庫評価 (${STOCKTAKE_PARTS} parts, ${STOCKTAKE_PRODUCTS} products × 20 lines, ${seeded.ledgerRows} ledger rows):`);
    for (const line of await measureStocktakes(base, seeded.stocktakeToken, seeded.token, `/api/parts/${seeded.samplePartId}`)) console.log(`  ${line}`);
  }
  rotateLogs();
  console.log(`Log lines written: app ${(loggedBytes.get(appLog)! / 1e6).toFixed(1)} MB, hello world ${(loggedBytes.get(helloLog)! / 1e6).toFixed(1)} MB`);
  if (!QUICK && process.env.BENCH_BROWSER !== '0') await runScreensBench();
} finally {
  await Promise.all([stop(hello.child), stop(api.child)]);
  if (!process.env.BENCH_DATABASE_URL) rmSync(workDir, { recursive: true, force: true });
}
