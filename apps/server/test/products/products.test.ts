import type { StockMovement } from '@inventory/contracts/parts';
import type { Product, ProductCost } from '@inventory/contracts/products';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { holdLock } from '../helpers/held-lock.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart } from '../factories/parts.ts';
import { expectStockMatchesLedger } from '../helpers/stock-invariants.ts';
import { createPlan, manufacture } from '../factories/manufacturing.ts';
import { createProduct, productStockState, sell, setRecipe, snapshotProducts } from '../factories/products.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

const anyTimestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);

async function movementsOf(token: string, productId: number, query = ''): Promise<StockMovement[]> {
  const response = await call(app, 'GET', `/api/products/${productId}/movements${query}`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/products', () => {
  it('answers an empty list for a new workspace and needs a session', async () => {
    const { token } = await signedInWorkspace(app);
    expect((await call(app, 'GET', '/api/products', { token })).json()).toEqual([]);
    expect((await call(app, 'GET', '/api/products')).statusCode).toBe(401);
  });

  it("lists the workspace's products in id order with their recipe cost and line count, none of another workspace", async () => {
    const { token } = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    await createProduct(app, other.token);
    const priced = await createPart(app, token, { unit_price: 12.5 });
    const unpriced = await createPart(app, token);
    const first = await createProduct(app, token, { name: 'ランプ', selling_price: 3000 });
    const second = await createProduct(app, token, { name: 'ケース' });
    await setRecipe(app, token, first.id, [
      { part_id: priced.id, quantity_required: 3 },
      { part_id: unpriced.id, quantity_required: 2 },
    ]);

    const list: Product[] = (await call(app, 'GET', '/api/products', { token })).json();
    expect(list.map((row) => [row.id, row.name, row.cost, row.recipe_line_count])).toEqual([
      [first.id, 'ランプ', 37.5, 2],
      [second.id, 'ケース', 0, 0],
    ]);
  });
});

describe('POST /api/products', () => {
  it('creates a product with the defaults and no ledger row when it starts empty', async () => {
    const { token } = await signedInWorkspace(app);
    const response = await call(app, 'POST', '/api/products', { token, body: { name: '  木製ランプ  ' } });
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      name: '木製ランプ',
      selling_price: null,
      current_stock: 0,
      url: null,
      part_number: null,
      barcode: null,
      cost: 0,
      recipe_line_count: 0,
      created_at: anyTimestamp,
      updated_at: anyTimestamp,
    });
    expect((await call(app, 'GET', `/api/products/${created.id}`, { token })).json()).toEqual(created);
    expect((await productStockState(app, created.id)).movements).toEqual([]);
  });

  it("stores every field and books the opening stock in the ledger as 'initial'", async () => {
    const { token, userId, userName } = await signedInWorkspace(app);
    const created = await createProduct(app, token, {
      name: 'ランプ',
      selling_price: 1234.56,
      current_stock: 7,
      url: 'https://shop.example/lamp',
      part_number: 'L-01',
    });
    expect(created).toMatchObject({ selling_price: 1234.56, current_stock: 7, url: 'https://shop.example/lamp', part_number: 'L-01' });
    const row = await app.db.selectFrom('products').select('selling_price_sen').where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.selling_price_sen).toBe(123456);
    expect((await productStockState(app, created.id)).movements).toEqual([
      { kind: 'initial', quantity_delta: 7, balance_after: 7, reference_id: null, user_id: userId },
    ]);
    expect(await movementsOf(token, created.id)).toEqual([
      expect.objectContaining({ kind: 'initial', quantity_delta: 7, balance_after: 7, user_name: userName, note: null }),
    ]);
  });

  const invalidBodies: Array<[string, unknown, string]> = [
    ['name missing', {}, '商品名は必須です'],
    ['name blank', { name: '   ' }, '商品名は必須です'],
    ['name not a string', { name: 12 }, '商品名は必須です'],
    ['name too long', { name: 'あ'.repeat(101) }, '商品名は100文字以内で入力してください'],
    ['NUL in the name', { name: 'a\u0000b' }, '商品名に使用できない制御文字が含まれています'],
    ['negative price', { name: 'x', selling_price: -1 }, '販売価格は0以上で入力してください'],
    ['price with 3 decimals', { name: 'x', selling_price: 1.234 }, '販売価格は小数第2位までで入力してください'],
    ['price as text', { name: 'x', selling_price: 'abc' }, '販売価格は数値で入力してください'],
    ['huge price', { name: 'x', selling_price: 1e12 }, '販売価格は10,000,000,000以下で入力してください'],
    ['negative stock', { name: 'x', current_stock: -1 }, '在庫数は0以上で入力してください'],
    ['fractional stock', { name: 'x', current_stock: 1.5 }, '在庫数は整数で入力してください'],
    ['stock as text', { name: 'x', current_stock: '5' }, '在庫数は数値で入力してください'],
    ['huge stock', { name: 'x', current_stock: 1e10 }, '在庫数は1,000,000,000以下で入力してください'],
    ['bad url', { name: 'x', url: 'javascript:alert(1)' }, 'URLはhttp://またはhttps://で始まる正しい形式で入力してください'],
    ['part number too long', { name: 'x', part_number: 'a'.repeat(101) }, '品番は100文字以内で入力してください'],
  ];
  it.each(invalidBodies)('refuses %s with a Japanese message and creates nothing', async (_case, body, message) => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const response = await call(app, 'POST', '/api/products', { token, body: body as object });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    const after = await snapshotProducts(app, workspaceId);
    expect(after.products).toEqual([]);
    expect(after.movements).toEqual([]);
  });

  it('refuses a body that is not an object, empty or not JSON', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const japanese = /[ぁ-んァ-ン一-龥]/;
    const array = await call(app, 'POST', '/api/products', { token, body: [1, 2] });
    expect(array.statusCode).toBe(400);
    expect(array.json().error).toMatch(japanese);
    const broken = await call(app, 'POST', '/api/products', { token, body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('リクエストの形式が正しくありません（JSONを読み取れません）');
    const empty = await call(app, 'POST', '/api/products', { token, body: '', headers: { 'content-type': 'application/json' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toMatch(japanese);
    const none = await call(app, 'POST', '/api/products', { token });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toMatch(japanese);
    expect((await snapshotProducts(app, workspaceId)).products).toEqual([]);
  });
});

describe('GET /api/products/{id}', () => {
  it('answers every product exactly as the list does: recipe cost and line count, unpriced and huge prices, no recipe', async () => {
    const { token } = await signedInWorkspace(app);
    const cheap = await createPart(app, token, { unit_price: 0.01 });
    const unpriced = await createPart(app, token);
    const huge = await createPart(app, token, { unit_price: 10_000_000_000 });
    const products = [
      await createProduct(app, token, { name: '一行', selling_price: 0, url: 'https://example.com/p?a=1&b="2"', part_number: 'PN-1' }),
      await createProduct(app, token, { name: '三行', selling_price: 10_000_000_000, current_stock: 7 }),
      await createProduct(app, token, { name: '価格なし' }),
      await createProduct(app, token, { name: 'レシピなし' }),
    ];
    await setRecipe(app, token, products[0]!.id, [{ part_id: cheap.id, quantity_required: 3 }]);
    await setRecipe(app, token, products[1]!.id, [
      { part_id: cheap.id, quantity_required: 1 },
      { part_id: unpriced.id, quantity_required: 2 },
      { part_id: huge.id, quantity_required: 1_000_000_000 },
    ]);
    await setRecipe(app, token, products[2]!.id, [{ part_id: unpriced.id, quantity_required: 5 }]);

    const list: Product[] = (await call(app, 'GET', '/api/products', { token })).json();
    expect(list.map((row) => [row.cost, row.recipe_line_count])).toEqual([
      [0.03, 1],
      // ¥10,000,000,000 × 1,000,000,000 + ¥0.01: past a double's precision, both answers round alike.
      [1e19, 3],
      [0, 1],
      [0, 0],
    ]);
    for (const product of list) {
      const single = await call(app, 'GET', `/api/products/${product.id}`, { token });
      expect(single.statusCode).toBe(200);
      expect(single.json()).toEqual(product);
    }
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const { token } = await signedInWorkspace(app);
    const unknown = await call(app, 'GET', '/api/products/987654321', { token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: '商品が見つかりません' });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await call(app, 'GET', `/api/products/${id}`, { token });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error).toBe('IDが正しくありません');
    }
  });
});

describe('PUT /api/products/{id}', () => {
  it('changes only the fields sent, and clears optional ones', async () => {
    const { token } = await signedInWorkspace(app);
    const product = await createProduct(app, token, { selling_price: 500, url: 'https://a.example', part_number: 'P-1', current_stock: 4 });
    const renamed = await call(app, 'PUT', `/api/products/${product.id}`, { token, body: { name: '新しい名前' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: '新しい名前', selling_price: 500, url: 'https://a.example', part_number: 'P-1', current_stock: 4 });

    const cleared = await call(app, 'PUT', `/api/products/${product.id}`, { token, body: { selling_price: null, url: '', part_number: null } });
    expect(cleared.json()).toMatchObject({ name: '新しい名前', selling_price: null, url: null, part_number: null, current_stock: 4 });
    const priced = await call(app, 'PUT', `/api/products/${product.id}`, { token, body: { selling_price: 12.5 } });
    expect(priced.json().selling_price).toBe(12.5);
  });

  it("a stock edit is an 'adjustment' in the ledger; the same value writes nothing", async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const product = await createProduct(app, token, { current_stock: 10 });
    const lowered = await call(app, 'PUT', `/api/products/${product.id}`, { token, body: { current_stock: 7 } });
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().current_stock).toBe(7);
    await call(app, 'PUT', `/api/products/${product.id}`, { token, body: { current_stock: 7, name: '同じ在庫' } });
    await call(app, 'PUT', `/api/products/${product.id}`, { token, body: { current_stock: 12 } });
    expect((await movementsOf(token, product.id)).map((row) => [row.kind, row.quantity_delta, row.balance_after])).toEqual([
      ['adjustment', 5, 12],
      ['adjustment', -3, 7],
      ['initial', 10, 10],
    ]);
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('refuses an empty body and invalid values, changing nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const product = await createProduct(app, token, { current_stock: 3 });
    const before = await snapshotProducts(app, workspaceId);
    const cases: Array<[unknown, string]> = [
      [{}, '更新する項目を指定してください'],
      [{ name: '' }, '商品名は必須です'],
      [{ name: null }, '商品名は必須です'],
      [{ current_stock: -1 }, '在庫数は0以上で入力してください'],
      [{ current_stock: 'many' }, '在庫数は数値で入力してください'],
      [{ current_stock: 1e10 }, '在庫数は1,000,000,000以下で入力してください'],
      [{ selling_price: -0.01 }, '販売価格は0以上で入力してください'],
      [{ selling_price: '100' }, '販売価格は数値で入力してください'],
      [{ url: 'ftp://example.com' }, 'URLはhttp://またはhttps://で始まる正しい形式で入力してください'],
      // A valid name beside an invalid stock: nothing of the request is applied.
      [{ name: '途中まで', current_stock: -5 }, '在庫数は0以上で入力してください'],
    ];
    for (const [body, message] of cases) {
      const response = await call(app, 'PUT', `/api/products/${product.id}`, { token, body: body as object });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const broken = await call(app, 'PUT', `/api/products/${product.id}`, { token, body: '{', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(await snapshotProducts(app, workspaceId)).toEqual(before);
  });

  it('answers 404 for an unknown product, whether fields or only the stock are sent', async () => {
    const { token } = await signedInWorkspace(app);
    for (const body of [{ name: 'x' }, { current_stock: 3 }, { name: 'x', current_stock: 3 }]) {
      const response = await call(app, 'PUT', '/api/products/987654321', { token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(404);
      expect(response.json()).toEqual({ error: '商品が見つかりません' });
    }
  });
});

describe('DELETE /api/products/{id}', () => {
  it('deletes the product with its recipe, plans and ledger; sales and manufacturing records keep its name', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { unit_price: 10, current_stock: 4 });
    const kept = await createProduct(app, token, { current_stock: 1 });
    const product = await createProduct(app, token, { name: '廃番ランプ', current_stock: 5 });
    await setRecipe(app, token, product.id, [{ part_id: part.id, quantity_required: 2 }]);
    const { sale } = await sell(app, token, product.id, { quantity: 2 });
    const made = await manufacture(app, token, product.id, { quantity: 2 });
    expect(made.statusCode, made.body).toBe(201);
    const recordId: number = made.json().record.id;
    const plan = { quantity: 5, start_date: '2026-11-20', end_date: '2026-11-30' };
    await createPlan(app, token, { product_id: product.id, ...plan });
    const { id: keptPlan } = await createPlan(app, token, { product_id: kept.id, ...plan });

    const response = await call(app, 'DELETE', `/api/products/${product.id}`, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: '商品を削除しました' });
    expect((await call(app, 'GET', `/api/products/${product.id}`, { token })).statusCode).toBe(404);

    const after = await snapshotProducts(app, workspaceId);
    expect(after.products.map((row) => row.id)).toEqual([kept.id]);
    expect(after.recipeLines).toEqual([]);
    expect(after.plans.map((row) => row.id)).toEqual([keptPlan]);
    expect(after.movements.every((row) => row.product_id === kept.id || row.part_id !== null)).toBe(true);
    expect(after.sales).toEqual([expect.objectContaining({ id: sale.id, product_id: null, product_name: '廃番ランプ', quantity: 2 })]);
    expect(after.records).toEqual([expect.objectContaining({ id: recordId, product_id: null, product_name: '廃番ランプ' })]);
    // The recipe's part is free again.
    expect(after.parts.map((row) => row.id)).toEqual([part.id]);
    expect((await call(app, 'DELETE', `/api/parts/${part.id}`, { token })).statusCode).toBe(200);

    const again = await call(app, 'DELETE', `/api/products/${product.id}`, { token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: '商品が見つかりません' });
  });
});

describe('deleting a part used by a recipe', () => {
  it('is refused with 409 naming the products, and nothing changes', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token);
    const other = await createPart(app, token);
    const lamp = await createProduct(app, token, { name: 'ランプ' });
    const desk = await createProduct(app, token, { name: 'デスク' });
    await setRecipe(app, token, lamp.id, [{ part_id: part.id, quantity_required: 1 }]);
    await setRecipe(app, token, desk.id, [
      { part_id: other.id, quantity_required: 1 },
      { part_id: part.id, quantity_required: 4 },
    ]);
    const before = await snapshotProducts(app, workspaceId);

    const response = await call(app, 'DELETE', `/api/parts/${part.id}`, { token });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'この部品は商品「デスク」「ランプ」のレシピで使用されているため削除できません' });
    expect(await snapshotProducts(app, workspaceId)).toEqual(before);
  });
});

describe('POST /api/products/{id}/copy', () => {
  it('copies the fields and the recipe under the new name, at stock 0 and without history', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const a = await createPart(app, token, { unit_price: 12.5 });
    const b = await createPart(app, token, { status: 'inactive' });
    const source = await createProduct(app, token, {
      name: 'ランプ',
      selling_price: 2980,
      current_stock: 9,
      url: 'https://shop.example/lamp',
      part_number: 'L-01',
    });
    const recipe = await setRecipe(app, token, source.id, [
      { part_id: a.id, quantity_required: 3 },
      { part_id: b.id, quantity_required: 1 },
    ]);
    await sell(app, token, source.id, { quantity: 2 });

    const response = await call(app, 'POST', `/api/products/${source.id}/copy`, { token, body: { name: ' ランプ (コピー) ' } });
    expect(response.statusCode, response.body).toBe(201);
    const copy: Product = response.json();
    expect(copy).toEqual({
      id: expect.any(Number),
      name: 'ランプ (コピー)',
      selling_price: 2980,
      current_stock: 0,
      url: 'https://shop.example/lamp',
      part_number: 'L-01',
      barcode: null,
      cost: 37.5,
      recipe_line_count: 2,
      created_at: anyTimestamp,
      updated_at: anyTimestamp,
    });
    expect(copy.id).not.toBe(source.id);
    expect((await call(app, 'GET', `/api/products/${copy.id}/recipe`, { token })).json()).toEqual(recipe);
    expect(await movementsOf(token, copy.id)).toEqual([]);
    const after = await snapshotProducts(app, workspaceId);
    expect(after.sales.every((row) => row.product_id === source.id)).toBe(true);
    // The source keeps its own stock and recipe.
    expect((await call(app, 'GET', `/api/products/${source.id}`, { token })).json()).toMatchObject({ current_stock: 7, recipe_line_count: 2 });
  });

  it('copies a product without a recipe', async () => {
    const { token } = await signedInWorkspace(app);
    const source = await createProduct(app, token, { current_stock: 3 });
    const response = await call(app, 'POST', `/api/products/${source.id}/copy`, { token, body: { name: '複製' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: '複製', current_stock: 0, recipe_line_count: 0, cost: 0 });
  });

  it('a copy and the deletion of its source at the same moment: the copy has the whole recipe, or is refused', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const parts = [await createPart(app, token), await createPart(app, token)];
    const source = await createProduct(app, token);
    await setRecipe(app, token, source.id, parts.map((part) => ({ part_id: part.id, quantity_required: 2 })));
    // On PostgreSQL the copy is stopped at the insert of the new product (it needs the workspace
    // row, held here), after it has read the source, and the delete runs in that moment.
    const held = await holdLock(app, sql`select id from workspaces where id = ${workspaceId} for update`);
    const copying = call(app, 'POST', `/api/products/${source.id}/copy`, { token, body: { name: '複製' } });
    let deleting;
    try {
      await held.waitForWaiters(1);
      deleting = call(app, 'DELETE', `/api/products/${source.id}`, { token });
      await held.waitForWaiters(2, deleting);
    } finally {
      await held.release();
    }
    const [copy, deleted] = await Promise.all([copying, deleting]);

    expect(deleted.statusCode, deleted.body).toBe(200);
    const after = await snapshotProducts(app, workspaceId);
    if (copy.statusCode === 201) {
      expect(copy.json()).toMatchObject({ name: '複製', recipe_line_count: 2 });
      expect(after.recipeLines.filter((line) => line.product_id === copy.json().id)).toHaveLength(2);
    } else {
      expect(copy.statusCode, copy.body).toBe(404);
      expect(after.products).toEqual([]);
    }
  });

  it('refuses a missing or blank name and an unknown product, creating nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const source = await createProduct(app, token);
    const before = await snapshotProducts(app, workspaceId);
    for (const body of [{}, { name: '' }, { name: '   ' }, { name: 5 }]) {
      const response = await call(app, 'POST', `/api/products/${source.id}/copy`, { token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe('商品名は必須です');
    }
    const long = await call(app, 'POST', `/api/products/${source.id}/copy`, { token, body: { name: 'あ'.repeat(101) } });
    expect(long.json().error).toBe('商品名は100文字以内で入力してください');
    const unknown = await call(app, 'POST', '/api/products/987654321/copy', { token, body: { name: '複製' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: '商品が見つかりません' });
    expect(await snapshotProducts(app, workspaceId)).toEqual(before);
  });
});

describe('GET /api/products/{id}/cost and /api/products/cost/all', () => {
  it('sums price × quantity over the recipe, counts unpriced parts and answers profit and margin with 1 decimal', async () => {
    const { token } = await signedInWorkspace(app);
    const resistor = await createPart(app, token, { name: '抵抗', unit: '本', unit_price: 12.5 });
    const screw = await createPart(app, token, { name: 'ネジ', unit_price: 0.3 });
    const cloth = await createPart(app, token, { name: '布' });
    const product = await createProduct(app, token, { name: 'ランプ', selling_price: 100 });
    await setRecipe(app, token, product.id, [
      { part_id: resistor.id, quantity_required: 3 },
      { part_id: screw.id, quantity_required: 7 },
      { part_id: cloth.id, quantity_required: 2 },
    ]);

    const response = await call(app, 'GET', `/api/products/${product.id}/cost`, { token });
    expect(response.statusCode).toBe(200);
    const cost: ProductCost = response.json();
    // Lines come in part-name order, which is the database's collation: compare them by part id.
    cost.lines.sort((x, y) => x.part_id - y.part_id);
    expect(cost).toEqual({
      product_id: product.id,
      product_name: 'ランプ',
      selling_price: 100,
      total_cost: 39.6,
      profit_per_unit: 60.4,
      margin: 60.4,
      unpriced_parts: 1,
      lines: [
        { part_id: resistor.id, part_name: '抵抗', unit: '本', unit_price: 12.5, quantity_required: 3, line_cost: 37.5 },
        { part_id: screw.id, part_name: 'ネジ', unit: null, unit_price: 0.3, quantity_required: 7, line_cost: 2.1 },
        { part_id: cloth.id, part_name: '布', unit: null, unit_price: null, quantity_required: 2, line_cost: 0 },
      ],
    });
    expect((await call(app, 'GET', `/api/products/${product.id}`, { token })).json().cost).toBe(39.6);
  });

  it('answers null profit and margin without a selling price, and null margin at price 0', async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token, { unit_price: 30 });
    const unpriced = await createProduct(app, token);
    const free = await createProduct(app, token, { selling_price: 0 });
    const loss = await createProduct(app, token, { selling_price: 90 });
    for (const product of [unpriced, free, loss]) await setRecipe(app, token, product.id, [{ part_id: part.id, quantity_required: 4 }]);

    const get = async (id: number) => (await call(app, 'GET', `/api/products/${id}/cost`, { token })).json();
    expect(await get(unpriced.id)).toMatchObject({ total_cost: 120, profit_per_unit: null, margin: null, unpriced_parts: 0 });
    expect(await get(free.id)).toMatchObject({ total_cost: 120, profit_per_unit: -120, margin: null });
    expect(await get(loss.id)).toMatchObject({ total_cost: 120, profit_per_unit: -30, margin: -33.3 });
  });

  it('answers a product without a recipe at cost 0 with no lines', async () => {
    const { token } = await signedInWorkspace(app);
    const product = await createProduct(app, token, { selling_price: 50 });
    expect((await call(app, 'GET', `/api/products/${product.id}/cost`, { token })).json()).toMatchObject({
      total_cost: 0,
      profit_per_unit: 50,
      margin: 100,
      unpriced_parts: 0,
      lines: [],
    });
  });

  it('/cost/all answers every product of the workspace with the same figures as the single call', async () => {
    const { token } = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    await createProduct(app, other.token);
    expect((await call(app, 'GET', '/api/products/cost/all', { token })).json()).toEqual([]);

    const a = await createPart(app, token, { unit_price: 12.5 });
    const b = await createPart(app, token);
    const products = [
      await createProduct(app, token, { selling_price: 120 }),
      await createProduct(app, token),
      await createProduct(app, token, { selling_price: 7.77 }),
    ];
    await setRecipe(app, token, products[0]!.id, [
      { part_id: a.id, quantity_required: 2 },
      { part_id: b.id, quantity_required: 1 },
    ]);
    await setRecipe(app, token, products[2]!.id, [{ part_id: a.id, quantity_required: 1 }]);

    const response = await call(app, 'GET', '/api/products/cost/all', { token });
    expect(response.statusCode).toBe(200);
    const singles = await Promise.all(
      products.map(async (product) => {
        const { lines: _lines, ...summary } = (await call(app, 'GET', `/api/products/${product.id}/cost`, { token })).json();
        return summary;
      }),
    );
    expect(response.json()).toEqual(singles);
    expect(singles.map((row) => [row.total_cost, row.unpriced_parts, row.margin])).toEqual([
      [25, 1, 79.2],
      [0, 0, null],
      [12.5, 0, -60.9],
    ]);
  });

  it('answers 404 for an unknown product', async () => {
    const { token } = await signedInWorkspace(app);
    const response = await call(app, 'GET', '/api/products/987654321/cost', { token });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: '商品が見つかりません' });
  });
});

describe('GET /api/products/{id}/movements', () => {
  it('lists the ledger newest first (opening stock, adjustment, sale), limited by ?limit', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const product = await createProduct(app, token, { current_stock: 5 });
    await call(app, 'PUT', `/api/products/${product.id}`, { token, body: { current_stock: 8 } });
    const { sale } = await sell(app, token, product.id, { quantity: 3 });
    const movements = await movementsOf(token, product.id);
    expect(movements.map((row) => [row.kind, row.quantity_delta, row.balance_after, row.reference_id])).toEqual([
      ['sale', -3, 5, sale.id],
      ['adjustment', 3, 8, null],
      ['initial', 5, 5, null],
    ]);
    expect(await movementsOf(token, product.id, '?limit=1')).toEqual([movements[0]]);
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('refuses a bad limit and answers 404 for an unknown product', async () => {
    const { token } = await signedInWorkspace(app);
    const product = await createProduct(app, token);
    for (const [limit, message] of [
      ['abc', '件数は数値で指定してください'],
      ['0', '件数は1以上で指定してください'],
      ['1.5', '件数は整数で指定してください'],
      ['5000', '件数は1000以下で指定してください'],
    ]) {
      const response = await call(app, 'GET', `/api/products/${product.id}/movements?limit=${limit}`, { token });
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const unknown = await call(app, 'GET', '/api/products/987654321/movements', { token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: '商品が見つかりません' });
  });
});
