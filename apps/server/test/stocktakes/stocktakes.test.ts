import type { Stocktake, StocktakeCountsResponse, StocktakeLine } from '@inventory/contracts/stocktakes';
import type { Part } from '@inventory/contracts/parts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { tokyoDateString } from '../../src/lib/time.ts';
import { registerUser, signedInWorkspace } from '../factories/users.ts';
import { createTag } from '../factories/tags.ts';
import { createPart, receive } from '../factories/parts.ts';
import { createProduct, sell, setRecipe } from '../factories/products.ts';
import { checkStockInvariants, snapshotDifferences, snapshotStockState } from '../helpers/stock-invariants.ts';
import { call, createTestApp } from '../helpers/test-app.ts';
import { workspaceWithMembers } from '../factories/workspaces.ts';

// 棚卸し through the API, on SQLite and PostgreSQL: the snapshot (zero stock included, by scope),
// counts from several members (the last wins), the commit (counted + every movement since the
// snapshot, all or none, once), the cancel, bad input and another workspace's ids.

const app = await createTestApp();

async function createStocktake(app: FastifyInstance, token: string, body: Record<string, unknown> = {}): Promise<Stocktake> {
  const response = await call(app, 'POST', '/api/stocktakes', { token, body: { name: '期末棚卸し', scope: { kind: 'all' }, ...body } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const putCounts = (token: string, id: number, counts: unknown[]) => call(app, 'PUT', `/api/stocktakes/${id}/counts`, { token, body: { counts } });
const commit = (token: string, id: number, body: Record<string, unknown> = {}) => call(app, 'POST', `/api/stocktakes/${id}/commit`, { token, body });
const getStocktake = async (token: string, id: number): Promise<Stocktake> => (await call(app, 'GET', `/api/stocktakes/${id}`, { token })).json();
const lineOf = (stocktake: { lines: StocktakeLine[] }, kind: 'part' | 'product', id: number) => stocktake.lines.find((line) => line.item_kind === kind && line.item_id === id);
const stockOf = async (table: 'parts' | 'products', id: number) =>
  (await app.db.selectFrom(table).select('current_stock').where('id', '=', id).executeTakeFirstOrThrow()).current_stock;

describe('POST /api/stocktakes', () => {
  it('snapshots the stock of every item in scope, zero stock included, and answers the lines', async () => {
    const { token, userName } = await signedInWorkspace(app);
    const bolt = await createPart(app, token, { name: 'ボルト', current_stock: 12, unit_price: 10.5, unit: '本', part_number: 'B-1' });
    const empty = await createPart(app, token, { name: '空の部品', current_stock: 0 });
    const lamp = await createProduct(app, token, { name: 'ランプ', current_stock: 0 });
    const stocktake = await createStocktake(app, token);
    expect(stocktake).toMatchObject({ name: '期末棚卸し', status: 'counting', created_by: userName, line_count: 3, counted_count: 0, remaining_count: 3, scope: { kind: 'all' } });
    expect(lineOf(stocktake, 'part', bolt.id)).toEqual({
      item_kind: 'part',
      item_id: bolt.id,
      name: 'ボルト',
      part_number: 'B-1',
      unit: '本',
      tag_ids: [],
      unit_value: 10.5,
      expected: 12,
      counted: null,
      variance: null,
      counted_by: null,
      counted_at: null,
    });
    expect(lineOf(stocktake, 'part', empty.id)).toMatchObject({ expected: 0 });
    expect(lineOf(stocktake, 'product', lamp.id)).toMatchObject({ expected: 0, unit: null });

    const parts = await createStocktake(app, token, { scope: { kind: 'parts' } });
    expect(parts.lines.map((line) => line.item_kind)).toEqual(['part', 'part']);
    const products = await createStocktake(app, token, { scope: { kind: 'products' } });
    expect(products.lines.map((line) => line.item_id)).toEqual([lamp.id]);
  });

  it('narrows the scope by tags (parts only) and by not counted since a day', async () => {
    const { token } = await signedInWorkspace(app);
    const tag = await createTag(app, token);
    const tagged = await createPart(app, token, { current_stock: 3 });
    const counted = await createPart(app, token, { current_stock: 4 });
    await createPart(app, token);
    await createProduct(app, token);
    expect((await call(app, 'POST', `/api/parts/${tagged.id}/tags`, { token, body: { tag_id: tag.id } })).statusCode).toBe(201);
    const byTag = await createStocktake(app, token, { scope: { kind: 'all', tag_ids: [tag.id] } });
    expect(byTag.lines.map((line) => line.item_id)).toEqual([tagged.id]);
    expect(byTag.lines[0]!.tag_ids).toEqual([tag.id]);

    const first = await createStocktake(app, token, { scope: { kind: 'parts' } });
    expect((await putCounts(token, first.id, [{ part_id: counted.id, counted: 4 }])).statusCode).toBe(200);
    expect((await commit(token, first.id)).statusCode).toBe(200);
    const notCounted = await createStocktake(app, token, { scope: { kind: 'parts', not_counted_since: tokyoDateString() } });
    expect(notCounted.lines.map((line) => line.item_id)).not.toContain(counted.id);
    expect(notCounted.line_count).toBe(2);
    const sinceTomorrow = await createStocktake(app, token, { scope: { kind: 'parts', not_counted_since: '2999-01-01' } });
    expect(sinceTomorrow.line_count).toBe(3);
  });

  it('refuses bad input, an empty scope and another workspace’s tag, creating nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    const otherTag = await createTag(app, other.token);
    const cases: Array<[unknown, number, string]> = [
      [{ name: '', scope: { kind: 'all' } }, 400, '棚卸し名は必須です'],
      [{ name: 'x', scope: { kind: 'shelves' } }, 400, '対象の種類が正しくありません'],
      [{ name: 'x', scope: { kind: 'all', not_counted_since: '2026-02-30' } }, 400, '前回の棚卸し日はyyyy-MM-dd形式の正しい日付で入力してください'],
      [{ name: 'x', scope: { kind: 'all', tag_ids: [1.5] } }, 400, 'タグIDが正しくありません'],
      [{ name: 'x', scope: { kind: 'all' } }, 409, '対象の品目がありません。条件を見直してください'],
      [{ name: 'x', scope: { kind: 'all', tag_ids: [otherTag.id] } }, 404, 'タグが見つかりません'],
    ];
    for (const [body, status, error] of cases) {
      const response = await call(app, 'POST', '/api/stocktakes', { token, body });
      expect([response.statusCode, response.json().error], JSON.stringify(body)).toEqual([status, error]);
    }
    expect(await app.db.selectFrom('stocktakes').select('id').where('workspace_id', '=', workspaceId).execute()).toEqual([]);
  });
});

describe('GET /api/stocktakes', () => {
  it('lists newest first with who and the progress', async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token, { current_stock: 1 });
    const older = await createStocktake(app, token, { name: '古い' });
    const newer = await createStocktake(app, token, { name: '新しい' });
    await putCounts(token, newer.id, [{ part_id: part.id, counted: 1 }]);
    const list = (await call(app, 'GET', '/api/stocktakes', { token })).json() as Stocktake[];
    expect(list.map((row) => [row.id, row.name, row.counted_count, row.remaining_count])).toEqual([
      [newer.id, '新しい', 1, 0],
      [older.id, '古い', 0, 1],
    ]);
    expect(list[0]).not.toHaveProperty('lines');
  });
});

describe('PUT /api/stocktakes/{id}/counts', () => {
  it('records counts any number of times; the last count of a line wins and names who counted', async () => {
    const shop = await workspaceWithMembers(app, 1);
    const [member] = shop.members;
    const part = await createPart(app, shop.admin.token, { current_stock: 10 });
    const product = await createProduct(app, shop.admin.token, { current_stock: 2 });
    const stocktake = await createStocktake(app, shop.admin.token);
    const first = await putCounts(shop.admin.token, stocktake.id, [{ part_id: part.id, counted: 8 }]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ counted_count: 1, remaining_count: 1, lines: [{ item_id: part.id, counted: 8, variance: -2, counted_by: '管理者' }] });
    const second = (await putCounts(member!.token, stocktake.id, [{ part_id: part.id, counted: 9 }, { product_id: product.id, counted: 2 }])).json() as StocktakeCountsResponse;
    expect(second).toMatchObject({ counted_count: 2, remaining_count: 0 });
    const stored = await getStocktake(shop.admin.token, stocktake.id);
    expect(lineOf(stored, 'part', part.id)).toMatchObject({ counted: 9, variance: -1, counted_by: 'メンバー1' });
    expect(lineOf(stored, 'product', product.id)).toMatchObject({ counted: 2, variance: 0, counted_by: 'メンバー1' });
    // The same line twice in one call: the later count.
    await putCounts(shop.admin.token, stocktake.id, [{ part_id: part.id, counted: 1 }, { part_id: part.id, counted: 7 }]);
    expect(lineOf(await getStocktake(shop.admin.token, stocktake.id), 'part', part.id)).toMatchObject({ counted: 7, counted_by: '管理者' });
  });

  it('takes simultaneous counts from two members: every line ends with one of the counts sent for it', async () => {
    const shop = await workspaceWithMembers(app, 1);
    const parts: Part[] = [];
    for (let i = 0; i < 20; i++) parts.push(await createPart(app, shop.admin.token, { current_stock: i }));
    const stocktake = await createStocktake(app, shop.admin.token);
    const users = [shop.admin, shop.members[0]!];
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, round) =>
        putCounts(
          users[round % 2]!.token,
          stocktake.id,
          parts.map((part) => ({ part_id: part.id, counted: round })),
        ),
      ),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(20).fill(200));
    const stored = await getStocktake(shop.admin.token, stocktake.id);
    const counts = new Set(stored.lines.map((line) => `${line.counted}:${line.counted_by}`));
    // One call wrote all the lines last (its count and its user everywhere).
    expect(counts.size).toBe(1);
    const [count, by] = [...counts][0]!.split(':');
    expect(by).toBe(Number(count) % 2 === 0 ? '管理者' : 'メンバー1');
    expect(stored).toMatchObject({ counted_count: 20, remaining_count: 0 });
  });

  it('refuses bad counts, unknown items, items outside the stocktake and closed stocktakes, storing nothing', async () => {
    const { token } = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    const part = await createPart(app, token, { current_stock: 5 });
    const product = await createProduct(app, token);
    const otherPart = await createPart(app, other.token);
    const stocktake = await createStocktake(app, token, { scope: { kind: 'parts' } });
    const cases: Array<[unknown[], number, string]> = [
      [[{ part_id: part.id, counted: -1 }], 400, '数えた数は0以上で入力してください'],
      [[{ part_id: part.id, counted: 1.5 }], 400, '数えた数は整数で入力してください'],
      [[{ part_id: part.id, counted: '3' }], 400, '数えた数は数値で入力してください'],
      [[{ part_id: part.id }], 400, '数えた数は数値で入力してください'],
      [[{ part_id: part.id, product_id: product.id, counted: 1 }], 400, '部品IDか商品IDのどちらか一方を指定してください'],
      [[], 400, '数えた数を1件以上指定してください'],
      [[{ part_id: part.id, counted: 1 }, { part_id: 999_999_999, counted: 1 }], 404, '部品が見つかりません'],
      [[{ part_id: part.id, counted: 1 }, { part_id: otherPart.id, counted: 1 }], 404, '部品が見つかりません'],
      [[{ part_id: part.id, counted: 1 }, { product_id: product.id, counted: 1 }], 400, `商品（ID: ${product.id}）はこの棚卸しの対象ではありません`],
    ];
    for (const [counts, status, error] of cases) {
      const response = await putCounts(token, stocktake.id, counts);
      expect([response.statusCode, response.json().error], JSON.stringify(counts)).toEqual([status, error]);
    }
    expect((await getStocktake(token, stocktake.id)).counted_count).toBe(0);
    expect((await putCounts(token, 999_999_999, [{ part_id: part.id, counted: 1 }])).statusCode).toBe(404);

    await putCounts(token, stocktake.id, [{ part_id: part.id, counted: 5 }]);
    expect((await commit(token, stocktake.id)).statusCode).toBe(200);
    const afterCommit = await putCounts(token, stocktake.id, [{ part_id: part.id, counted: 1 }]);
    expect([afterCommit.statusCode, afterCommit.json().error]).toEqual([409, 'この棚卸しは確定済みです']);
    const cancelled = await createStocktake(app, token, { scope: { kind: 'parts' } });
    expect((await call(app, 'DELETE', `/api/stocktakes/${cancelled.id}`, { token })).statusCode).toBe(200);
    const afterCancel = await putCounts(token, cancelled.id, [{ part_id: part.id, counted: 1 }]);
    expect([afterCancel.statusCode, afterCancel.json().error]).toEqual([409, 'この棚卸しは中止されています']);
    expect(lineOf(await getStocktake(token, stocktake.id), 'part', part.id)).toMatchObject({ counted: 5 });
  });
});

describe('POST /api/stocktakes/{id}/commit', () => {
  it('sets each counted item to its count plus every movement since the snapshot, in the ledger as stocktake with the reason', async () => {
    const { token, userName, workspaceId } = await signedInWorkspace(app);
    const bolt = await createPart(app, token, { current_stock: 20 });
    const nut = await createPart(app, token, { current_stock: 7 });
    const untouched = await createPart(app, token, { current_stock: 3 });
    const lamp = await createProduct(app, token, { current_stock: 5 });
    await setRecipe(app, token, lamp.id, [{ part_id: bolt.id, quantity_required: 2 }]);
    const stocktake = await createStocktake(app, token);
    // While counting: a receipt of 4 bolts and a sale of 2 lamps.
    expect((await receive(app, token, bolt.id, 4)).statusCode).toBe(201);
    await sell(app, token, lamp.id, { quantity: 2 });
    // Counted as at the snapshot: 18 bolts (2 missing), 7 nuts (right), 6 lamps (1 more).
    await putCounts(token, stocktake.id, [
      { part_id: bolt.id, counted: 18 },
      { part_id: nut.id, counted: 7 },
      { product_id: lamp.id, counted: 6 },
    ]);
    const response = await commit(token, stocktake.id, { reason: 'damaged', reason_note: '落下' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'committed', committed_by: userName, reason: 'damaged', reason_note: '落下' });
    expect(await stockOf('parts', bolt.id)).toBe(18 + 4);
    expect(await stockOf('parts', nut.id)).toBe(7);
    expect(await stockOf('parts', untouched.id)).toBe(3);
    expect(await stockOf('products', lamp.id)).toBe(6 - 2);

    const rows = await app.db
      .selectFrom('stock_movements')
      .select(['part_id', 'product_id', 'quantity_delta', 'balance_after', 'reference_id', 'reason', 'note', 'effective_date'])
      .where('workspace_id', '=', workspaceId)
      .where('kind', '=', 'stocktake')
      .orderBy('id')
      .execute();
    const common = { reference_id: stocktake.id, reason: 'damaged', note: '落下', effective_date: tokyoDateString() };
    expect(rows).toEqual([
      { part_id: null, product_id: lamp.id, quantity_delta: 1, balance_after: 4, ...common },
      { part_id: bolt.id, product_id: null, quantity_delta: -2, balance_after: 22, ...common },
    ]);
    const counted = await app.db.selectFrom('parts').select(['id', 'last_counted_at']).where('workspace_id', '=', workspaceId).orderBy('id').execute();
    expect(counted.map((row) => row.last_counted_at !== null)).toEqual([true, true, false]);
    // The capacity of the lamp follows the bolts (stored recipe totals refreshed by the stock module).
    expect((await call(app, 'GET', `/api/manufacturing/capacity/${lamp.id}`, { token })).json()).toMatchObject({ max_manufacturable: 11 });
    const history = (await call(app, 'GET', `/api/parts/${bolt.id}/movements`, { token })).json();
    expect(history[0]).toMatchObject({ kind: 'stocktake', quantity_delta: -2, reason: 'damaged', note: '落下', user_name: userName });
    await checkStockInvariants(app.db, workspaceId);
  });

  it('defaults the reason to 棚卸差異 and needs a note for その他', async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token, { current_stock: 2 });
    const stocktake = await createStocktake(app, token);
    await putCounts(token, stocktake.id, [{ part_id: part.id, counted: 1 }]);
    const noNote = await commit(token, stocktake.id, { reason: 'other' });
    expect([noNote.statusCode, noNote.json().error]).toEqual([400, 'その他の場合は理由の詳細を入力してください']);
    const unknown = await commit(token, stocktake.id, { reason: 'stolen' });
    expect([unknown.statusCode, unknown.json().error]).toEqual([400, '理由が正しくありません']);
    const done = await commit(token, stocktake.id);
    expect(done.json()).toMatchObject({ status: 'committed', reason: 'variance' });
  });

  it('answers 409 listing every item that would go below zero, changing nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const screw = await createPart(app, token, { name: 'ネジ', current_stock: 10 });
    const washer = await createPart(app, token, { name: 'ワッシャー', current_stock: 5 });
    const fine = await createPart(app, token, { current_stock: 5 });
    const lamp = await createProduct(app, token, { name: 'ランプ', current_stock: 3 });
    const stocktake = await createStocktake(app, token);
    // Used while counting: the count of the snapshot no longer fits what is left.
    expect((await call(app, 'PUT', `/api/parts/${screw.id}`, { token, body: { current_stock: 1 } })).statusCode).toBe(200);
    await sell(app, token, lamp.id, { quantity: 3 });
    await putCounts(token, stocktake.id, [
      { part_id: screw.id, counted: 2 },
      { part_id: washer.id, counted: 5 },
      { part_id: fine.id, counted: 4 },
      { product_id: lamp.id, counted: 1 },
    ]);
    const before = await snapshotStockState(app.db, workspaceId);
    const response = await commit(token, stocktake.id);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: '確定すると在庫が0未満になる品目が2件あるため確定できません。数え直してください',
      details: [
        { path: `product:${lamp.id}`, message: '商品「ランプ」: 現在の在庫 0、差異 -2、確定後 -2' },
        { path: `part:${screw.id}`, message: '部品「ネジ」: 現在の在庫 1、差異 -8、確定後 -7' },
      ],
    });
    expect(snapshotDifferences(before, await snapshotStockState(app.db, workspaceId))).toEqual([]);
    expect((await getStocktake(token, stocktake.id)).status).toBe('counting');
    // Counted again: it commits.
    await putCounts(token, stocktake.id, [{ part_id: screw.id, counted: 9 }, { product_id: lamp.id, counted: 3 }]);
    expect((await commit(token, stocktake.id)).statusCode).toBe(200);
    expect(await stockOf('parts', screw.id)).toBe(0);
    await checkStockInvariants(app.db, workspaceId);
  });

  it('applies a stocktake once when it is committed many times at the same moment', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const parts: Part[] = [];
    for (let i = 0; i < 10; i++) parts.push(await createPart(app, token, { current_stock: 10 }));
    const stocktake = await createStocktake(app, token);
    await putCounts(
      token,
      stocktake.id,
      parts.map((part) => ({ part_id: part.id, counted: 13 })),
    );
    const responses = await Promise.all(Array.from({ length: 8 }, () => commit(token, stocktake.id)));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(responses.find((response) => response.statusCode === 409)!.json().error).toBe('この棚卸しは確定済みです');
    for (const part of parts) expect(await stockOf('parts', part.id)).toBe(13);
    const rows = await app.db.selectFrom('stock_movements').select('id').where('workspace_id', '=', workspaceId).where('kind', '=', 'stocktake').execute();
    expect(rows).toHaveLength(10);
    await checkStockInvariants(app.db, workspaceId);
  });

  it('holds with sales, receipts and counts running during the commit', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const parts: Part[] = [];
    for (let i = 0; i < 30; i++) parts.push(await createPart(app, token, { current_stock: 50 }));
    const product = await createProduct(app, token, { current_stock: 100 });
    await setRecipe(app, token, product.id, [{ part_id: parts[0]!.id, quantity_required: 1 }, { part_id: parts[29]!.id, quantity_required: 1 }]);
    const stocktake = await createStocktake(app, token);
    await putCounts(token, stocktake.id, [...parts.map((part) => ({ part_id: part.id, counted: 40 })), { product_id: product.id, counted: 90 }]);
    const others = [
      ...parts.slice(0, 10).map((part) => receive(app, token, part.id, 5)),
      ...Array.from({ length: 10 }, () => call(app, 'POST', `/api/products/${product.id}/sell`, { token, body: { quantity: 1, unit_price: 100, sale_date: '2026-12-01' } })),
      call(app, 'POST', `/api/manufacturing/products/${product.id}/manufacture`, { token, body: { quantity: 2, manufacturing_date: '2026-12-01' } }),
      putCounts(token, stocktake.id, [{ part_id: parts[5]!.id, counted: 41 }]),
    ];
    const [committed, ...done] = await Promise.all([commit(token, stocktake.id), ...others]);
    expect(committed!.statusCode, committed!.body).toBe(200);
    for (const response of done) expect([200, 201, 409]).toContain(response.statusCode);
    await checkStockInvariants(app.db, workspaceId);
    // Whatever the order, each part holds its count plus what moved since the snapshot.
    const stocktakeRows = await app.db
      .selectFrom('stock_movements')
      .select(['part_id', 'product_id', 'quantity_delta'])
      .where('workspace_id', '=', workspaceId)
      .where('kind', '=', 'stocktake')
      .execute();
    const lines = (await getStocktake(token, stocktake.id)).lines;
    for (const row of stocktakeRows) {
      const line = lines.find((candidate) => candidate.item_id === (row.part_id ?? row.product_id));
      expect(row.quantity_delta).toBe(line!.counted! - line!.expected);
    }
  });
});

describe('DELETE /api/stocktakes/{id}', () => {
  it('cancels a counting stocktake once; a committed one stays', async () => {
    const { token, userName } = await signedInWorkspace(app);
    const part = await createPart(app, token, { current_stock: 2 });
    const stocktake = await createStocktake(app, token);
    const cancelled = await call(app, 'DELETE', `/api/stocktakes/${stocktake.id}`, { token });
    expect([cancelled.statusCode, cancelled.json()]).toEqual([200, { message: '棚卸しを中止しました' }]);
    expect(await getStocktake(token, stocktake.id)).toMatchObject({ status: 'cancelled', cancelled_by: userName });
    expect((await call(app, 'DELETE', `/api/stocktakes/${stocktake.id}`, { token })).statusCode).toBe(409);
    const again = await commit(token, stocktake.id);
    expect([again.statusCode, again.json().error]).toEqual([409, 'この棚卸しは中止されています']);
    const committed = await createStocktake(app, token);
    await putCounts(token, committed.id, [{ part_id: part.id, counted: 2 }]);
    await commit(token, committed.id);
    const refused = await call(app, 'DELETE', `/api/stocktakes/${committed.id}`, { token });
    expect([refused.statusCode, refused.json().error]).toEqual([409, 'この棚卸しは確定済みです']);
  });
});

describe('another workspace', () => {
  it('gets 404 for every call naming a stocktake, and changes nothing', async () => {
    const owner = await signedInWorkspace(app);
    const stranger = await registerUser(app);
    const part = await createPart(app, owner.token, { current_stock: 4 });
    const stocktake = await createStocktake(app, owner.token);
    const before = await snapshotStockState(app.db, owner.workspaceId);
    const requests: Array<[string, string, unknown]> = [
      ['GET', `/api/stocktakes/${stocktake.id}`, undefined],
      ['PUT', `/api/stocktakes/${stocktake.id}/counts`, { counts: [{ part_id: part.id, counted: 1 }] }],
      ['POST', `/api/stocktakes/${stocktake.id}/commit`, {}],
      ['DELETE', `/api/stocktakes/${stocktake.id}`, undefined],
    ];
    for (const [method, url, body] of requests) {
      const response = await call(app, method as 'GET', url, { token: stranger.token, body });
      expect([response.statusCode, response.json().error], `${method} ${url}`).toEqual([404, '棚卸しが見つかりません']);
    }
    expect((await call(app, 'GET', '/api/stocktakes', { token: stranger.token })).json()).toEqual([]);
    expect(snapshotDifferences(before, await snapshotStockState(app.db, owner.workspaceId))).toEqual([]);
    expect(await getStocktake(owner.token, stocktake.id)).toMatchObject({ status: 'counting', counted_count: 0 });
  });
});

describe('the stock edit of a part or product', () => {
  it('stores its reason and note on the ledger row', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { current_stock: 10 });
    const product = await createProduct(app, token, { current_stock: 3 });
    expect((await call(app, 'PUT', `/api/parts/${part.id}`, { token, body: { current_stock: 8, reason: 'damaged' } })).statusCode).toBe(200);
    expect((await call(app, 'PUT', `/api/products/${product.id}`, { token, body: { current_stock: 2, reason: 'other', reason_note: '展示会' } })).statusCode).toBe(200);
    expect((await call(app, 'PUT', `/api/parts/${part.id}`, { token, body: { current_stock: 9 } })).statusCode).toBe(200);
    const rows = await app.db
      .selectFrom('stock_movements')
      .select(['kind', 'quantity_delta', 'reason', 'note'])
      .where('workspace_id', '=', workspaceId)
      .where('kind', '=', 'adjustment')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { kind: 'adjustment', quantity_delta: -2, reason: 'damaged', note: null },
      { kind: 'adjustment', quantity_delta: -1, reason: 'other', note: '展示会' },
      { kind: 'adjustment', quantity_delta: 1, reason: null, note: null },
    ]);
  });

  it('refuses a reason without a new stock, an unknown reason, and その他 without a note', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { current_stock: 10 });
    const before = await snapshotStockState(app.db, workspaceId);
    const cases: Array<[unknown, string]> = [
      [{ reason: 'damaged' }, '理由は在庫数を変更するときに指定してください'],
      [{ current_stock: 3, reason: 'stolen' }, '理由が正しくありません'],
      [{ current_stock: 3, reason: 'other' }, 'その他の場合は理由の詳細を入力してください'],
    ];
    for (const [body, error] of cases) {
      const response = await call(app, 'PUT', `/api/parts/${part.id}`, { token, body });
      expect([response.statusCode, response.json().error], JSON.stringify(body)).toEqual([400, error]);
    }
    expect(snapshotDifferences(before, await snapshotStockState(app.db, workspaceId))).toEqual([]);
  });
});
