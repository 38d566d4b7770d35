import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { holdLock } from '../helpers/held-lock.ts';
import { registerUser, signedInWorkspace } from '../factories/users.ts';
import { createPlan, manufacture, stockOf } from '../factories/manufacturing.ts';
import { createPart, receive } from '../factories/parts.ts';
import { createProduct, setRecipe } from '../factories/products.ts';
import { checkStockInvariants, expectStockMatchesLedger } from '../helpers/stock-invariants.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

const OVER_CAPACITY = /^製造数量が製造可能数を超えています\(最大: \d+個\)$/;
const CONTENDED = '他の製造と同時に処理されたため製造できませんでした。もう一度お試しください';

describe('simultaneous manufactures', () => {
  it('with part stock for exactly N units, exactly N of 3N calls succeed and no part goes below 0', async () => {
    const N = 6;
    const owner = await registerUser(app, { name: '製造担当' });
    const screws = await createPart(app, owner.token, { current_stock: 2 * N });
    const boards = await createPart(app, owner.token, { current_stock: N });
    const cases = await createPart(app, owner.token, { current_stock: 10 * N });
    const product = await createProduct(app, owner.token, {
      recipe: [
        { part_id: screws.id, quantity_required: 2 },
        { part_id: boards.id, quantity_required: 1 },
        { part_id: cases.id, quantity_required: 1 },
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
    await expectStockMatchesLedger(app, owner.workspaceId);

    const after = await app.db.selectFrom('manufacturing_plans').select(['remaining_quantity', 'status']).where('id', '=', plan.id).executeTakeFirstOrThrow();
    expect(after).toEqual({ remaining_quantity: 2, status: 'active' });
  });

  it('a recipe save arriving during a manufacture waits for it, so the manufacture uses the recipe it read', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const kept = await createPart(app, owner.token, { current_stock: 10 });
    const dropped = await createPart(app, owner.token, { current_stock: 10 });
    const product = await createProduct(app, owner.token, {
      recipe: [
        { part_id: kept.id, quantity_required: 1 },
        { part_id: dropped.id, quantity_required: 1 },
      ],
    });
    // On PostgreSQL the manufacture is stopped at the first part it takes (held here), after it
    // has locked the product and read the recipe; the save that drops the other part queues
    // behind it on the product's row.
    const held = await holdLock(app, sql`select id from parts where id = ${kept.id} for no key update`);
    const making = manufacture(app, owner.token, product.id, { quantity: 2 });
    let saving;
    try {
      await held.waitForWaiters(1);
      saving = call(app, 'POST', `/api/products/${product.id}/recipe`, {
        token: owner.token,
        body: { recipes: [{ part_id: kept.id, quantity_required: 1 }] },
      });
      await held.waitForWaiters(2, saving);
    } finally {
      await held.release();
    }
    const made = await making;
    expect(made.statusCode, made.body).toBe(201);
    const saved = await saving;
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await stockOf(app, 'parts', kept.id)).toBe(8);
    expect(await stockOf(app, 'parts', dropped.id)).toBe(8);
    expect(await stockOf(app, 'products', product.id)).toBe(2);
    const deleted = await call(app, 'DELETE', `/api/parts/${dropped.id}`, { token: owner.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await expectStockMatchesLedger(app, owner.workspaceId);
  });

  it('of products sharing parts in opposite recipe orders never deadlock or fail with a server error', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const first = await createPart(app, owner.token, { current_stock: 40 });
    const second = await createPart(app, owner.token, { current_stock: 40 });
    // Insertion order of the recipe lines differs; consumption always goes in part id order.
    const a = await createProduct(app, owner.token, {
      recipe: [
        { part_id: second.id, quantity_required: 1 },
        { part_id: first.id, quantity_required: 1 },
      ],
    });
    const b = await createProduct(app, owner.token, {
      recipe: [
        { part_id: first.id, quantity_required: 1 },
        { part_id: second.id, quantity_required: 1 },
      ],
    });
    const responses = await Promise.all(Array.from({ length: 30 }, (_, index) => manufacture(app, owner.token, index % 2 ? a.id : b.id, { quantity: 2 })));
    const made = responses.filter((response) => response.statusCode === 201).length;
    for (const response of responses) expect([201, 409], response.body).toContain(response.statusCode);
    expect(made).toBe(20);
    expect(await stockOf(app, 'parts', first.id)).toBe(0);
    expect(await stockOf(app, 'parts', second.id)).toBe(0);
    await expectStockMatchesLedger(app, owner.workspaceId);
  });

  it('keep every stored capacity right while stock changes, recipe saves and renames run at once', async () => {
    const owner = await signedInWorkspace(app);
    const parts = await Promise.all(Array.from({ length: 4 }, () => createPart(app, owner.token, { current_stock: 60 })));
    const [a, b, c, d] = parts.map((part) => part.id) as [number, number, number, number];
    const products = await Promise.all(Array.from({ length: 3 }, () => createProduct(app, owner.token)));
    const recipes = [
      [{ part_id: a, quantity_required: 1 }, { part_id: b, quantity_required: 2 }],
      [{ part_id: b, quantity_required: 1 }, { part_id: c, quantity_required: 3 }],
      [{ part_id: c, quantity_required: 1 }, { part_id: d, quantity_required: 1 }, { part_id: a, quantity_required: 2 }],
    ];
    for (const [index, product] of products.entries()) await setRecipe(app, owner.token, product.id, recipes[index]!);

    const token = owner.token;
    const calls = Array.from({ length: 48 }, (_, index) => {
      const product = products[index % 3]!;
      const part = parts[index % 4]!;
      switch (index % 6) {
        case 0:
          return manufacture(app, token, product.id, { quantity: 1 + (index % 2) });
        case 1:
          return receive(app, token, part.id, 3);
        case 2:
          return call(app, 'PUT', `/api/parts/${part.id}`, { token, body: { current_stock: 40 + index } });
        case 3:
          return call(app, 'PUT', `/api/parts/${part.id}`, { token, body: { name: `${part.name}-${index}` } });
        case 4:
          return call(app, 'POST', `/api/products/${product.id}/recipe`, { token, body: { recipes: recipes[(index + 1) % 3] } });
        default:
          return call(app, 'POST', `/api/products/${products[(index + 1) % 3]!.id}/copy`, { token, body: { name: `コピー-${index}` } });
      }
    });
    for (const response of await Promise.all(calls)) expect([200, 201, 409], response.body).toContain(response.statusCode);

    const stored = await app.db.selectFrom('product_recipe_totals').select('product_id').where('workspace_id', '=', owner.workspaceId).execute();
    expect(stored.length).toBeGreaterThanOrEqual(3 + 8);
    await checkStockInvariants(app.db, owner.workspaceId);
  });

  it('a recipe save waits for a stock change of its parts in flight and stores the capacity it leaves', async () => {
    const owner = await signedInWorkspace(app);
    const part = await createPart(app, owner.token, { current_stock: 10 });
    const product = await createProduct(app, owner.token);
    // On PostgreSQL a transaction has changed the part's stock and not committed yet; the save
    // must not compute the capacity from the stock before it.
    const held = await holdLock(app, sql`update parts set current_stock = current_stock + 5 where id = ${part.id}`);
    let saving;
    try {
      saving = call(app, 'POST', `/api/products/${product.id}/recipe`, {
        token: owner.token,
        body: { recipes: [{ part_id: part.id, quantity_required: 5 }] },
      });
      await held.waitForWaiters(1, saving);
    } finally {
      await held.release();
    }
    expect((await saving).statusCode).toBe(200);
    const stock = await stockOf(app, 'parts', part.id);
    const capacity = await call(app, 'GET', `/api/manufacturing/capacity/${product.id}`, { token: owner.token });
    expect(capacity.json()).toMatchObject({ max_manufacturable: Math.floor(stock / 5), limiting_parts: [{ part_id: part.id, current_stock: stock }] });
  });
});
