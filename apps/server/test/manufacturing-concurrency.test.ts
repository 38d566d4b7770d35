import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { holdLock } from './helpers/held-lock.ts';
import {
  createPlan,
  createTestPart,
  createTestProduct,
  expectStocksMatchLedger,
  manufacture,
  registerMaker,
  stockOf,
} from './helpers/manufacturing-factories.ts';
import { call, createTestApp } from './helpers/test-app.ts';

const app = await createTestApp();

const OVER_CAPACITY = /^製造数量が製造可能数を超えています\(最大: \d+個\)$/;
const CONTENDED = '他の製造と同時に処理されたため製造できませんでした。もう一度お試しください';

describe('simultaneous manufactures', () => {
  it('with part stock for exactly N units, exactly N of 3N calls succeed and no part goes below 0', async () => {
    const N = 6;
    const owner = await registerMaker(app);
    const screws = await createTestPart(app, owner, { stock: 2 * N });
    const boards = await createTestPart(app, owner, { stock: N });
    const cases = await createTestPart(app, owner, { stock: 10 * N });
    const product = await createTestProduct(app, owner, {
      recipe: [
        { partId: screws.id, quantity: 2 },
        { partId: boards.id, quantity: 1 },
        { partId: cases.id, quantity: 1 },
      ],
    });
    const plan = await createPlan(app, owner.token, { product_id: product.id, quantity: N + 2, start_date: '2026-11-01', end_date: '2026-11-30' });

    const responses = await Promise.all(Array.from({ length: 3 * N }, () => manufacture(app, owner.token, product.id, { quantity: 1 })));

    const made = responses.filter((response) => response.statusCode === 201);
    expect(made).toHaveLength(N);
    for (const response of responses.filter((response) => response.statusCode !== 201)) {
      expect(response.statusCode, response.body).toBe(409);
      const { error } = response.json();
      expect(error === CONTENDED || OVER_CAPACITY.test(error), error).toBe(true);
    }
    expect(await stockOf(app, 'parts', screws.id)).toBe(0);
    expect(await stockOf(app, 'parts', boards.id)).toBe(0);
    expect(await stockOf(app, 'parts', cases.id)).toBe(9 * N);
    expect(await stockOf(app, 'products', product.id)).toBe(N);
    const records = await app.db.selectFrom('manufacturing_records').select('id').where('workspace_id', '=', owner.workspaceId).execute();
    expect(records).toHaveLength(N);
    // Every record consumed its parts exactly once.
    const consumed = await app.db
      .selectFrom('stock_movements')
      .select(['reference_id', 'part_id', 'quantity_delta'])
      .where('workspace_id', '=', owner.workspaceId)
      .where('kind', '=', 'manufacture_consume')
      .execute();
    expect(consumed).toHaveLength(3 * N);
    expect(new Set(consumed.map((row) => row.reference_id))).toEqual(new Set(records.map((record) => record.id)));
    await expectStocksMatchLedger(app, owner.workspaceId);

    const after = await app.db.selectFrom('manufacturing_plans').select(['remaining_quantity', 'status']).where('id', '=', plan.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ remaining_quantity: 2, status: 'active' });
  });

  it('a manufacture that read a recipe whose part is then removed and deleted makes the product by the new recipe', async () => {
    const owner = await registerMaker(app);
    const kept = await createTestPart(app, owner, { stock: 10 });
    const dropped = await createTestPart(app, owner, { stock: 10 });
    const product = await createTestProduct(app, owner, {
      recipe: [
        { partId: kept.id, quantity: 1 },
        { partId: dropped.id, quantity: 1 },
      ],
    });
    // On PostgreSQL the manufacture is stopped at the first part it takes (held here), after it
    // has read the recipe; meanwhile the recipe drops the other part and that part is deleted.
    const held = await holdLock(app, sql`select id from parts where id = ${kept.id} for no key update`);
    const making = manufacture(app, owner.token, product.id, { quantity: 2 });
    let saved, deleted;
    try {
      await held.waitForWaiters(1);
      saved = await call(app, 'POST', `/api/products/${product.id}/recipe`, {
        token: owner.token,
        body: { recipes: [{ part_id: kept.id, quantity_required: 1 }] },
      });
      deleted = await call(app, 'DELETE', `/api/parts/${dropped.id}`, { token: owner.token });
    } finally {
      await held.release();
    }
    expect(saved.statusCode, saved.body).toBe(200);
    expect(deleted.statusCode, deleted.body).toBe(200);

    const made = await making;
    expect(made.statusCode, made.body).toBe(201);
    expect(await stockOf(app, 'parts', kept.id)).toBe(8);
    expect(await stockOf(app, 'products', product.id)).toBe(2);
    await expectStocksMatchLedger(app, owner.workspaceId);
  });

  it('of products sharing parts in opposite recipe orders never deadlock or fail with a server error', async () => {
    const owner = await registerMaker(app);
    const first = await createTestPart(app, owner, { stock: 40 });
    const second = await createTestPart(app, owner, { stock: 40 });
    // Insertion order of the recipe lines differs; consumption always goes in part id order.
    const a = await createTestProduct(app, owner, {
      recipe: [
        { partId: second.id, quantity: 1 },
        { partId: first.id, quantity: 1 },
      ],
    });
    const b = await createTestProduct(app, owner, {
      recipe: [
        { partId: first.id, quantity: 1 },
        { partId: second.id, quantity: 1 },
      ],
    });
    const responses = await Promise.all(Array.from({ length: 30 }, (_, index) => manufacture(app, owner.token, index % 2 ? a.id : b.id, { quantity: 2 })));
    const made = responses.filter((response) => response.statusCode === 201).length;
    for (const response of responses) expect([201, 409], response.body).toContain(response.statusCode);
    expect(made).toBe(20);
    expect(await stockOf(app, 'parts', first.id)).toBe(0);
    expect(await stockOf(app, 'parts', second.id)).toBe(0);
    await expectStocksMatchLedger(app, owner.workspaceId);
  });
});
