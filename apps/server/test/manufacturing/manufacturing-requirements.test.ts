import type { Requirement, RequirementsResult } from '@inventory/contracts/manufacturing';
import { type KyselyPlugin, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addDays, localDateString } from '../../src/lib/time.ts';
import { holdLock } from '../helpers/held-lock.ts';
import { createOrder } from '../factories/orders.ts';
import { createPart } from '../factories/parts.ts';
import { createProduct } from '../factories/products.ts';
import { type RegisteredUser, registerUser } from '../factories/users.ts';
import { createPlan, insertManufacturingRecord, manufacture, snapshotManufacturing } from '../factories/manufacturing.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

/** X = 2 × ネジ + 1 × 基板; Y = 3 × 基板 + 1 × ケース. Stock: ネジ 20, 基板 5, ケース 0. */
async function twoProducts(owner?: RegisteredUser) {
  const maker = owner ?? (await registerUser(app, { name: '製造担当' }));
  const screw = await createPart(app, maker.token, { name: 'ネジ', current_stock: 20, unit_price: 12.5 });
  const board = await createPart(app, maker.token, { name: '基板', current_stock: 5, unit_price: 300, unit: '枚' });
  const casing = await createPart(app, maker.token, { name: 'ケース', current_stock: 0 });
  const x = await createProduct(app, maker.token, {
    name: 'X',
    recipe: [
      { part_id: screw.id, quantity_required: 2 },
      { part_id: board.id, quantity_required: 1 },
    ],
  });
  const y = await createProduct(app, maker.token, {
    name: 'Y',
    recipe: [
      { part_id: board.id, quantity_required: 3 },
      { part_id: casing.id, quantity_required: 1 },
    ],
  });
  return { owner: maker, screw, board, casing, x, y };
}

const requirements = (token: string, body: unknown) => call(app, 'POST', '/api/manufacturing/requirements', { token, body });
const byPart = (result: RequirementsResult) => new Map(result.requirements.map((row) => [row.part_id, row]));

describe('POST /api/manufacturing/requirements', () => {
  it('adds up every order: required, stock, shortage, unit, on order and to order per part', async () => {
    const { owner, screw, board, casing, x, y } = await twoProducts();
    const plan = await createPlan(app, owner.token, { product_id: y.id, quantity: 1, start_date: '2026-11-01', end_date: '2026-11-02' });
    await createOrder(app, owner.token, board.id, { quantity: 3, status: 'ordered' });
    await createOrder(app, owner.token, board.id, { quantity: 1, status: 'shipped' });
    // Delivered: its 2 are in stock now (5 + 2), no longer on order.
    await createOrder(app, owner.token, board.id, { quantity: 2, status: 'delivered' });
    await createOrder(app, owner.token, board.id, { quantity: 50, status: 'cancelled' });
    const { id: reserved } = await createOrder(app, owner.token, board.id, { quantity: 50 });
    await app.db.updateTable('orders').set({ plan_id: plan.id }).where('id', '=', reserved).execute();

    const orders = [
      { product_id: x.id, quantity: 5 },
      { product_id: y.id, quantity: 2 },
      { product_id: x.id, quantity: 1 },
    ];
    const response = await requirements(owner.token, { orders });
    expect(response.statusCode, response.body).toBe(200);
    const result: RequirementsResult = response.json();
    // Sorted by part name (Japanese collation).
    expect(result.requirements.map((row) => row.part_name)).toEqual(['ケース', 'ネジ', '基板']);
    expect(byPart(result).get(screw.id)).toEqual({
      part_id: screw.id,
      part_name: 'ネジ',
      required_quantity: 12,
      current_stock: 20,
      shortage: 0,
      unit: null,
      on_order: 0,
      to_order: 0,
    } satisfies Requirement);
    expect(byPart(result).get(board.id)).toMatchObject({ required_quantity: 12, current_stock: 7, shortage: 5, unit: '枚', on_order: 4, to_order: 1 });
    expect(byPart(result).get(casing.id)).toMatchObject({ required_quantity: 2, current_stock: 0, shortage: 2, on_order: 0, to_order: 2 });
    expect(result).toMatchObject({ total_parts: 3, has_shortages: true, orders, manufacturing_adjusted: false });
  });

  it('answers no shortages when the stock covers the orders, and an empty list for products without a recipe', async () => {
    const { owner, x } = await twoProducts();
    const bare = await createProduct(app, owner.token);
    const covered = (await requirements(owner.token, { orders: [{ product_id: x.id, quantity: 5 }] })).json();
    expect(covered).toMatchObject({ has_shortages: false, total_parts: 2 });
    expect((await requirements(owner.token, { orders: [{ product_id: bare.id, quantity: 5 }] })).json()).toEqual({
      requirements: [],
      total_parts: 0,
      has_shortages: false,
      orders: [{ product_id: bare.id, quantity: 5 }],
      manufacturing_adjusted: false,
    });
  });

  it('with reduce_by_manufacturing first subtracts what was made between the dates (inclusive), the earlier order first', async () => {
    const { owner, screw, board, x, y } = await twoProducts();
    await insertManufacturingRecord(app, owner.workspaceId, { product: x, quantity: 2, date: '2026-11-01' });
    await insertManufacturingRecord(app, owner.workspaceId, { product: x, quantity: 2, date: '2026-11-30' });
    await insertManufacturingRecord(app, owner.workspaceId, { product: x, quantity: 10, date: '2026-10-31' });
    await insertManufacturingRecord(app, owner.workspaceId, { product: x, quantity: 10, date: '2026-12-01' });
    const orders = [
      { product_id: x.id, quantity: 3 },
      { product_id: y.id, quantity: 1 },
      { product_id: x.id, quantity: 2 },
    ];
    const body = { orders, start_date: '2026-11-01', end_date: '2026-11-30', reduce_by_manufacturing: true };
    const result: RequirementsResult = (await requirements(owner.token, body)).json();
    expect(result.manufacturing_adjusted).toBe(true);
    expect(result.orders).toEqual([
      { product_id: x.id, quantity: 0 },
      { product_id: y.id, quantity: 1 },
      { product_id: x.id, quantity: 1 },
    ]);
    expect(byPart(result).get(screw.id)!.required_quantity).toBe(2);
    expect(byPart(result).get(board.id)!.required_quantity).toBe(4);

    // Without the flag, or without both dates, nothing is subtracted.
    for (const unadjusted of [
      { orders, start_date: '2026-11-01', end_date: '2026-11-30' },
      { orders, start_date: '2026-11-01', reduce_by_manufacturing: true },
    ]) {
      const plain: RequirementsResult = (await requirements(owner.token, unadjusted)).json();
      expect(plain.manufacturing_adjusted).toBe(false);
      expect(plain.orders).toEqual(orders);
      expect(byPart(plain).get(screw.id)!.required_quantity).toBe(10);
    }
  });

  it('runs the same number of queries for one order as for many orders and recipe lines', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const parts = [];
    for (let index = 0; index < 15; index++) parts.push(await createPart(app, owner.token, { current_stock: index }));
    const products = [];
    for (let index = 0; index < 10; index++) {
      products.push(await createProduct(app, owner.token, { recipe: parts.slice(index, index + 5).map((part) => ({ part_id: part.id, quantity_required: 2 })) }));
    }
    // Routes read app.db on each request: for one call it is the database with a plugin that counts queries.
    const countQueries = async (body: unknown) => {
      const original = app.db;
      let queries = 0;
      const counter: KyselyPlugin = {
        transformQuery: ({ node }) => {
          queries++;
          return node;
        },
        transformResult: async ({ result }) => result,
      };
      app.db = original.withPlugin(counter);
      try {
        expect((await requirements(owner.token, body)).statusCode).toBe(200);
        return queries;
      } finally {
        app.db = original;
      }
    };
    const window = { start_date: '2026-11-01', end_date: '2026-11-30', reduce_by_manufacturing: true };
    const one = await countQueries({ orders: [{ product_id: products[0]!.id, quantity: 1 }], ...window });
    const many = await countQueries({ orders: products.map((product) => ({ product_id: product.id, quantity: 3 })), ...window });
    expect(one).toBeGreaterThan(0);
    expect(many).toBe(one);
  });

  it('refuses invalid bodies with 400 and unknown products with 404', async () => {
    const { owner, x } = await twoProducts();
    const order = { product_id: x.id, quantity: 1 };
    for (const [body, message] of [
      [{}, '商品を選択してください'],
      [{ orders: [] }, '商品を選択してください'],
      [{ orders: 'x' }, '商品を選択してください'],
      [{ orders: [{ quantity: 1 }] }, '商品を選択してください'],
      [{ orders: [{ product_id: 99999999999, quantity: 1 }] }, '商品を選択してください'],
      [{ orders: [{ product_id: x.id, quantity: 0 }] }, '数量は1以上の整数で入力してください'],
      [{ orders: [{ product_id: x.id }] }, '数量は1以上の整数で入力してください'],
      [{ orders: Array.from({ length: 201 }, () => order) }, '注文は200件以内で指定してください'],
      [{ orders: [order], start_date: '2026-02-30' }, '開始日が無効です'],
      [{ orders: [order], start_date: '0000-01-01', end_date: '2026-11-30', reduce_by_manufacturing: true }, '開始日が無効です'],
      [{ orders: [order], end_date: 'x' }, '終了日が無効です'],
      [{ orders: [order], start_date: '2026-11-02', end_date: '2026-11-01' }, '終了日は開始日より後の日付にしてください'],
      [{ orders: [order], reduce_by_manufacturing: 'yes' }, 'reduce_by_manufacturingは真偽値で指定してください'],
    ] as const) {
      const response = await requirements(owner.token, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error, JSON.stringify(body).slice(0, 80)).toBe(message);
    }
    const missing = await requirements(owner.token, { orders: [order, { product_id: 987654321, quantity: 1 }] });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: '商品が見つかりません' });
  });
});

describe('GET /api/manufacturing/plans/{id}/requirements', () => {
  it("is the recipe × the plan's remaining quantity, counting open orders free or reserved for this plan", async () => {
    const { owner, screw, board, x } = await twoProducts();
    const plan = await createPlan(app, owner.token, { product_id: x.id, quantity: 12, start_date: '2026-11-01', end_date: '2026-11-30' });
    const otherPlan = await createPlan(app, owner.token, { product_id: x.id, quantity: 1, start_date: '2026-11-01', end_date: '2026-11-30' });
    await manufacture(app, owner.token, x.id, { quantity: 2, manufacturing_date: '2026-11-05' });
    const { id: free } = await createOrder(app, owner.token, board.id, { quantity: 1 });
    const { id: mine } = await createOrder(app, owner.token, board.id, { quantity: 2 });
    const { id: theirs } = await createOrder(app, owner.token, board.id, { quantity: 40 });
    await app.db.updateTable('orders').set({ plan_id: plan.id }).where('id', '=', mine).execute();
    await app.db.updateTable('orders').set({ plan_id: otherPlan.id }).where('id', '=', theirs).execute();
    expect(free).toBeGreaterThan(0);

    const response = await call(app, 'GET', `/api/manufacturing/plans/${plan.id}/requirements`, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    const result: RequirementsResult = response.json();
    // Remaining 10 after making 2; stock after making 2: ネジ 16, 基板 3.
    expect(byPart(result).get(screw.id)).toMatchObject({ required_quantity: 20, current_stock: 16, shortage: 4, on_order: 0, to_order: 4 });
    expect(byPart(result).get(board.id)).toMatchObject({ required_quantity: 10, current_stock: 3, shortage: 7, on_order: 3, to_order: 4 });
    expect(result).toMatchObject({ total_parts: 2, has_shortages: true, orders: [{ product_id: x.id, quantity: 10 }], manufacturing_adjusted: false });

    const missing = await call(app, 'GET', '/api/manufacturing/plans/987654321/requirements', { token: owner.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: '製造計画が見つかりません' });
  });
});

describe('POST /api/manufacturing/plans/{id}/order-shortages', () => {
  const orderShortages = (token: string, planId: number, body: unknown = {}) =>
    call(app, 'POST', `/api/manufacturing/plans/${planId}/order-shortages`, { token, body });

  it('orders each missing part once, at its current unit price, reserved for the plan; again orders nothing', async () => {
    const { owner, screw, board, x } = await twoProducts();
    const plan = await createPlan(app, owner.token, { product_id: x.id, quantity: 12, start_date: '2026-11-01', end_date: '2026-11-30' });
    await createOrder(app, owner.token, board.id, { quantity: 2 });

    const response = await orderShortages(owner.token, plan.id, { expected_delivery_date: '2099-01-10' });
    expect(response.statusCode, response.body).toBe(201);
    const { orders } = response.json();
    const today = localDateString();
    expect(orders).toEqual([
      {
        id: expect.any(Number),
        part_id: screw.id,
        part_name: 'ネジ',
        quantity: 4,
        order_date: today,
        expected_delivery_date: '2099-01-10',
        status: 'ordered',
        delivered_at: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
        plan_id: plan.id,
      },
      expect.objectContaining({ part_id: board.id, quantity: 5, plan_id: plan.id }),
    ]);
    const stored = await app.db.selectFrom('orders').select(['id', 'unit_price_sen', 'created_by']).where('plan_id', '=', plan.id).orderBy('id').execute();
    expect(stored.map((row) => row.unit_price_sen)).toEqual([1250, 30000]);
    expect(stored.every((row) => row.created_by === owner.user.id)).toBe(true);

    const again = await orderShortages(owner.token, plan.id);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ orders: [] });
    const requirementsAfter: RequirementsResult = (await call(app, 'GET', `/api/manufacturing/plans/${plan.id}/requirements`, { token: owner.token })).json();
    expect(requirementsAfter.requirements.every((row) => row.to_order === 0)).toBe(true);

    // Another plan of the same product does not count this plan's orders.
    const second = await createPlan(app, owner.token, { product_id: x.id, quantity: 1, start_date: '2026-11-01', end_date: '2026-11-30', });
    const secondOrders = (await orderShortages(owner.token, second.id, { order_date: '2026-11-20' })).json().orders;
    expect(secondOrders).toEqual([]);
    expect((await call(app, 'GET', `/api/manufacturing/plans/${second.id}/requirements`, { token: owner.token })).json().has_shortages).toBe(false);

    // Deleting the plan keeps its orders, unlinked.
    await call(app, 'DELETE', `/api/manufacturing/plans/${plan.id}`, { token: owner.token });
    const kept = await app.db.selectFrom('orders').select('plan_id').where('id', 'in', stored.map((row) => row.id)).execute();
    expect(kept).toEqual([{ plan_id: null }, { plan_id: null }]);
  });

  it('of two simultaneous clicks, only one orders', async () => {
    const { owner, x } = await twoProducts();
    const start = addDays(localDateString(), 10);
    const plan = await createPlan(app, owner.token, { product_id: x.id, quantity: 30, start_date: start, end_date: addDays(start, 7) });
    // An empty expected date (a form's blank date input) names none: the plan's start date it is.
    const click = () => orderShortages(owner.token, plan.id, { expected_delivery_date: '' });
    const responses = await Promise.all([click(), click(), click()]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    expect(responses.map((response) => response.json().orders.length).sort()).toEqual([0, 0, 2]);
    const created = responses.flatMap((response) => response.json().orders);
    expect(created.map((order: { expected_delivery_date: string | null }) => order.expected_delivery_date)).toEqual([start, start]);
    expect(await app.db.selectFrom('orders').select('id').where('plan_id', '=', plan.id).execute()).toHaveLength(2);
  });

  it("without a named date expects the orders on the plan's start date, or on the order date when the plan started before it", async () => {
    const today = localDateString();
    const expectedDates = async (start: string, body: Record<string, unknown>) => {
      const { owner, x } = await twoProducts();
      const plan = await createPlan(app, owner.token, { product_id: x.id, quantity: 30, start_date: start, end_date: addDays(start, 7) });
      const response = await orderShortages(owner.token, plan.id, body);
      expect(response.statusCode, response.body).toBe(201);
      return response.json().orders.map((order: { order_date: string; expected_delivery_date: string | null }) => [order.order_date, order.expected_delivery_date]);
    };
    const inAWeek = addDays(today, 7);
    expect(await expectedDates(inAWeek, {})).toEqual([[today, inAWeek], [today, inAWeek]]);
    expect(await expectedDates(inAWeek, { expected_delivery_date: null })).toEqual([[today, inAWeek], [today, inAWeek]]);
    expect(await expectedDates(addDays(today, -3), {})).toEqual([[today, today], [today, today]]);
    // A named date wins, and so does a named order date later than the start.
    expect(await expectedDates(inAWeek, { expected_delivery_date: addDays(today, 2) })).toEqual([[today, addDays(today, 2)], [today, addDays(today, 2)]]);
    expect(await expectedDates(inAWeek, { order_date: addDays(today, 9) })).toEqual([[addDays(today, 9), addDays(today, 9)], [addDays(today, 9), addDays(today, 9)]]);
  });

  it('refuses a cancelled plan, bad dates and an order over the quantity cap, creating nothing', async () => {
    const { owner, x } = await twoProducts();
    const plan = await createPlan(app, owner.token, { product_id: x.id, quantity: 30, start_date: '2026-11-01', end_date: '2026-11-30' });
    const huge = await createPlan(app, owner.token, { product_id: x.id, quantity: 1_000_000_000, start_date: '2026-11-01', end_date: '2026-11-30' });
    const cancelled = await createPlan(app, owner.token, { product_id: x.id, quantity: 30, start_date: '2026-11-01', end_date: '2026-11-30' });
    await call(app, 'PUT', `/api/manufacturing/plans/${cancelled.id}`, {
      token: owner.token,
      body: { quantity: 30, start_date: '2026-11-01', end_date: '2026-11-30', status: 'cancelled' },
    });
    const before = await snapshotManufacturing(app, owner.workspaceId);
    for (const [planId, body, status, message] of [
      [cancelled.id, {}, 409, 'キャンセルされた製造計画の不足部品は発注できません'],
      [plan.id, { order_date: '2026-11-20', expected_delivery_date: '2026-11-19' }, 400, '納入予定日は発注日以降の日付にしてください'],
      [plan.id, { order_date: '2026-02-30' }, 400, '発注日はyyyy-MM-dd形式の正しい日付で入力してください'],
      [plan.id, { order_date: '0000-01-01' }, 400, '発注日はyyyy-MM-dd形式の正しい日付で入力してください'],
      [plan.id, { expected_delivery_date: 5 }, 400, '納入予定日はyyyy-MM-dd形式の正しい日付で入力してください'],
      [plan.id, { expected_delivery_date: '2026-13-01' }, 400, '納入予定日はyyyy-MM-dd形式の正しい日付で入力してください'],
      [huge.id, {}, 409, '部品「ネジ」の発注数量が上限の1,000,000,000を超えるため発注できません'],
      [987654321, {}, 404, '製造計画が見つかりません'],
    ] as const) {
      const response = await orderShortages(owner.token, planId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error, JSON.stringify(body)).toBe(message);
    }
    expect(await snapshotManufacturing(app, owner.workspaceId)).toEqual(before);
  });
});

describe('POST /api/manufacturing/requirements/order-shortages', () => {
  const orderShortages = (token: string, body: unknown) => call(app, 'POST', '/api/manufacturing/requirements/order-shortages', { token, body });

  it('orders what the requirements still miss, unreserved; calling again orders nothing', async () => {
    const { owner, board, casing, x, y } = await twoProducts();
    const body = {
      requirements: {
        orders: [
          { product_id: x.id, quantity: 5 },
          { product_id: y.id, quantity: 2 },
        ],
      },
      order_date: '2026-11-22',
      expected_delivery_date: '2026-11-29',
    };
    const response = await orderShortages(owner.token, body);
    expect(response.statusCode, response.body).toBe(201);
    // In the requirements' order (part names), one per part.
    expect(response.json().orders).toEqual([
      expect.objectContaining({ part_id: casing.id, quantity: 2, plan_id: null }),
      expect.objectContaining({ part_id: board.id, quantity: 6, order_date: '2026-11-22', expected_delivery_date: '2026-11-29', plan_id: null }),
    ]);
    const again = await orderShortages(owner.token, body);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual({ orders: [] });
    expect((await requirements(owner.token, body.requirements)).json().requirements.every((row: Requirement) => row.to_order === 0)).toBe(true);
  });

  it("without a named date expects the orders on the requirements' start_date, or on the order date without one", async () => {
    const today = localDateString();
    const expectedDates = async (requirementsBody: Record<string, unknown>) => {
      const { owner, x } = await twoProducts();
      const response = await orderShortages(owner.token, { requirements: { orders: [{ product_id: x.id, quantity: 30 }], ...requirementsBody } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().orders.map((order: { expected_delivery_date: string | null }) => order.expected_delivery_date);
    };
    const inAWeek = addDays(today, 7);
    expect(await expectedDates({ start_date: inAWeek, end_date: addDays(inAWeek, 7), reduce_by_manufacturing: true })).toEqual([inAWeek, inAWeek]);
    expect(await expectedDates({ start_date: addDays(today, -1), end_date: inAWeek })).toEqual([today, today]);
    expect(await expectedDates({})).toEqual([today, today]);
  });

  it('of two simultaneous calls, only one orders', async () => {
    const { owner, x, y } = await twoProducts();
    const body = { requirements: { orders: [{ product_id: x.id, quantity: 5 }, { product_id: y.id, quantity: 2 }] } };
    const responses = await Promise.all([orderShortages(owner.token, body), orderShortages(owner.token, body)]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    expect(responses.map((response) => response.json().orders.length).sort()).toEqual([0, 2]);
    expect(await app.db.selectFrom('orders').select('id').where('workspace_id', '=', owner.workspaceId).execute()).toHaveLength(2);
  });

  it('takes the parts in id order, like a manufacture, so the two cannot deadlock', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const low = await createPart(app, owner.token);
    const high = await createPart(app, owner.token);
    // A rename (an indexed column) writes the lower id's row anew after the higher one's: a scan
    // in storage order now meets the higher id first.
    expect((await call(app, 'PUT', `/api/parts/${low.id}`, { token: owner.token, body: { name: `${low.name}-2` } })).statusCode).toBe(200);
    const product = await createProduct(app, owner.token, {
      recipe: [
        { part_id: low.id, quantity_required: 1 },
        { part_id: high.id, quantity_required: 1 },
      ],
    });
    // On PostgreSQL the call is stopped at the lower id (held here, as a manufacture holds it
    // before it takes the higher one): meanwhile it must not hold the higher id.
    const held = await holdLock(app, sql`select id from parts where id = ${low.id} for no key update`);
    const ordering = orderShortages(owner.token, { requirements: { orders: [{ product_id: product.id, quantity: 5 }] } });
    let highIsFree = true;
    try {
      await held.waitForWaiters(1);
      if (app.dbKind === 'postgres') {
        highIsFree = await app.db.transaction().execute(async (trx) => {
          try {
            await sql`select id from parts where id = ${high.id} for no key update nowait`.execute(trx);
            return true;
          } catch (error) {
            if ((error as { code?: string }).code === '55P03') return false;
            throw error;
          }
        });
      }
    } finally {
      await held.release();
    }
    expect(highIsFree).toBe(true);
    const response = await ordering;
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().orders).toHaveLength(2);
  });

  it('refuses invalid bodies and unknown products, creating nothing', async () => {
    const { owner, x } = await twoProducts();
    const before = await snapshotManufacturing(app, owner.workspaceId);
    for (const [body, status, message] of [
      [{}, 400, 'requirementsは必須です'],
      [{ requirements: { orders: [] } }, 400, '商品を選択してください'],
      [{ requirements: { orders: [{ product_id: x.id, quantity: 5 }] }, order_date: '2026-11-22', expected_delivery_date: '2026-11-01' }, 400, '納入予定日は発注日以降の日付にしてください'],
      [{ requirements: { orders: [{ product_id: 987654321, quantity: 5 }] } }, 404, '商品が見つかりません'],
    ] as const) {
      const response = await orderShortages(owner.token, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error).toBe(message);
    }
    expect(await snapshotManufacturing(app, owner.workspaceId)).toEqual(before);
  });
});
