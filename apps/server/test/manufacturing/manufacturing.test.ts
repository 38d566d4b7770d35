import { STOCK_MAX } from '@inventory/contracts/fields';
import { describe, expect, it } from 'vitest';
import { registerUser, signedInWorkspace } from '../factories/users.ts';
import { manufacture, snapshotManufacturing, stockOf } from '../factories/manufacturing.ts';
import { createPart, receive, uploadCsv } from '../factories/parts.ts';
import { createProduct, productWithParts, setRecipe } from '../factories/products.ts';
import { checkStockInvariants, expectStockMatchesLedger } from '../helpers/stock-invariants.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

const BAD_IDS = ['abc', '0', '-1', '1.5', '99999999999'];
const NO_RECIPE = 'この商品にはレシピが設定されていないため製造できません。先にレシピを設定してください';

describe('POST /api/manufacturing/products/{id}/manufacture', () => {
  it('consumes recipe × quantity from the parts, adds the quantity to the product and records it, all in the ledger', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const { product, parts } = await productWithParts(
      app,
      owner.token,
      [
        { stock: 10, quantity: 2 },
        { stock: 7, quantity: 1 },
      ],
      'ランプ',
    );
    const response = await manufacture(app, owner.token, product.id, { quantity: 3, manufacturing_date: '2026-11-20', notes: ' 初回ロット ' });
    expect(response.statusCode, response.body).toBe(201);
    const { record, product: after } = response.json();
    expect(record).toEqual({
      id: expect.any(Number),
      product_id: product.id,
      product_name: 'ランプ',
      quantity: 3,
      manufacturing_date: '2026-11-20',
      notes: '初回ロット',
      created_at: expect.any(String),
    });
    expect(after).toMatchObject({ id: product.id, name: 'ランプ', current_stock: 3, recipe_line_count: 2 });
    expect(await stockOf(app, 'parts', parts[0]!.id)).toBe(4);
    expect(await stockOf(app, 'parts', parts[1]!.id)).toBe(4);

    const movements = await app.db
      .selectFrom('stock_movements')
      .select(['part_id', 'product_id', 'kind', 'quantity_delta', 'balance_after', 'reference_id', 'user_id'])
      .where('reference_id', '=', record.id)
      .where('kind', 'in', ['manufacture', 'manufacture_consume'])
      .orderBy('id')
      .execute();
    expect(movements).toEqual([
      { part_id: parts[0]!.id, product_id: null, kind: 'manufacture_consume', quantity_delta: -6, balance_after: 4, reference_id: record.id, user_id: owner.user.id },
      { part_id: parts[1]!.id, product_id: null, kind: 'manufacture_consume', quantity_delta: -3, balance_after: 4, reference_id: record.id, user_id: owner.user.id },
      { part_id: null, product_id: product.id, kind: 'manufacture', quantity_delta: 3, balance_after: 3, reference_id: record.id, user_id: owner.user.id },
    ]);
    await expectStockMatchesLedger(app, owner.workspaceId);
  });

  it('stores notes left out as null and can use the whole stock', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const { product, parts } = await productWithParts(app, owner.token, [{ stock: 6, quantity: 3 }]);
    const response = await manufacture(app, owner.token, product.id, { quantity: 2 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().record.notes).toBeNull();
    expect(await stockOf(app, 'parts', parts[0]!.id)).toBe(0);
  });

  it('refuses invalid input with the specified messages and changes nothing', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const { product } = await productWithParts(app, owner.token, [{ stock: 10, quantity: 1 }]);
    const before = await snapshotManufacturing(app, owner.workspaceId);
    const cases: Array<[unknown, string]> = [
      [{ quantity: 0, manufacturing_date: '2026-11-22' }, '製造数量は1以上で入力してください'],
      [{ quantity: -3, manufacturing_date: '2026-11-22' }, '製造数量は1以上で入力してください'],
      [{ quantity: 1.5, manufacturing_date: '2026-11-22' }, '製造数量は整数で入力してください'],
      [{ quantity: '2', manufacturing_date: '2026-11-22' }, '製造数量は数値で入力してください'],
      [{ manufacturing_date: '2026-11-22' }, '製造数量は数値で入力してください'],
      [{ quantity: 1 }, '製造日は必須です'],
      [{ quantity: 1, manufacturing_date: '' }, '製造日は必須です'],
      [{ quantity: 1, manufacturing_date: null }, '製造日は必須です'],
      [{ quantity: 1, manufacturing_date: '2026-02-30' }, '製造日はyyyy-MM-dd形式の正しい日付で入力してください'],
      // Year 0 exists in JavaScript dates but not in PostgreSQL's.
      [{ quantity: 1, manufacturing_date: '0000-01-01' }, '製造日はyyyy-MM-dd形式の正しい日付で入力してください'],
      [{ quantity: 1, manufacturing_date: '2026-11-22', notes: 'x'.repeat(1001) }, '備考は1000文字以内で入力してください'],
      [{ quantity: 1, manufacturing_date: '2026-11-22', notes: 'a\u0000b' }, '備考に使用できない制御文字が含まれています'],
    ];
    for (const [body, message] of cases) {
      const response = await call(app, 'POST', `/api/manufacturing/products/${product.id}/manufacture`, { token: owner.token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error, JSON.stringify(body)).toBe(message);
    }
    const notJson = await app.inject({
      method: 'POST',
      url: `/api/manufacturing/products/${product.id}/manufacture`,
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      payload: '{"quantity":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await snapshotManufacturing(app, owner.workspaceId)).toEqual(before);
  });

  it('refuses more than the capacity with 製造数量が製造可能数を超えています(最大: N個) and changes nothing', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const { product } = await productWithParts(app, owner.token, [
      { stock: 10, quantity: 3 },
      { stock: 50, quantity: 1 },
    ]);
    const empty = await productWithParts(app, owner.token, [{ stock: 0, quantity: 1 }]);
    const before = await snapshotManufacturing(app, owner.workspaceId);

    const over = await manufacture(app, owner.token, product.id, { quantity: 4 });
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ error: '製造数量が製造可能数を超えています(最大: 3個)' });
    const none = await manufacture(app, owner.token, empty.product.id, { quantity: 1 });
    expect(none.statusCode).toBe(409);
    expect(none.json()).toEqual({ error: '製造数量が製造可能数を超えています(最大: 0個)' });
    expect(await snapshotManufacturing(app, owner.workspaceId)).toEqual(before);
  });

  it('refuses a product without a recipe with a clear message', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const product = await createProduct(app, owner.token);
    const response = await manufacture(app, owner.token, product.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: NO_RECIPE });
    expect(await stockOf(app, 'products', product.id)).toBe(0);
  });

  it('refuses a product stock beyond the cap (409) and keeps the parts', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const part = await createPart(app, owner.token, { current_stock: 5 });
    const product = await createProduct(app, owner.token, { name: '満杯', current_stock: STOCK_MAX, recipe: [{ part_id: part.id, quantity_required: 1 }] });
    const response = await manufacture(app, owner.token, product.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toMatch(/^商品「満杯」の在庫が上限の1,000,000,000を超えるため登録できません/);
    expect(await stockOf(app, 'parts', part.id)).toBe(5);
    expect(await app.db.selectFrom('manufacturing_records').select('id').where('workspace_id', '=', owner.workspaceId).execute()).toEqual([]);
  });

  it('answers 404 for an unknown product and 400 for an id that is not a positive integer', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const missing = await manufacture(app, owner.token, 987654321);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: '商品が見つかりません' });
    for (const id of BAD_IDS) {
      const response = await call(app, 'POST', `/api/manufacturing/products/${id}/manufacture`, {
        token: owner.token,
        body: { quantity: 1, manufacturing_date: '2026-11-22' },
      });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error).toBe('IDが正しくありません');
    }
    expect((await call(app, 'POST', '/api/manufacturing/products/1/manufacture', { body: { quantity: 1, manufacturing_date: '2026-11-22' } })).statusCode).toBe(401);
  });
});

describe('GET /api/manufacturing/records', () => {
  async function seedRecords() {
    const owner = await registerUser(app, { name: '製造担当' });
    const lamp = await productWithParts(app, owner.token, [{ stock: 100, quantity: 1 }], 'ランプ');
    const fan = await productWithParts(app, owner.token, [{ stock: 100, quantity: 1 }], 'ファン');
    const made = [];
    for (const [product, quantity, date] of [
      [lamp.product, 1, '2026-11-01'],
      [fan.product, 2, '2026-11-05'],
      [lamp.product, 3, '2026-11-05'],
      [lamp.product, 4, '2026-11-30'],
    ] as const) {
      const response = await manufacture(app, owner.token, product.id, { quantity, manufacturing_date: date });
      made.push(response.json().record.id as number);
    }
    return { owner, lamp: lamp.product, fan: fan.product, made };
  }

  it('lists newest date first (then newest record), filtered by product and inclusive dates, limited', async () => {
    const { owner, lamp, made } = await seedRecords();
    const ids = async (query = '') => {
      const response = await call(app, 'GET', `/api/manufacturing/records${query}`, { token: owner.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().map((record: { id: number }) => record.id);
    };
    expect(await ids()).toEqual([made[3], made[2], made[1], made[0]]);
    expect(await ids(`?product_id=${lamp.id}`)).toEqual([made[3], made[2], made[0]]);
    expect(await ids('?start_date=2026-11-05&end_date=2026-11-30')).toEqual([made[3], made[2], made[1]]);
    expect(await ids('?end_date=2026-11-05')).toEqual([made[2], made[1], made[0]]);
    expect(await ids('?limit=2')).toEqual([made[3], made[2]]);
    const [first] = (await call(app, 'GET', '/api/manufacturing/records?limit=1', { token: owner.token })).json();
    expect(first).toEqual({
      id: made[3],
      product_id: lamp.id,
      product_name: 'ランプ',
      quantity: 4,
      manufacturing_date: '2026-11-30',
      notes: null,
      created_at: expect.any(String),
    });
  });

  it('answers 100 records unless asked for another limit', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const now = new Date().toISOString();
    // Stored straight in the table: only the listing's limit is under test, not 101 manufactures.
    await app.db
      .insertInto('manufacturing_records')
      .values(
        Array.from({ length: 101 }, (_, index) => ({
          workspace_id: owner.workspaceId,
          product_id: null,
          product_name: `商品${index}`,
          quantity: 1,
          manufacturing_date: '2026-10-01',
          notes: null,
          created_by: null,
          created_at: now,
        })),
      )
      .execute();
    expect((await call(app, 'GET', '/api/manufacturing/records', { token: owner.token })).json()).toHaveLength(100);
    expect((await call(app, 'GET', '/api/manufacturing/records?limit=1000', { token: owner.token })).json()).toHaveLength(101);
  });

  it("keeps a deleted product's records with its name", async () => {
    const { owner, fan, made } = await seedRecords();
    await app.db.deleteFrom('products').where('id', '=', fan.id).execute();
    const records = (await call(app, 'GET', '/api/manufacturing/records', { token: owner.token })).json();
    expect(records.find((record: { id: number }) => record.id === made[1])).toMatchObject({ product_id: null, product_name: 'ファン', quantity: 2 });
  });

  it('refuses bad query values with 400 and answers 404 for an unknown product', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    for (const [query, message] of [
      ['limit=0', '件数は1以上で指定してください'],
      ['limit=1001', '件数は1000以下で指定してください'],
      ['limit=abc', '件数は数値で指定してください'],
      ['limit=1.5', '件数は整数で指定してください'],
      ['product_id=abc', '商品IDが正しくありません'],
      ['product_id=0', '商品IDが正しくありません'],
      ['product_id=99999999999', '商品IDが正しくありません'],
      ['start_date=2026-13-01', '開始日はyyyy-MM-dd形式の正しい日付で入力してください'],
      ['start_date=0000-12-31', '開始日はyyyy-MM-dd形式の正しい日付で入力してください'],
      ['end_date=yesterday', '終了日はyyyy-MM-dd形式の正しい日付で入力してください'],
    ]) {
      const response = await call(app, 'GET', `/api/manufacturing/records?${query}`, { token: owner.token });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error, query).toBe(message);
    }
    const missing = await call(app, 'GET', '/api/manufacturing/records?product_id=987654321', { token: owner.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: '商品が見つかりません' });
  });
});

describe('GET /api/manufacturing/capacity/{id}', () => {
  it('answers the minimum over the recipe lines of floor(stock / required) and the lines that set it', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const { product, parts } = await productWithParts(app, owner.token, [
      { stock: 10, quantity: 3, name: 'ネジ' },
      { stock: 7, quantity: 2, name: '基板' },
      { stock: 100, quantity: 1, name: 'ケース' },
    ]);
    const response = await call(app, 'GET', `/api/manufacturing/capacity/${product.id}`, { token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      product_id: product.id,
      max_manufacturable: 3,
      limiting_parts: [
        { part_id: parts[0]!.id, part_name: 'ネジ', current_stock: 10, required_per_product: 3 },
        { part_id: parts[1]!.id, part_name: '基板', current_stock: 7, required_per_product: 2 },
      ],
    });
  });

  it('answers 0 and no limiting parts without a recipe; 404 and 400 like every id', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const product = await createProduct(app, owner.token);
    const response = await call(app, 'GET', `/api/manufacturing/capacity/${product.id}`, { token: owner.token });
    expect(response.json()).toEqual({ product_id: product.id, max_manufacturable: 0, limiting_parts: [] });
    expect((await call(app, 'GET', '/api/manufacturing/capacity/987654321', { token: owner.token })).statusCode).toBe(404);
    for (const id of BAD_IDS) expect((await call(app, 'GET', `/api/manufacturing/capacity/${id}`, { token: owner.token })).statusCode, id).toBe(400);
  });
});

describe('stored recipe totals', () => {
  it('follow every change of the recipe, the stock, names and prices of its parts, and stay in their workspace', async () => {
    const owner = await signedInWorkspace(app);
    const screws = await createPart(app, owner.token, { name: 'ネジ', current_stock: 10 });
    const boards = await createPart(app, owner.token, { name: '基板', current_stock: 7 });
    const product = await createProduct(app, owner.token);
    await setRecipe(app, owner.token, product.id, [
      { part_id: screws.id, quantity_required: 3 },
      { part_id: boards.id, quantity_required: 2 },
    ]);
    const stored = () => app.db.selectFrom('product_recipe_totals').selectAll().where('product_id', '=', product.id).executeTakeFirst();
    expect(await stored()).toMatchObject({ workspace_id: owner.workspaceId, max_manufacturable: 3, recipe_line_count: 2, cost_sen: 0 });
    const productOf = async (productId = product.id) => (await call(app, 'GET', `/api/products/${productId}`, { token: owner.token })).json();
    expect((await call(app, 'PUT', `/api/parts/${screws.id}`, { token: owner.token, body: { unit_price: 12.5 } })).statusCode).toBe(200);
    expect(await productOf()).toMatchObject({ cost: 37.5, recipe_line_count: 2 });
    const capacityOf = async (productId = product.id, token = owner.token) => {
      const response = await call(app, 'GET', `/api/manufacturing/capacity/${productId}`, { token });
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      return response.json();
    };
    const line = (part: { id: number }, name: string, stock: number, required: number) => ({ part_id: part.id, part_name: name, current_stock: stock, required_per_product: required });

    expect(await capacityOf()).toEqual({ product_id: product.id, max_manufacturable: 3, limiting_parts: [line(screws, 'ネジ', 10, 3), line(boards, '基板', 7, 2)] });
    expect((await receive(app, owner.token, screws.id, 5)).statusCode).toBe(201);
    expect(await capacityOf()).toMatchObject({ max_manufacturable: 3, limiting_parts: [line(boards, '基板', 7, 2)] });
    expect((await call(app, 'PUT', `/api/parts/${boards.id}`, { token: owner.token, body: { name: '基板B' } })).statusCode).toBe(200);
    expect((await capacityOf()).limiting_parts).toEqual([line(boards, '基板B', 7, 2)]);
    expect((await manufacture(app, owner.token, product.id, { quantity: 2 })).statusCode).toBe(201);
    expect(await capacityOf()).toMatchObject({ max_manufacturable: 1, limiting_parts: [line(boards, '基板B', 3, 2)] });
    expect((await call(app, 'PUT', `/api/parts/${boards.id}`, { token: owner.token, body: { current_stock: 40 } })).statusCode).toBe(200);
    expect(await capacityOf()).toMatchObject({ max_manufacturable: 3, limiting_parts: [line(screws, 'ネジ', 9, 3)] });
    await setRecipe(app, owner.token, product.id, [{ part_id: boards.id, quantity_required: 8 }]);
    expect(await capacityOf()).toMatchObject({ max_manufacturable: 5, limiting_parts: [line(boards, '基板B', 40, 8)] });
    expect(await productOf()).toMatchObject({ cost: 0, recipe_line_count: 1 });
    const priced = await uploadCsv(app, owner.token, '部品名,単価\n基板B,3\n');
    expect(priced.statusCode, priced.body).toBe(200);
    expect(await productOf()).toMatchObject({ cost: 24, recipe_line_count: 1 });

    const copy = await call(app, 'POST', `/api/products/${product.id}/copy`, { token: owner.token, body: { name: 'コピー' } });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(await capacityOf(copy.json().id)).toEqual({ product_id: copy.json().id, max_manufacturable: 5, limiting_parts: [line(boards, '基板B', 40, 8)] });
    expect(await productOf(copy.json().id)).toMatchObject({ cost: 24, recipe_line_count: 1 });

    const stranger = await signedInWorkspace(app);
    const refused = await call(app, 'GET', `/api/manufacturing/capacity/${product.id}`, { token: stranger.token });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: '商品が見つかりません' });
    await checkStockInvariants(app.db, owner.workspaceId);

    expect((await call(app, 'DELETE', `/api/products/${product.id}`, { token: owner.token })).statusCode).toBe(200);
    expect(await stored()).toBeUndefined();
  });
});

describe('GET /api/manufacturing/capacity/all', () => {
  it('answers every product of the workspace, 0 without a recipe, equal to the single call', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const shared = await createPart(app, owner.token, { current_stock: 9 });
    const other = await createPart(app, owner.token, { current_stock: 4 });
    const a = await createProduct(app, owner.token, { recipe: [{ part_id: shared.id, quantity_required: 2 }] });
    const b = await createProduct(app, owner.token, {
      recipe: [
        { part_id: shared.id, quantity_required: 1 },
        { part_id: other.id, quantity_required: 3 },
      ],
    });
    const bare = await createProduct(app, owner.token);
    const stranger = await registerUser(app, { name: '製造担当' });
    await productWithParts(app, stranger.token, [{ stock: 5, quantity: 1 }]);

    const response = await call(app, 'GET', '/api/manufacturing/capacity/all', { token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      { product_id: a.id, max_manufacturable: 4 },
      { product_id: b.id, max_manufacturable: 1 },
      { product_id: bare.id, max_manufacturable: 0 },
    ]);
    for (const summary of response.json()) {
      const single = (await call(app, 'GET', `/api/manufacturing/capacity/${summary.product_id}`, { token: owner.token })).json();
      expect(single.max_manufacturable).toBe(summary.max_manufacturable);
    }
    expect((await call(app, 'GET', '/api/manufacturing/capacity/all', { token: (await registerUser(app, { name: '製造担当' })).token })).json()).toEqual([]);
  });
});

describe('GET /api/manufacturing/calendar/{year}/{month}', () => {
  it("answers the month's records as events, in date order", async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const { product } = await productWithParts(app, owner.token, [{ stock: 100, quantity: 1 }], 'ランプ');
    const ids: number[] = [];
    for (const date of ['2026-11-30', '2026-12-01', '2026-12-31', '2027-01-01']) {
      ids.push((await manufacture(app, owner.token, product.id, { quantity: 2, manufacturing_date: date })).json().record.id);
    }
    const december = await call(app, 'GET', '/api/manufacturing/calendar/2026/12', { token: owner.token });
    expect(december.statusCode).toBe(200);
    expect(december.json()).toEqual({
      events: [
        {
          id: `manufacturing-${ids[1]}`,
          type: 'manufacturing',
          title: 'ランプ × 2',
          date: '2026-12-01',
          record_id: ids[1],
          product_id: product.id,
          product_name: 'ランプ',
          quantity: 2,
        },
        expect.objectContaining({ record_id: ids[2], date: '2026-12-31' }),
      ],
    });
    expect((await call(app, 'GET', '/api/manufacturing/calendar/2026/10', { token: owner.token })).json()).toEqual({ events: [] });
  });

  it('refuses a year or month out of range', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    for (const [path, message] of [
      ['1999/1', '年が正しくありません'],
      ['abc/1', '年が正しくありません'],
      ['2026/13', '月が正しくありません'],
      ['2026/0', '月が正しくありません'],
    ]) {
      const response = await call(app, 'GET', `/api/manufacturing/calendar/${path}`, { token: owner.token });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });
});
