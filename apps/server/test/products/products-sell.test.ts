import type { SellResponse } from '@inventory/contracts/products';
import { describe, expect, it } from 'vitest';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart } from '../factories/parts.ts';
import { expectStockMatchesLedger } from '../helpers/stock-invariants.ts';
import { createProduct, productStockState, sell, sellBodyOf, setRecipe, snapshotProducts } from '../factories/products.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

const anyTimestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);

describe('POST /api/products/{id}/sell', () => {
  it('stores the sale with total, cost at the time of sale, profit and margin, and takes the stock through the ledger', async () => {
    const { token, userId, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { unit_price: 12.5 });
    const product = await createProduct(app, token, { name: 'ランプ', selling_price: 60.5, current_stock: 10 });
    await setRecipe(app, token, product.id, [{ part_id: part.id, quantity_required: 3 }]);

    const response = await call(app, 'POST', `/api/products/${product.id}/sell`, {
      token,
      body: { quantity: 4, unit_price: 60.5, sale_date: '2026-11-22', url: 'https://shop.example/order/1', notes: '  店頭  ' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const { sale, product: sold }: SellResponse = response.json();
    expect(sale).toEqual({
      id: expect.any(Number),
      product_id: product.id,
      product_name: 'ランプ',
      quantity: 4,
      unit_price: 60.5,
      total_amount: 242,
      total_cost: 150,
      profit: 92,
      profit_margin: 38,
      sale_date: '2026-11-22',
      url: 'https://shop.example/order/1',
      notes: '店頭',
      imported_from: null,
      created_at: anyTimestamp,
    });
    expect(sold).toEqual({ ...product, current_stock: 6, cost: 37.5, recipe_line_count: 1, updated_at: anyTimestamp });

    const [row] = (await snapshotProducts(app, workspaceId)).sales;
    expect(row).toMatchObject({ unit_price_sen: 6050, total_amount_sen: 24200, total_cost_sen: 15000, profit_sen: 9200, created_by: userId });
    const state = await productStockState(app, product.id);
    expect(state.stock).toBe(6);
    expect(state.movements.at(-1)).toEqual({ kind: 'sale', quantity_delta: -4, balance_after: 6, reference_id: sale.id, user_id: userId });
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('keeps the cost of the time of sale when part prices change later', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { unit_price: 0.75 });
    const product = await createProduct(app, token, { current_stock: 5 });
    await setRecipe(app, token, product.id, [{ part_id: part.id, quantity_required: 2 }]);
    const { sale } = await sell(app, token, product.id, { quantity: 3, unit_price: 12.5 });
    expect(sale).toMatchObject({ total_amount: 37.5, total_cost: 4.5, profit: 33, profit_margin: 88 });

    await call(app, 'PUT', `/api/parts/${part.id}`, { token, body: { unit_price: 100 } });
    const [row] = (await snapshotProducts(app, workspaceId)).sales;
    expect(row).toMatchObject({ total_cost_sen: 450, profit_sen: 3300 });
  });

  it('answers margins with 1 decimal, a loss as negative, and 0 for a free sale', async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token, { unit_price: 10 });
    const product = await createProduct(app, token, { current_stock: 10 });
    await setRecipe(app, token, product.id, [{ part_id: part.id, quantity_required: 1 }]);

    expect((await sell(app, token, product.id, { quantity: 3, unit_price: 14.99 })).sale).toMatchObject({
      total_amount: 44.97,
      total_cost: 30,
      profit: 14.97,
      profit_margin: 33.3,
    });
    expect((await sell(app, token, product.id, { quantity: 1, unit_price: 7.5 })).sale).toMatchObject({
      total_amount: 7.5,
      profit: -2.5,
      profit_margin: -33.3,
    });
    expect((await sell(app, token, product.id, { quantity: 2, unit_price: 0 })).sale).toMatchObject({
      total_amount: 0,
      total_cost: 20,
      profit: -20,
      profit_margin: 0,
    });
  });

  it('sells a product without a recipe at cost 0', async () => {
    const { token } = await signedInWorkspace(app);
    const product = await createProduct(app, token, { current_stock: 1 });
    const { sale, product: sold } = await sell(app, token, product.id, { unit_price: 500 });
    expect(sale).toMatchObject({ total_amount: 500, total_cost: 0, profit: 500, profit_margin: 100, url: null, notes: null });
    expect(sold.current_stock).toBe(0);
  });

  it('answers 409 with the stock when the quantity is more than the stock, and changes nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const product = await createProduct(app, token, { current_stock: 2 });
    const empty = await createProduct(app, token);
    const before = await snapshotProducts(app, workspaceId);
    const over = await call(app, 'POST', `/api/products/${product.id}/sell`, { token, body: sellBodyOf({ quantity: 3 }) });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: '販売数量が在庫数を超えています(在庫: 2個)' });
    const none = await call(app, 'POST', `/api/products/${empty.id}/sell`, { token, body: sellBodyOf() });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: '販売数量が在庫数を超えています(在庫: 0個)' });
    expect(await snapshotProducts(app, workspaceId)).toEqual(before);
  });

  const invalidBodies: Array<[string, Record<string, unknown>, string]> = [
    ['quantity 0', { quantity: 0 }, '販売数量は1以上で入力してください'],
    ['a negative quantity', { quantity: -1 }, '販売数量は1以上で入力してください'],
    ['a fractional quantity', { quantity: 1.5 }, '販売数量は整数で入力してください'],
    ['a quantity as text', { quantity: 'abc' }, '販売数量は数値で入力してください'],
    ['a huge quantity', { quantity: 1e12 }, '販売数量は1,000,000,000以下で入力してください'],
    ['a missing quantity', { quantity: undefined }, '販売数量は数値で入力してください'],
    ['a missing date', { sale_date: undefined }, '販売日は必須です'],
    ['an empty date', { sale_date: '' }, '販売日は必須です'],
    ['an impossible date', { sale_date: '2026-02-30' }, '販売日はyyyy-MM-dd形式の正しい日付で入力してください'],
    ['a date in year 0', { sale_date: '0000-01-01' }, '販売日はyyyy-MM-dd形式の正しい日付で入力してください'],
    ['a date as a number', { sale_date: 20261122 }, '販売日は必須です'],
    ['a missing unit price', { unit_price: undefined }, '販売単価は数値で入力してください'],
    ['a negative unit price', { unit_price: -1 }, '販売単価は0以上で入力してください'],
    ['a unit price with 3 decimals', { unit_price: 1.005 }, '販売単価は小数第2位までで入力してください'],
    ['a unit price as text', { unit_price: '100' }, '販売単価は数値で入力してください'],
    ['a huge unit price', { unit_price: 1e11 }, '販売単価は10,000,000,000以下で入力してください'],
    ['a bad url', { url: 'not a url' }, 'URLはhttp://またはhttps://で始まる正しい形式で入力してください'],
    ['notes too long', { notes: 'あ'.repeat(1001) }, '備考は1000文字以内で入力してください'],
  ];
  it.each(invalidBodies)('refuses %s with 400 and changes nothing', async (_case, overrides, message) => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const product = await createProduct(app, token, { current_stock: 5 });
    const before = await snapshotProducts(app, workspaceId);
    const response = await call(app, 'POST', `/api/products/${product.id}/sell`, { token, body: { ...sellBodyOf(), ...overrides } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await snapshotProducts(app, workspaceId)).toEqual(before);
  });

  it('refuses a body that is not JSON or not an object, and a total above ¥10,000,000,000', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const product = await createProduct(app, token, { current_stock: 5 });
    const before = await snapshotProducts(app, workspaceId);
    const broken = await call(app, 'POST', `/api/products/${product.id}/sell`, { token, body: '{"quantity":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('リクエストの形式が正しくありません（JSONを読み取れません）');
    const array = await call(app, 'POST', `/api/products/${product.id}/sell`, { token, body: [] });
    expect(array.statusCode).toBe(400);
    expect(array.json().error).toMatch(/[ぁ-んァ-ン一-龥]/);
    const huge = await call(app, 'POST', `/api/products/${product.id}/sell`, { token, body: sellBodyOf({ quantity: 2, unit_price: 10_000_000_000 }) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json()).toEqual({ error: '販売金額の合計は¥10,000,000,000以下にしてください' });
    expect(await snapshotProducts(app, workspaceId)).toEqual(before);
  });

  it('refuses a sale whose cost would pass ¥10,000,000,000 (409), while the product still lists with its cost', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const gold = await createPart(app, token, { unit_price: 10_000_000_000 });
    const product = await createProduct(app, token, { current_stock: 1 });
    await setRecipe(app, token, product.id, [{ part_id: gold.id, quantity_required: 1_000_000_000 }]);
    const list = await call(app, 'GET', '/api/products', { token });
    expect(list.statusCode).toBe(200);
    expect(list.json()[0].cost).toBe(1e19);
    expect((await call(app, 'GET', '/api/products/cost/all', { token })).json()[0].total_cost).toBe(1e19);

    const before = await snapshotProducts(app, workspaceId);
    const response = await call(app, 'POST', `/api/products/${product.id}/sell`, { token, body: sellBodyOf() });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: '販売原価の合計が¥10,000,000,000を超えるため登録できません' });
    expect(await snapshotProducts(app, workspaceId)).toEqual(before);
  });

  it('answers 404 for an unknown product', async () => {
    const { token } = await signedInWorkspace(app);
    const response = await call(app, 'POST', '/api/products/987654321/sell', { token, body: sellBodyOf() });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: '商品が見つかりません' });
  });

  it('3N simultaneous sales of 1 from a stock of N: exactly N succeed, the rest answer 409, the stock ends at 0', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const stock = 10;
    const product = await createProduct(app, token, { current_stock: stock });
    const responses = await Promise.all(
      Array.from({ length: 3 * stock }, () => call(app, 'POST', `/api/products/${product.id}/sell`, { token, body: sellBodyOf() })),
    );
    const sold = responses.filter((response) => response.statusCode === 201);
    const refused = responses.filter((response) => response.statusCode === 409);
    expect(sold).toHaveLength(stock);
    expect(refused).toHaveLength(2 * stock);
    for (const response of refused) expect(response.json().error).toMatch(/^販売数量が在庫数を超えています\(在庫: \d+個\)$/);

    const state = await productStockState(app, product.id);
    expect(state.stock).toBe(0);
    expect(state.movementSum).toBe(0);
    expect(state.movements.filter((row) => row.kind === 'sale')).toHaveLength(stock);
    // Each sale's ledger row points at its own sale.
    const sales = (await snapshotProducts(app, workspaceId)).sales;
    expect(sales).toHaveLength(stock);
    expect(new Set(state.movements.flatMap((row) => (row.kind === 'sale' ? [row.reference_id] : [])))).toEqual(new Set(sales.map((row) => row.id)));
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('a sale and the deletion of its product at the same moment never fail with a server error', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const products = await Promise.all(Array.from({ length: 12 }, () => createProduct(app, token, { current_stock: 1 })));
    const responses = await Promise.all(
      products.flatMap((product) => [
        call(app, 'POST', `/api/products/${product.id}/sell`, { token, body: sellBodyOf() }),
        call(app, 'DELETE', `/api/products/${product.id}`, { token }),
      ]),
    );
    responses.forEach((response, index) => {
      expect(index % 2 === 0 ? [201, 404] : [200], response.body).toContain(response.statusCode);
    });
    const after = await snapshotProducts(app, workspaceId);
    expect(after.products).toEqual([]);
    expect(after.sales).toHaveLength(responses.filter((response) => response.statusCode === 201).length);
    expect(after.sales.every((row) => row.product_id === null)).toBe(true);
  });
});
