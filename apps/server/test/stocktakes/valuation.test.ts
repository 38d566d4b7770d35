import type { Valuation } from '@inventory/contracts/valuation';
import { describe, expect, it } from 'vitest';
import { tokyoDateString } from '../../src/lib/time.ts';
import { createOrder } from '../factories/orders.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart } from '../factories/parts.ts';
import { createProduct, sell, setRecipe } from '../factories/products.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

// 在庫評価 worked by hand: one workspace whose ledger spans December 2024 to today, valued on
// days before, inside and after it by both methods. Amounts in yen; the moving average is kept in
// whole sen at each priced entry.

const app = await createTestApp();
const today = tokyoDateString();

async function valuation(token: string, query: string): Promise<Valuation> {
  const response = await call(app, 'GET', `/api/inventory/valuation?${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function receipt(token: string, partId: number, quantity: number, entryDate: string, unitPrice: number | null) {
  const response = await call(app, 'POST', `/api/parts/${partId}/stock-entry`, { token, body: { quantity, entry_date: entryDate, unit_price: unitPrice } });
  expect(response.statusCode, response.body).toBe(201);
}

/**
 * Part A (単価 ¥100 until today's ¥110) and part B (¥50); product L made of A × 2 (B × 1 added
 * later), product M without a recipe.
 *   2024-11-01 receipt A 10 @ ¥120
 *   2024-12-10 receipt A 20 @ ¥150
 *   2024-12-12 receipt A  2 without a price
 *   2024-12-15 manufacture L 3 (A −6)
 *   2024-12-20 sale L 1
 *   2024-12-28 receipt A  5 @ ¥130 — typed after the one of 2025-01-10
 *   2025-01-10 receipt A 10 @ ¥200
 *   today      B opening stock 4 (no price), receipt B 4 @ ¥80, M opening stock 2,
 *              A's price ¥110, an order of 10 A delivered (its stock entry at ¥110)
 */
async function seed() {
  const owner = await signedInWorkspace(app);
  const { token } = owner;
  const a = await createPart(app, token, { name: '部品A', part_number: 'A-1', unit: '個', unit_price: 100 });
  await receipt(token, a.id, 10, '2024-11-01', 120);
  await receipt(token, a.id, 20, '2024-12-10', 150);
  await receipt(token, a.id, 2, '2024-12-12', null);
  await receipt(token, a.id, 10, '2025-01-10', 200);
  await receipt(token, a.id, 5, '2024-12-28', 130);
  const l = await createProduct(app, token, { name: '製品L' });
  await setRecipe(app, token, l.id, [{ part_id: a.id, quantity_required: 2 }]);
  const made = await call(app, 'POST', `/api/manufacturing/products/${l.id}/manufacture`, { token, body: { quantity: 3, manufacturing_date: '2024-12-15' } });
  expect(made.statusCode, made.body).toBe(201);
  await sell(app, token, l.id, { quantity: 1, sale_date: '2024-12-20' });
  const b = await createPart(app, token, { name: '部品B', unit_price: 50, current_stock: 4 });
  await receipt(token, b.id, 4, today, 80);
  await setRecipe(app, token, l.id, [
    { part_id: a.id, quantity_required: 2 },
    { part_id: b.id, quantity_required: 1 },
  ]);
  const m = await createProduct(app, token, { name: '製品M', current_stock: 2 });
  expect((await call(app, 'PUT', `/api/parts/${a.id}`, { token, body: { unit_price: 110 } })).statusCode).toBe(200);
  const order = await createOrder(app, token, a.id, { quantity: 10, order_date: '2026-11-20' });
  expect((await call(app, 'POST', `/api/orders/${order.id}/deliver`, { token })).statusCode).toBe(200);
  return { token, a, b, l, m };
}

describe('GET /api/inventory/valuation', () => {
  it('values the stock of each day by 最終仕入原価法 and 移動平均法, as worked by hand', async () => {
    const { token, a, b, l, m } = await seed();

    // Before any movement: nothing.
    expect(await valuation(token, 'date=2024-10-31&method=last_purchase')).toEqual({
      date: '2024-10-31',
      method: 'last_purchase',
      parts: [],
      products: [],
      parts_total: 0,
      products_total: 0,
      total: 0,
    });

    // 2024-12-31: A = 10 + 20 + 2 − 6 + 5 = 31 (the receipt of the 28th counts, typed later or
    // not; the one of 2025-01-10 does not). L = 3 − 1 = 2. B and M had no stock yet.
    // Last purchase: A's last priced entry on or before the day is ¥130 (28 Dec); B has none, so
    // its unit price ¥50. L = 2 × 130 + 50 = ¥310.
    const lastPurchase = await valuation(token, 'date=2024-12-31&method=last_purchase');
    expect(lastPurchase).toEqual({
      date: '2024-12-31',
      method: 'last_purchase',
      parts: [{ id: a.id, name: '部品A', part_number: 'A-1', unit: '個', quantity: 31, unit_value: 130, value: 4030 }],
      products: [{ id: l.id, name: '製品L', part_number: null, unit: null, quantity: 2, unit_value: 310, value: 620, has_recipe: true }],
      parts_total: 4030,
      products_total: 620,
      total: 4650,
    });

    // Moving average of A, starting at its unit price ¥100 (no stock yet):
    //   11-01 +10 @ 120 → (0 × 100 + 10 × 120) / 10 = 120.00
    //   12-10 +20 @ 150 → (10 × 120 + 20 × 150) / 30 = 140.00
    //   12-12 +2 (no price), 12-15 −6 → balance 26, average kept
    //   12-28 +5 @ 130 → (26 × 140 + 5 × 130) / 31 = 138.387… → ¥138.39
    // A = 31 × 138.39 = 4290.09; L = 2 × 138.39 + 50 (B: no movement, its unit price) = 326.78.
    const movingAverage = await valuation(token, 'date=2024-12-31&method=moving_average');
    expect(movingAverage).toMatchObject({
      method: 'moving_average',
      parts: [{ id: a.id, quantity: 31, unit_value: 138.39, value: 4290.09 }],
      products: [{ id: l.id, quantity: 2, unit_value: 326.78, value: 653.56 }],
      parts_total: 4290.09,
      products_total: 653.56,
      total: 4943.65,
    });

    // Today: A = 31 + 10 + 10 (delivery) = 51, B = 8, L = 2, M = 2 (no recipe: 0, flagged).
    // Last purchase: A's last entry is today's delivery at ¥110, B's today's receipt at ¥80.
    const now = await valuation(token, `date=${today}&method=last_purchase`);
    expect(now.parts).toEqual([
      { id: a.id, name: '部品A', part_number: 'A-1', unit: '個', quantity: 51, unit_value: 110, value: 5610 },
      { id: b.id, name: '部品B', part_number: null, unit: null, quantity: 8, unit_value: 80, value: 640 },
    ]);
    expect(now.products).toEqual([
      { id: l.id, name: '製品L', part_number: null, unit: null, quantity: 2, unit_value: 300, value: 600, has_recipe: true },
      { id: m.id, name: '製品M', part_number: null, unit: null, quantity: 2, unit_value: 0, value: 0, has_recipe: false },
    ]);
    expect([now.parts_total, now.products_total, now.total]).toEqual([6250, 600, 6850]);

    // Moving average today:
    //   A 2025-01-10 +10 @ 200 → (31 × 138.39 + 10 × 200) / 41 = 153.4168… → ¥153.42
    //     today +10 @ 110 (delivery) → (41 × 153.42 + 10 × 110) / 51 = 144.9063… → ¥144.91
    //   B starts at ¥50: opening 4 (no price), +4 @ 80 → (4 × 50 + 4 × 80) / 8 = ¥65
    //   L = 2 × 144.91 + 65 = 354.82
    const averageNow = await valuation(token, `date=${today}&method=moving_average`);
    expect(averageNow.parts.map((part) => [part.id, part.quantity, part.unit_value, part.value])).toEqual([
      [a.id, 51, 144.91, 7390.41],
      [b.id, 8, 65, 520],
    ]);
    expect(averageNow.products.map((product) => [product.id, product.unit_value, product.value])).toEqual([
      [l.id, 354.82, 709.64],
      [m.id, 0, 0],
    ]);
    expect([averageNow.parts_total, averageNow.products_total, averageNow.total]).toEqual([7910.41, 709.64, 8620.05]);
    // The method defaults to 最終仕入原価法.
    expect((await valuation(token, `date=${today}`)).total).toBe(6850);
  });

  it('refuses a date that is not a date and an unknown method', async () => {
    const { token } = await signedInWorkspace(app);
    const cases: Array<[string, string]> = [
      ['method=last_purchase', '評価日は必須です'],
      ['date=2026-02-30', '評価日はyyyy-MM-dd形式の正しい日付で入力してください'],
      ['date=31.12.2025', '評価日はyyyy-MM-dd形式の正しい日付で入力してください'],
      ['date=2025-12-31&method=fifo', '評価方法が正しくありません'],
    ];
    for (const [query, error] of cases) {
      for (const path of ['valuation', 'valuation.csv']) {
        const response = await call(app, 'GET', `/api/inventory/${path}?${query}`, { token });
        expect([response.statusCode, response.json().error], `${path}?${query}`).toEqual([400, error]);
      }
    }
  });
});

describe('GET /api/inventory/valuation.csv', () => {
  it('answers the 棚卸表 as UTF-8 CSV with BOM, formula-safe, totals floored to yen', async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token, { name: '=SUM(A1)', unit_price: 0.5, current_stock: 3 });
    await createPart(app, token, { name: 'ネジ', unit_price: 12.34, current_stock: 1 });
    const response = await call(app, 'GET', `/api/inventory/valuation.csv?date=${today}&method=last_purchase`, { token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="inventory_${today}.csv"; filename*=UTF-8''${encodeURIComponent(`棚卸表_${today}.csv`)}`,
    );
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body.slice(1).split('\r\n')).toEqual([
      '区分,品番,品名,数量,単位,単価,金額',
      "部品,,'=SUM(A1),3,個,0.5,1.5",
      '部品,,ネジ,1,個,12.34,12.34',
      '',
      `評価日,${today}`,
      '評価方法,最終仕入原価法',
      '部品合計,,,,,,13',
      '商品合計,,,,,,0',
      '合計,,,,,,13',
      '',
    ]);
    expect(part.id).toBeGreaterThan(0);
  });
});
