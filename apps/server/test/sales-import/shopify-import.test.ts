import type { Sale } from '@inventory/contracts/sales';
import { describe, expect, it } from 'vitest';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart } from '../factories/parts.ts';
import { expectStockMatchesLedger } from '../helpers/stock-invariants.ts';
import { createProduct, productStockState, setRecipe } from '../factories/products.ts';
import { call, createTestApp } from '../helpers/test-app.ts';
import { importFile, sendOrderFile, shopifyCsv, type ShopifyOrder } from './sales-import-helpers.ts';

// POST /sales/import/preview and /sales/import with the built-in Shopify source: a file written
// here in Shopify's documented order export layout (continuation rows for multi-line orders).

const app = await createTestApp();

async function shop() {
  const owner = await signedInWorkspace(app);
  const part = await createPart(app, owner.token, { name: `木材-${owner.workspaceId}`, unit_price: 150, current_stock: 100 });
  const mug = await createProduct(app, owner.token, { name: 'マグカップ', part_number: 'MUG-01', current_stock: 10 });
  await setRecipe(app, owner.token, mug.id, [{ part_id: part.id, quantity_required: 2 }]);
  // Found by name (no part number), the name written with full-width letters in the shop.
  const plate = await createProduct(app, owner.token, { name: 'Plate 小皿', current_stock: 5 });
  const lamp = await createProduct(app, owner.token, { name: 'ランプ', part_number: 'LAMP', current_stock: 1 });
  return { ...owner, mug, plate, lamp };
}

const salesOf = async (token: string): Promise<Sale[]> => (await call(app, 'GET', '/api/sales', { token })).json();

const ORDERS: ShopifyOrder[] = [
  {
    name: '#1001',
    createdAt: '2026-11-20 10:15:00 +0900',
    lines: [
      { sku: 'MUG-01', name: 'マグカップ - 白', quantity: 2, price: '2800.00' },
      { name: 'Ｐｌａｔｅ　小皿', quantity: 1, price: 1200 },
    ],
  },
  // 23:30 in New York on the 20th is the 21st in Tokyo.
  { name: '#1002', createdAt: '2026-11-20 23:30:00 -0500', lines: [{ sku: 'MUG-01', name: 'マグカップ - 白', quantity: 1, price: 2800 }] },
  { name: '#1003', createdAt: '2026-11-21 09:00:00 +0900', financialStatus: 'refunded', lines: [{ sku: 'MUG-01', name: 'マグカップ', quantity: 1, price: 2800 }] },
  {
    name: '#1004',
    createdAt: '2026-11-21 10:00:00 +0900',
    financialStatus: 'paid',
    cancelledAt: '2026-11-21 12:00:00 +0900',
    lines: [{ sku: 'LAMP', name: 'ランプ', quantity: 1, price: 9000 }],
  },
  { name: '#1005', createdAt: '2026-11-22 08:00:00 +0900', lines: [{ sku: 'STICKER-9', name: 'ステッカー', quantity: 3, price: 300 }] },
];

describe('a Shopify order export', () => {
  it('previews without changing anything, then imports each line as a sale with stock, ledger, cost and profit', async () => {
    const { token, workspaceId, mug, plate, lamp } = await shop();
    const file = shopifyCsv(ORDERS);

    const preview = await importFile(app, token, 'preview', file);
    expect(preview).toEqual({
      lines: 6,
      orders: 5,
      to_import: 3,
      duplicates: 0,
      skipped: 2,
      unmatched: [{ external_sku: 'STICKER-9', external_name: 'ステッカー', count: 1 }],
      cancellations: 0,
      short_of_stock: [],
      errors: [],
      imported: 0,
      returned: 0,
    });
    expect(await salesOf(token)).toEqual([]);
    expect((await productStockState(app, mug.id)).stock).toBe(10);

    const result = await importFile(app, token, 'import', file);
    expect(result).toMatchObject({ lines: 6, orders: 5, to_import: 3, imported: 3, duplicates: 0, returned: 0, skipped: 2 });

    const sales = await salesOf(token);
    expect(sales.map((sale) => [sale.product_name, sale.quantity, sale.unit_price, sale.sale_date, sale.notes, sale.url, sale.imported_from]).sort()).toEqual(
      [
        ['Plate 小皿', 1, 1200, '2026-11-20', 'Shopify 注文 #1001', null, { source: 'Shopify', order_id: '#1001' }],
        ['マグカップ', 1, 2800, '2026-11-21', 'Shopify 注文 #1002', null, { source: 'Shopify', order_id: '#1002' }],
        ['マグカップ', 2, 2800, '2026-11-20', 'Shopify 注文 #1001', null, { source: 'Shopify', order_id: '#1001' }],
      ].sort(),
    );
    // Cost: the recipe's 2 × ¥150 per mug, at the moment of the import.
    const twoMugs = sales.find((sale) => sale.quantity === 2)!;
    expect(twoMugs).toMatchObject({ total_amount: 5600, total_cost: 600, profit: 5000, profit_margin: 89.3 });

    const mugState = await productStockState(app, mug.id);
    expect(mugState.stock).toBe(7);
    expect(mugState.movements.filter((row) => row.kind === 'sale').map((row) => [row.quantity_delta, row.balance_after])).toEqual([
      [-2, 8],
      [-1, 7],
    ]);
    expect((await productStockState(app, plate.id)).stock).toBe(4);
    expect((await productStockState(app, lamp.id)).stock).toBe(1);
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('imports the same file again as duplicates only, and an overlapping file only what is new', async () => {
    const { token, workspaceId } = await shop();
    await importFile(app, token, 'import', shopifyCsv(ORDERS.slice(0, 2)));
    const again = await importFile(app, token, 'import', shopifyCsv(ORDERS.slice(0, 2)));
    expect(again).toMatchObject({ lines: 3, imported: 0, duplicates: 3, to_import: 0 });

    const overlapping = [...ORDERS.slice(1, 2), { name: '#1006', createdAt: '2026-11-23 08:00:00 +0900', lines: [{ sku: 'MUG-01', name: 'マグ', quantity: 1, price: 2500 }] }];
    const preview = await importFile(app, token, 'preview', shopifyCsv(overlapping));
    expect(preview).toMatchObject({ lines: 2, to_import: 1, duplicates: 1 });
    expect(await importFile(app, token, 'import', shopifyCsv(overlapping))).toMatchObject({ imported: 1, duplicates: 1 });
    expect(await salesOf(token)).toHaveLength(4);

    const history = (await call(app, 'GET', '/api/sales/import/history', { token })).json();
    expect(history.map((entry: Record<string, unknown>) => [entry.source, entry.source_name, entry.lines, entry.imported, entry.duplicates, entry.returned])).toEqual([
      ['shopify', 'Shopify', 2, 1, 1, 0],
      ['shopify', 'Shopify', 3, 0, 3, 0],
      ['shopify', 'Shopify', 3, 3, 0, 0],
    ]);
    expect(history[0]).toMatchObject({ file_name: 'orders_export.csv', user_name: expect.any(String) });
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('deletes the sales of an order refunded or cancelled after its import through the sale delete path', async () => {
    const { token, workspaceId, mug, plate } = await shop();
    await importFile(app, token, 'import', shopifyCsv(ORDERS.slice(0, 2)));
    expect((await productStockState(app, mug.id)).stock).toBe(7);

    const refunded = shopifyCsv([{ ...ORDERS[0]!, financialStatus: 'refunded' }]);
    expect(await importFile(app, token, 'preview', refunded)).toMatchObject({ cancellations: 2, to_import: 0, returned: 0 });
    expect((await productStockState(app, mug.id)).stock).toBe(7);

    const result = await importFile(app, token, 'import', refunded);
    expect(result).toMatchObject({ cancellations: 2, returned: 2, imported: 0 });
    const mugState = await productStockState(app, mug.id);
    expect(mugState.stock).toBe(9);
    expect(mugState.movements.at(-1)).toMatchObject({ kind: 'sale_cancel', quantity_delta: 2, balance_after: 9 });
    expect((await productStockState(app, plate.id)).stock).toBe(5);
    expect((await salesOf(token)).map((sale) => sale.imported_from?.order_id)).toEqual(['#1002']);

    // Returned once: the cancelled file again, or the old paid file again, change nothing.
    expect(await importFile(app, token, 'import', refunded)).toMatchObject({ cancellations: 0, returned: 0, duplicates: 2 });
    expect(await importFile(app, token, 'import', shopifyCsv(ORDERS.slice(0, 1)))).toMatchObject({ imported: 0, duplicates: 2 });
    expect((await productStockState(app, mug.id)).stock).toBe(9);
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('skips a cancelled order never imported, and never imports it from an older file afterwards', async () => {
    const { token, mug } = await shop();
    const cancelled = shopifyCsv([{ ...ORDERS[1]!, cancelledAt: '2026-11-21 15:00:00 +0900' }]);
    expect(await importFile(app, token, 'import', cancelled)).toMatchObject({ imported: 0, returned: 0, skipped: 1 });
    expect(await importFile(app, token, 'import', shopifyCsv([ORDERS[1]!]))).toMatchObject({ imported: 0, duplicates: 1 });
    expect((await productStockState(app, mug.id)).stock).toBe(10);
  });

  it('lists lines short of stock without importing them, and imports them once stock is there', async () => {
    const { token, workspaceId, lamp } = await shop();
    const file = shopifyCsv([
      { name: '#2001', createdAt: '2026-11-24 10:00:00 +0900', lines: [{ sku: 'LAMP', name: 'ランプ', quantity: 1, price: 9000 }] },
      { name: '#2002', createdAt: '2026-11-24 11:00:00 +0900', lines: [{ sku: 'LAMP', name: 'ランプ', quantity: 2, price: 9000 }] },
    ]);
    const first = await importFile(app, token, 'import', file);
    expect(first).toMatchObject({ imported: 1, short_of_stock: [{ row: 3, product_name: 'ランプ', quantity: 2, current_stock: 0 }] });

    // The maker records the manufacture (here: the stock edit), then imports the same file again.
    expect((await call(app, 'PUT', `/api/products/${lamp.id}`, { token, body: { current_stock: 2 } })).statusCode).toBe(200);
    expect(await importFile(app, token, 'import', file)).toMatchObject({ imported: 1, duplicates: 1, short_of_stock: [] });
    expect((await productStockState(app, lamp.id)).stock).toBe(0);
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('imports two identical files sent at the same moment once', async () => {
    const { token, workspaceId, mug } = await shop();
    const file = shopifyCsv(ORDERS.slice(0, 2));
    const answers = await Promise.all([0, 1, 2].map(() => sendOrderFile(app, token, 'import', file)));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const results = answers.map((answer) => answer.json());
    expect(results.reduce((sum, result) => sum + result.imported, 0)).toBe(3);
    expect(results.reduce((sum, result) => sum + result.duplicates, 0)).toBe(6);
    expect(await salesOf(token)).toHaveLength(3);
    expect((await productStockState(app, mug.id)).stock).toBe(7);
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('imports an unmatched line once its product is chosen, and remembers 取り込まない', async () => {
    const { token, mug, lamp } = await shop();
    const file = shopifyCsv([
      { name: '#3001', createdAt: '2026-11-25 10:00:00 +0900', lines: [{ sku: 'STICKER-9', name: 'ステッカー', quantity: 2, price: 300 }] },
      { name: '#3002', createdAt: '2026-11-25 11:00:00 +0900', lines: [{ sku: 'GIFT', name: 'ギフト包装', quantity: 1, price: 200 }] },
    ]);
    expect((await importFile(app, token, 'preview', file)).unmatched).toHaveLength(2);

    const choose = (body: Record<string, unknown>) => call(app, 'POST', '/api/sales/import/aliases', { token, body: { source: 'shopify', ...body } });
    const chosen = await choose({ external_sku: 'STICKER-9', external_name: 'ステッカー', product_id: mug.id });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toEqual({ source: 'shopify', external_sku: 'STICKER-9', external_name: 'ステッカー', product_id: mug.id });
    expect((await choose({ external_sku: 'GIFT', external_name: 'ギフト包装', product_id: null })).statusCode).toBe(200);

    expect(await importFile(app, token, 'import', file)).toMatchObject({ imported: 1, skipped: 1, unmatched: [] });
    expect((await productStockState(app, mug.id)).stock).toBe(8);

    // A later choice replaces the earlier one.
    expect((await choose({ external_sku: 'GIFT', external_name: 'ギフト包装', product_id: lamp.id })).statusCode).toBe(200);
    expect(await importFile(app, token, 'preview', file)).toMatchObject({ to_import: 1, duplicates: 1, skipped: 0 });
  });
});
