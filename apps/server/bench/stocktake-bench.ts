import http from 'node:http';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';
import { isPostgres } from '../src/db/sql-helpers.ts';
import { storeRecipeTotals } from '../src/domains/recipe-totals/stored-recipe-totals.ts';
import { setStocks } from '../src/domains/stock/item-stock.ts';
import { insertRows, insertRowsReturningIds } from '../test/factories/insert-rows.ts';

// 棚卸し and 在庫評価 at the sizes, in `npm run bench` (or alone: BENCH_ONLY=stocktake):
// a workspace of 20,000 parts and 1,000 products with 20-line recipes over 200,000 ledger rows
// dated through 2025 (each part: an opening stock, four priced receipts with their stock entries,
// five corrections). The ledger is written straight into the tables, each row with its running
// balance, so every part's stock equals its ledger as the stock module keeps it.
// Measured over HTTP against the running app: the stocktake of every part created, 5,000 counts
// in one call, the commit of those 5,000 lines while another client's small calls keep going
// (their slowest answer is reported), and the valuation by both methods.

export const STOCKTAKE_PARTS = 20_000;
export const STOCKTAKE_PRODUCTS = 1_000;
const RECIPE_LINES = 20;
const COUNTS = 5_000;
const RECEIPTS_PER_PART = 4;
const CORRECTIONS_PER_PART = 5;

const dayOf = (dayOfYear: number) => new Date(Date.UTC(2025, 0, 1 + dayOfYear)).toISOString().slice(0, 10);

export async function seedStocktakeWorkspace(db: Db, owner: { workspaceId: number; userId: number }): Promise<{ ledgerRows: number }> {
  const { workspaceId, userId } = owner;
  const now = new Date().toISOString();
  let ledgerRows = 0;
  const partIds: number[] = [];
  for (let start = 0; start < STOCKTAKE_PARTS; start += 500) {
    const count = Math.min(500, STOCKTAKE_PARTS - start);
    const parts = Array.from({ length: count }, (_, offset) => {
      const n = start + offset;
      return { n, opening: 20 + (n % 30), receipts: Array.from({ length: RECEIPTS_PER_PART }, (_, r) => ({ quantity: 5 + ((n + r) % 10), priceSen: 1000 + ((n * 7 + r * 131) % 5000) })) };
    });
    const finals = parts.map((part) => part.opening + part.receipts.reduce((sum, receipt) => sum + receipt.quantity, 0) - CORRECTIONS_PER_PART);
    const ids = await insertRowsReturningIds(
      db,
      'parts',
      parts.map((part, index) => ({
        workspace_id: workspaceId,
        name: `棚卸部品 ${String(part.n).padStart(5, '0')}`,
        unit: '個',
        unit_price_sen: 1200 + (part.n % 900),
        current_stock: finals[index]!,
        part_number: `ST-${part.n}`,
        created_at: now,
        updated_at: now,
      })),
    );
    partIds.push(...ids);
    const entryIds = await insertRowsReturningIds(
      db,
      'stock_entries',
      parts.flatMap((part, index) =>
        part.receipts.map((receipt, r) => ({
          workspace_id: workspaceId,
          part_id: ids[index]!,
          quantity: receipt.quantity,
          unit_price_sen: receipt.priceSen,
          entry_date: dayOf(40 + r * 80 + (part.n % 30)),
          notes: null,
          order_id: null,
          created_by: userId,
          created_at: now,
        })),
      ),
    );
    const movements = parts.flatMap((part, index) => {
      let balance = part.opening;
      const rows = [{ kind: 'initial', delta: part.opening, day: 0, reference: null as number | null }];
      for (let r = 0; r < RECEIPTS_PER_PART; r++) {
        rows.push({ kind: 'receipt', delta: part.receipts[r]!.quantity, day: 40 + r * 80 + (part.n % 30), reference: entryIds[index * RECEIPTS_PER_PART + r]! });
        if (r < CORRECTIONS_PER_PART) rows.push({ kind: 'adjustment', delta: -1, day: 41 + r * 80 + (part.n % 30), reference: null });
      }
      rows.push({ kind: 'adjustment', delta: -1, day: 360, reference: null });
      return rows.map((row, position) => {
        balance = position === 0 ? part.opening : balance + row.delta;
        return {
          workspace_id: workspaceId,
          part_id: ids[index]!,
          product_id: null,
          kind: row.kind,
          quantity_delta: row.delta,
          balance_after: balance,
          reference_id: row.reference,
          note: null,
          reason: null,
          effective_date: dayOf(row.day),
          user_id: userId,
          created_at: now,
        };
      });
    });
    await insertRows(db, 'stock_movements', movements);
    ledgerRows += movements.length;
  }
  const productIds = await insertRowsReturningIds(
    db,
    'products',
    Array.from({ length: STOCKTAKE_PRODUCTS }, (_, n) => ({
      workspace_id: workspaceId,
      name: `棚卸商品 ${String(n).padStart(4, '0')}`,
      selling_price_sen: 50_000,
      url: null,
      part_number: `SP-${n}`,
      created_at: now,
      updated_at: now,
    })),
  );
  const lines = productIds.flatMap((productId, p) =>
    Array.from({ length: RECIPE_LINES }, (_, k) => ({
      workspace_id: workspaceId,
      product_id: productId,
      part_id: partIds[(p * 37 + k * 997) % STOCKTAKE_PARTS]!,
      quantity_required: (k % 3) + 1,
    })),
  );
  await insertRows(db, 'recipe_lines', lines);
  await db.transaction().execute(async (trx) => {
    await storeRecipeTotals(trx, workspaceId, productIds);
    await setStocks(trx, owner, 'product', productIds.map((itemId, index) => ({ itemId, stock: 1 + (index % 9) })), 'initial');
  });
  // The statistics a database in use has (PostgreSQL would gather them within a minute or so).
  if (isPostgres(db)) await sql`analyze`.execute(db);
  return { ledgerRows: ledgerRows + productIds.length };
}

interface Answer {
  status: number;
  body: string;
  ms: number;
}

function send(base: string, token: string, method: string, path: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      `${base}${path}`,
      { method, headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - t0 }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

function expectOk(what: string, answer: Answer): Answer {
  if (answer.status < 200 || answer.status >= 300) throw new Error(`${what}: ${answer.status} ${answer.body.slice(0, 300)}`);
  return answer;
}

/** Small calls of another client, one after another, while `work` runs: every answer's time. */
async function whileSmallCallsRun<T>(base: string, token: string, path: string, work: () => Promise<T>): Promise<{ result: T; small: number[] }> {
  const small: number[] = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      small.push(expectOk('small call', await send(base, token, 'GET', path)).ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  // Let the small calls start before the work does.
  await new Promise((resolve) => setTimeout(resolve, 100));
  const result = await work();
  running = false;
  await loop;
  return { result, small };
}

export async function measureStocktakes(base: string, token: string, otherToken: string, otherPath: string): Promise<string[]> {
  const lines: string[] = [];
  const created = expectOk('POST /api/stocktakes', await send(base, token, 'POST', '/api/stocktakes', { name: 'ベンチ棚卸し', scope: { kind: 'parts' } }));
  const stocktake = JSON.parse(created.body) as { id: number; line_count: number; lines: Array<{ item_id: number; expected: number }> };
  lines.push(`Stocktake of ${stocktake.line_count} parts created (snapshot, answer with every line): ${created.ms.toFixed(0)} ms (budget ≤ 1000 ms) ${created.ms <= 1000 ? 'ok' : 'OVER BUDGET'}`);
  const counts = stocktake.lines.slice(0, COUNTS).map((line, index) => ({ part_id: line.item_id, counted: Math.max(0, line.expected + (index % 7) - 3) }));
  const counted = expectOk('PUT counts', await send(base, token, 'PUT', `/api/stocktakes/${stocktake.id}/counts`, { counts }));
  lines.push(`${COUNTS} counts in one call: ${counted.ms.toFixed(0)} ms (budget ≤ 1000 ms) ${counted.ms <= 1000 ? 'ok' : 'OVER BUDGET'}`);
  const { result: committed, small } = await whileSmallCallsRun(base, otherToken, otherPath, async () =>
    expectOk('POST commit', await send(base, token, 'POST', `/api/stocktakes/${stocktake.id}/commit`, { reason: 'variance' })),
  );
  const slowest = Math.max(...small);
  lines.push(
    `Commit of ${COUNTS} counted lines: ${committed.ms.toFixed(0)} ms (budget ≤ 5000 ms) ${committed.ms <= 5000 ? 'ok' : 'OVER BUDGET'}; ` +
      `another client's ${small.length} small calls meanwhile (GET ${otherPath}): slowest ${slowest.toFixed(0)} ms (budget ≤ 1000 ms) ${slowest <= 1000 ? 'ok' : 'OVER BUDGET'}`,
  );
  for (const method of ['last_purchase', 'moving_average']) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) times.push(expectOk(`valuation ${method}`, await send(base, token, 'GET', `/api/inventory/valuation?date=2025-12-31&method=${method}`)).ms);
    const median = times.sort((a, b) => a - b)[2]!;
    lines.push(`Valuation (${method}) of ${STOCKTAKE_PARTS} parts and ${STOCKTAKE_PRODUCTS} products: median ${median.toFixed(0)} ms of 5 (budget ≤ 2000 ms) ${median <= 2000 ? 'ok' : 'OVER BUDGET'}`);
  }
  return lines;
}
