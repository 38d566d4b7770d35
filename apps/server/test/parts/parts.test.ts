import type { Part, PartListItem, StockMovement } from '@inventory/contracts/parts';
import { describe, expect, it } from 'vitest';
import { tokyoDateString } from '../../src/lib/time.ts';
import { expectStockMatchesLedger } from '../helpers/stock-invariants.ts';
import { createOrder } from '../factories/orders.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { createTag } from '../factories/tags.ts';
import { createPart, receive, snapshotWorkspace, uniquePartName } from '../factories/parts.ts';
import { createProduct, setRecipe } from '../factories/products.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

async function movementsOf(token: string, partId: number): Promise<StockMovement[]> {
  const response = await call(app, 'GET', `/api/parts/${partId}/movements`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/parts', () => {
  it('answers an empty list for a new workspace and needs a session', async () => {
    const { token } = await signedInWorkspace(app);
    expect((await call(app, 'GET', '/api/parts', { token })).json()).toEqual([]);
    expect((await call(app, 'GET', '/api/parts')).statusCode).toBe(401);
  });

  it("lists every part of the workspace with its tag ids, and none of another workspace's", async () => {
    const { token } = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    await createPart(app, other.token, { name: 'よその部品' });
    const first = await createPart(app, token, { name: 'ネジ', unit: '本', unit_price: 12.5, current_stock: 3, min_stock_alert: 1 });
    const second = await createPart(app, token, { name: 'ナット' });
    const tagA = await createTag(app, token);
    const tagB = await createTag(app, token);
    await call(app, 'POST', `/api/parts/${first.id}/tags`, { token, body: { tag_id: tagB.id } });
    await call(app, 'POST', `/api/parts/${first.id}/tags`, { token, body: { tag_id: tagA.id } });

    const response = await call(app, 'GET', '/api/parts', { token });
    expect(response.statusCode).toBe(200);
    const parts: PartListItem[] = response.json();
    expect(parts.map((part) => part.name)).toEqual(['ネジ', 'ナット']);
    expect(parts[0]).toEqual({
      id: first.id,
      name: 'ネジ',
      unit: '本',
      unit_price: 12.5,
      current_stock: 3,
      min_stock_alert: 1,
      url: null,
      part_number: null,
      category: null,
      barcode: null,
      status: 'active',
      tag_ids: [tagA.id, tagB.id],
    });
    expect(parts[1]).toMatchObject({ id: second.id, tag_ids: [] });
    // The list leaves the timestamps to the part's own answer.
    const one = await call(app, 'GET', `/api/parts/${first.id}`, { token });
    expect(one.json()).toMatchObject({ id: first.id, created_at: expect.any(String), updated_at: expect.any(String) });
  });
});

describe('GET /api/parts/low-stock', () => {
  it('answers the parts at or below their minimum, with their tags', async () => {
    const { token } = await signedInWorkspace(app);
    const tag = await createTag(app, token);
    const below = await createPart(app, token, { name: '不足', current_stock: 1, min_stock_alert: 5 });
    const equal = await createPart(app, token, { name: '境界', current_stock: 5, min_stock_alert: 5 });
    await createPart(app, token, { name: '十分', current_stock: 6, min_stock_alert: 5 });
    await call(app, 'POST', `/api/parts/${below.id}/tags`, { token, body: { tag_id: tag.id } });

    const response = await call(app, 'GET', '/api/parts/low-stock', { token });
    expect(response.statusCode).toBe(200);
    const parts: Part[] = response.json();
    expect(parts.map((part) => [part.id, part.tag_ids])).toEqual([
      [below.id, [tag.id]],
      [equal.id, []],
    ]);
  });
});

describe('GET /api/parts/{id}', () => {
  it('answers the part', async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token, { url: 'https://example.com/neji', part_number: 'M3-10', category: 'ネジ類' });
    const response = await call(app, 'GET', `/api/parts/${part.id}`, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(part);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const { token } = await signedInWorkspace(app);
    const missing = await call(app, 'GET', '/api/parts/987654321', { token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: '部品が見つかりません' });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await call(app, 'GET', `/api/parts/${id}`, { token });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error).toBe('IDが正しくありません');
    }
  });
});

describe('POST /api/parts', () => {
  it('creates a part with the defaults and no ledger row when it starts empty', async () => {
    const { token } = await signedInWorkspace(app);
    const response = await call(app, 'POST', '/api/parts', { token, body: { name: '  抵抗 10kΩ  ' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: '抵抗 10kΩ',
      unit: null,
      unit_price: null,
      current_stock: 0,
      min_stock_alert: 0,
      status: 'active',
      tag_ids: [],
    });
    expect(await movementsOf(token, response.json().id)).toEqual([]);
  });

  it("books the opening stock in the ledger as 'initial' with the user's name", async () => {
    const { token, userName, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { current_stock: 25 });
    expect(part.current_stock).toBe(25);
    expect(await movementsOf(token, part.id)).toEqual([
      {
        id: expect.any(Number),
        kind: 'initial',
        quantity_delta: 25,
        balance_after: 25,
        reference_id: null,
        note: null,
        reason: null,
        effective_date: tokyoDateString(),
        user_name: userName,
        created_at: expect.any(String),
      },
    ]);
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('stores yen with two decimals exactly', async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token, { unit_price: 1234.56 });
    expect(part.unit_price).toBe(1234.56);
    const row = await app.db.selectFrom('parts').select('unit_price_sen').where('id', '=', part.id).executeTakeFirstOrThrow();
    expect(row.unit_price_sen).toBe(123456);
    expect((await createPart(app, token, { unit_price: 0.29 })).unit_price).toBe(0.29);
  });

  const invalidBodies: Array<[string, unknown, string]> = [
    ['name missing', {}, '部品名は必須です'],
    ['name blank', { name: '   ' }, '部品名は必須です'],
    ['name not a string', { name: 12 }, '部品名は必須です'],
    ['name too long', { name: 'あ'.repeat(101) }, '部品名は100文字以内で入力してください'],
    ['unit too long', { name: 'x', unit: 'あ'.repeat(21) }, '単位は20文字以内で入力してください'],
    ['negative price', { name: 'x', unit_price: -1 }, '単価は0以上で入力してください'],
    ['price with 3 decimals', { name: 'x', unit_price: 1.234 }, '単価は小数第2位までで入力してください'],
    ['price as text', { name: 'x', unit_price: 'abc' }, '単価は数値で入力してください'],
    ['huge price', { name: 'x', unit_price: 1e12 }, '単価は10,000,000,000以下で入力してください'],
    ['negative stock', { name: 'x', current_stock: -1 }, '現在在庫は0以上で入力してください'],
    ['fractional stock', { name: 'x', current_stock: 1.5 }, '現在在庫は整数で入力してください'],
    ['stock as text', { name: 'x', current_stock: '5' }, '現在在庫は数値で入力してください'],
    ['huge stock', { name: 'x', current_stock: 1e10 }, '現在在庫は1,000,000,000以下で入力してください'],
    ['negative minimum', { name: 'x', min_stock_alert: -3 }, '最小在庫アラートは0以上で入力してください'],
    ['bad url', { name: 'x', url: 'javascript:alert(1)' }, 'URLはhttp://またはhttps://で始まる正しい形式で入力してください'],
    ['bad status', { name: 'x', status: 'broken' }, '状態が正しくありません'],
    ['part number too long', { name: 'x', part_number: 'a'.repeat(101) }, '品番は100文字以内で入力してください'],
    // PostgreSQL cannot store NUL (it answered 500); no database keeps control characters.
    ['NUL in the name', { name: 'a\u0000b' }, '部品名に使用できない制御文字が含まれています'],
    ['escape in the unit', { name: 'x', unit: '\u001b[31m' }, '単位に使用できない制御文字が含まれています'],
    ['DEL in the category', { name: 'x', category: 'a\u007f' }, 'カテゴリに使用できない制御文字が含まれています'],
    ['NUL in the url', { name: 'x', url: 'https://example.com/a\u0000b' }, 'URLに使用できない制御文字が含まれています'],
    // Half a surrogate pair is no character: SQLite kept three replacement characters, PostgreSQL one.
    ['a lone surrogate in the name', { name: 'a\ud800b' }, '部品名に使用できない文字が含まれています'],
    ['a lone low surrogate in the unit', { name: 'x', unit: '\udc00' }, '単位に使用できない文字が含まれています'],
    ['a lone surrogate in the url', { name: 'x', url: 'https://example.com/\ud83d' }, 'URLに使用できない文字が含まれています'],
  ];
  it.each(invalidBodies)('refuses %s with a Japanese message and creates nothing', async (_case, body, message) => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const response = await call(app, 'POST', '/api/parts', { token, body: body as object });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect((await snapshotWorkspace(app, workspaceId)).parts).toEqual([]);
  });

  it('refuses a body that is not an object or not JSON', async () => {
    const { token } = await signedInWorkspace(app);
    const array = await call(app, 'POST', '/api/parts', { token, body: [1, 2] });
    expect(array.statusCode).toBe(400);
    expect(array.json().error).toMatch(/[ぁ-んァ-ン一-龥]/);
    const broken = await call(app, 'POST', '/api/parts', { token, body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('リクエストの形式が正しくありません（JSONを読み取れません）');
  });

  it('refuses a name that already exists in the workspace (409), but not in another workspace', async () => {
    const { token } = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    await createPart(app, token, { name: 'コンデンサ' });
    const duplicate = await call(app, 'POST', '/api/parts', { token, body: { name: ' コンデンサ ', current_stock: 5 } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: '同じ名前の部品が既に存在します' });
    await createPart(app, other.token, { name: 'コンデンサ' });
  });
});

describe('PUT /api/parts/{id}', () => {
  it('changes only the fields sent', async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token, { unit: '個', unit_price: 100, category: '電子', current_stock: 4 });
    const response = await call(app, 'PUT', `/api/parts/${part.id}`, { token, body: { name: '新しい名前' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: '新しい名前', unit: '個', unit_price: 100, category: '電子', current_stock: 4 });

    const cleared = await call(app, 'PUT', `/api/parts/${part.id}`, { token, body: { unit_price: null, category: '' } });
    expect(cleared.json()).toMatchObject({ unit_price: null, category: null, unit: '個' });
    const full = await call(app, 'PUT', `/api/parts/${part.id}`, {
      token,
      body: { name: '全項目', unit: '本', unit_price: 9.99, current_stock: 4, min_stock_alert: 2, url: 'http://a.example', part_number: 'P-1', category: 'c', status: 'inactive' },
    });
    expect(full.json()).toMatchObject({ name: '全項目', unit: '本', unit_price: 9.99, min_stock_alert: 2, url: 'http://a.example', part_number: 'P-1', status: 'inactive' });
  });

  it("an inline stock edit is an 'adjustment' in the ledger; the same value writes nothing", async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { current_stock: 10 });
    const lowered = await call(app, 'PUT', `/api/parts/${part.id}`, { token, body: { current_stock: 7 } });
    expect(lowered.json().current_stock).toBe(7);
    await call(app, 'PUT', `/api/parts/${part.id}`, { token, body: { current_stock: 7 } });
    await call(app, 'PUT', `/api/parts/${part.id}`, { token, body: { current_stock: 0 } });
    const movements = await movementsOf(token, part.id);
    expect(movements.map((row) => [row.kind, row.quantity_delta, row.balance_after])).toEqual([
      ['adjustment', -7, 0],
      ['adjustment', -3, 7],
      ['initial', 10, 10],
    ]);
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('refuses an empty body and invalid values, changing nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { current_stock: 3 });
    const before = await snapshotWorkspace(app, workspaceId);
    const cases: Array<[unknown, string]> = [
      [{}, '更新する項目を指定してください'],
      [{ name: '' }, '部品名は必須です'],
      [{ current_stock: -1 }, '現在在庫は0以上で入力してください'],
      [{ current_stock: 'many' }, '現在在庫は数値で入力してください'],
      [{ unit_price: -0.01 }, '単価は0以上で入力してください'],
      [{ unit: 'x'.repeat(21) }, '単位は20文字以内で入力してください'],
      [{ url: 'ftp://example.com' }, 'URLはhttp://またはhttps://で始まる正しい形式で入力してください'],
    ];
    for (const [body, message] of cases) {
      const response = await call(app, 'PUT', `/api/parts/${part.id}`, { token, body: body as object });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    expect(await snapshotWorkspace(app, workspaceId)).toEqual(before);
  });

  it('refuses a name taken by another part, and leaves the stock alone', async () => {
    const { token } = await signedInWorkspace(app);
    await createPart(app, token, { name: '既存' });
    const part = await createPart(app, token, { current_stock: 2 });
    const response = await call(app, 'PUT', `/api/parts/${part.id}`, { token, body: { name: '既存', current_stock: 9 } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: '同じ名前の部品が既に存在します' });
    expect((await call(app, 'GET', `/api/parts/${part.id}`, { token })).json()).toEqual(part);
  });

  it('simultaneous stock edits and receipts keep the stock equal to the sum of its movements', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { current_stock: 50 });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        index % 2 === 0
          ? call(app, 'PUT', `/api/parts/${part.id}`, { token, body: { current_stock: index } })
          : receive(app, token, part.id, index),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([...Array(15).fill(200), ...Array(15).fill(201)].sort());
    await expectStockMatchesLedger(app, workspaceId);
    const movements = await movementsOf(token, part.id);
    const stock = (await call(app, 'GET', `/api/parts/${part.id}`, { token })).json().current_stock;
    expect(movements[0]!.balance_after).toBe(stock);
    // Each row's balance follows from the one before it: no change was computed on stale data.
    const oldestFirst = [...movements].reverse();
    oldestFirst.forEach((row, index) => {
      expect(row.balance_after).toBe((oldestFirst[index - 1]?.balance_after ?? 0) + row.quantity_delta);
    });
  });
});

describe('DELETE /api/parts/{id}', () => {
  it('deletes the part with its receipts, orders, tag links and movements', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const kept = await createPart(app, token, { current_stock: 1 });
    const part = await createPart(app, token, { current_stock: 5 });
    const tag = await createTag(app, token);
    await call(app, 'POST', `/api/parts/${part.id}/tags`, { token, body: { tag_id: tag.id } });
    await receive(app, token, part.id, 3);
    await createOrder(app, token, part.id);

    const response = await call(app, 'DELETE', `/api/parts/${part.id}`, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: '部品を削除しました' });
    expect((await call(app, 'GET', `/api/parts/${part.id}`, { token })).statusCode).toBe(404);

    const after = await snapshotWorkspace(app, workspaceId);
    expect(after.parts.map((row) => row.id)).toEqual([kept.id]);
    expect(after.links).toEqual([]);
    expect(after.entries).toEqual([]);
    expect(after.orders).toEqual([]);
    expect(after.movements.every((row) => row.part_id === kept.id)).toBe(true);
    expect(after.tags).toHaveLength(1);
    expect((await call(app, 'DELETE', `/api/parts/${part.id}`, { token })).statusCode).toBe(404);
  });

  it('refuses a part used by recipes and names the products', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token);
    for (const name of ['B', 'A']) await setRecipe(app, token, (await createProduct(app, token, { name })).id, [{ part_id: part.id, quantity_required: 1 }]);
    const before = await snapshotWorkspace(app, workspaceId);
    const response = await call(app, 'DELETE', `/api/parts/${part.id}`, { token });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: 'この部品は商品「A」「B」のレシピで使用されているため削除できません' });
    expect(await snapshotWorkspace(app, workspaceId)).toEqual(before);
  });
});

describe('GET /api/parts/{id}/movements', () => {
  it('lists the ledger newest first, limited by ?limit', async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token, { current_stock: 1 });
    const entry = (await receive(app, token, part.id, 4)).json().entry;
    await call(app, 'PUT', `/api/parts/${part.id}`, { token, body: { current_stock: 2 } });
    const all = await movementsOf(token, part.id);
    expect(all.map((row) => [row.kind, row.quantity_delta, row.balance_after, row.reference_id])).toEqual([
      ['adjustment', -3, 2, null],
      ['receipt', 4, 5, entry.id],
      ['initial', 1, 1, null],
    ]);
    const limited = await call(app, 'GET', `/api/parts/${part.id}/movements?limit=2`, { token });
    expect(limited.json()).toEqual(all.slice(0, 2));
  });

  it('refuses a bad limit', async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token);
    const cases: Array<[string, string]> = [
      ['0', '件数は1以上で指定してください'],
      ['1001', '件数は1000以下で指定してください'],
      ['abc', '件数は数値で指定してください'],
      ['2.5', '件数は整数で指定してください'],
    ];
    for (const [limit, message] of cases) {
      const response = await call(app, 'GET', `/api/parts/${part.id}/movements?limit=${limit}`, { token });
      expect(response.statusCode, limit).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });

  it('answers 404 for an unknown part', async () => {
    const { token } = await signedInWorkspace(app);
    expect((await call(app, 'GET', '/api/parts/987654321/movements', { token })).statusCode).toBe(404);
  });
});

describe('POST /api/parts/{id}/order', () => {
  it("creates an 'ordered' purchase order with the part's name and changes no stock", async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { name: uniquePartName('発注'), unit_price: 80, current_stock: 2 });
    const response = await call(app, 'POST', `/api/parts/${part.id}/order`, {
      token,
      body: { quantity: 10, order_date: '2026-11-22', expected_delivery_date: '2026-11-30' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      part_id: part.id,
      part_name: part.name,
      quantity: 10,
      order_date: '2026-11-22',
      expected_delivery_date: '2026-11-30',
      status: 'ordered',
      delivered_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      plan_id: null,
    });
    const stored = await app.db.selectFrom('orders').selectAll().where('id', '=', response.json().id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ workspace_id: workspaceId, unit_price_sen: 8000, status: 'ordered' });
    expect((await call(app, 'GET', `/api/parts/${part.id}`, { token })).json().current_stock).toBe(2);

    const withoutDate = await call(app, 'POST', `/api/parts/${part.id}/order`, { token, body: { quantity: 1, order_date: '2026-11-22', expected_delivery_date: '' } });
    expect(withoutDate.json().expected_delivery_date).toBeNull();
  });

  it('refuses invalid orders with Japanese messages and creates nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token);
    const cases: Array<[unknown, string]> = [
      [{ order_date: '2026-11-22' }, '発注数量は数値で入力してください'],
      [{ quantity: 0, order_date: '2026-11-22' }, '発注数量は1以上で入力してください'],
      [{ quantity: 2.5, order_date: '2026-11-22' }, '発注数量は整数で入力してください'],
      [{ quantity: 1 }, '発注日は必須です'],
      [{ quantity: 1, order_date: '2026-02-30' }, '発注日はyyyy-MM-dd形式の正しい日付で入力してください'],
      [{ quantity: 1, order_date: '2026-11-22', expected_delivery_date: '2026-11-01' }, '納入予定日は発注日以降の日付にしてください'],
    ];
    for (const [body, message] of cases) {
      const response = await call(app, 'POST', `/api/parts/${part.id}/order`, { token, body: body as object });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    expect((await snapshotWorkspace(app, workspaceId)).orders).toEqual([]);
    expect((await call(app, 'POST', '/api/parts/987654321/order', { token, body: { quantity: 1, order_date: '2026-11-22' } })).statusCode).toBe(404);
  });
});
