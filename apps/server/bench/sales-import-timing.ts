import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../src/db/database.ts';
import { setStocks } from '../src/domains/stock/item-stock.ts';
import { insertRowsReturningIds } from '../test/factories/insert-rows.ts';

// npm run bench, shop order import: a Shopify export of 10,000 order lines (5,000 orders of two
// lines over 200 products with part numbers) previewed, imported, then imported again (all
// duplicates), while another user's small call (GET /api/auth/me) is sent every 50 ms and timed.

export const IMPORT_LINES = 10_000;
const IMPORT_PRODUCTS = 200;
const SMALL_CALL_INTERVAL_MS = 50;

/** 200 products with part numbers SKU-000 … SKU-199 and stock for every line of the file. */
export async function seedSalesImportWorkspace(db: Db, workspaceId: number, userId: number) {
  const now = new Date().toISOString();
  const rows = Array.from({ length: IMPORT_PRODUCTS }, (_, n) => ({
    workspace_id: workspaceId,
    name: `取り込み商品 ${String(n).padStart(3, '0')}`,
    part_number: `SKU-${String(n).padStart(3, '0')}`,
    selling_price_sen: 250_000,
    created_at: now,
    updated_at: now,
  }));
  const ids = await insertRowsReturningIds(db, 'products', rows);
  await db.transaction().execute((trx) =>
    setStocks(
      trx,
      { workspaceId, userId },
      'product',
      ids.map((itemId) => ({ itemId, stock: 1_000_000 })),
      'initial',
    ),
  );
}

/** Shopify's order export: the order columns on an order's first row, its second line a continuation row. */
export function shopifyOrderFile(lines = IMPORT_LINES): string {
  const header = 'Name,Email,Financial Status,Paid at,Fulfillment Status,Currency,Subtotal,Total,Created at,Lineitem quantity,Lineitem name,Lineitem price,Lineitem sku,Cancelled at,Vendor';
  const rows = Array.from({ length: lines }, (_, n) => {
    const order = Math.floor(n / 2);
    const product = String((n * 7) % IMPORT_PRODUCTS).padStart(3, '0');
    const day = String((order % 28) + 1).padStart(2, '0');
    const first = n % 2 === 0;
    return [
      `#${10_000 + order}`,
      `buyer${order}@example.test`,
      first ? 'paid' : '',
      first ? `2026-10-${day} 10:15:00 +0900` : '',
      first ? 'fulfilled' : '',
      first ? 'JPY' : '',
      first ? '5000' : '',
      first ? '5000' : '',
      first ? `2026-10-${day} 10:15:00 +0900` : '',
      (n % 3) + 1,
      `取り込み商品 ${product}`,
      '2500.00',
      `SKU-${product}`,
      '',
      'Atelier',
    ].join(',');
  });
  return `\uFEFF${header}\n${rows.join('\n')}\n`;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function timedGet(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      response.resume();
      response.on('end', () => resolve(performance.now() - start));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

async function send(base: string, token: string, path: string, file: string) {
  const form = new FormData();
  form.append('source', 'shopify');
  form.append('csv', new Blob([file], { type: 'text/csv' }), 'orders_export.csv');
  const t0 = performance.now();
  const response = await fetch(`${base}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await response.json()) as { to_import?: number; imported?: number; duplicates?: number; error?: string };
  const ms = performance.now() - t0;
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  return { ms, body };
}

export interface SalesImportTiming {
  previewMs: number;
  importMs: number;
  reimportMs: number;
  /** The slowest answer of the other user's small calls during the three, and how many were sent. */
  smallCallMaxMs: number;
  smallCalls: number;
}

/** Preview, import and import again of the 10,000-line file, with the small calls running alongside. */
export async function timeSalesImport(base: string, token: string, otherToken: string): Promise<SalesImportTiming> {
  const file = shopifyOrderFile();
  let running = true;
  const smallCalls: number[] = [];
  const poller = (async () => {
    while (running) {
      smallCalls.push(await timedGet(`${base}/api/auth/me`, otherToken));
      await sleep(SMALL_CALL_INTERVAL_MS);
    }
  })();
  try {
    const preview = await send(base, token, '/api/sales/import/preview', file);
    if (preview.body.to_import !== IMPORT_LINES) throw new Error(`preview: ${JSON.stringify(preview.body).slice(0, 200)}`);
    const imported = await send(base, token, '/api/sales/import', file);
    if (imported.body.imported !== IMPORT_LINES) throw new Error(`import: ${JSON.stringify(imported.body).slice(0, 200)}`);
    const again = await send(base, token, '/api/sales/import', file);
    if (again.body.duplicates !== IMPORT_LINES) throw new Error(`import again: ${JSON.stringify(again.body).slice(0, 200)}`);
    return { previewMs: preview.ms, importMs: imported.ms, reimportMs: again.ms, smallCallMaxMs: Math.max(...smallCalls), smallCalls: smallCalls.length };
  } finally {
    running = false;
    await poller;
  }
}
