import { describe, expect, it } from 'vitest';
import { createProduct, productWithParts } from '../factories/products.ts';
import { registerUser } from '../factories/users.ts';
import { createPlan, manufacture, snapshotManufacturing } from '../factories/manufacturing.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

const PLAN_KEYS = ['created_at', 'end_date', 'id', 'notes', 'product_id', 'product_name', 'quantity', 'remaining_quantity', 'start_date', 'status', 'updated_at'];
const BAD_IDS = ['abc', '0', '-1', '1.5', '99999999999'];

const planBody = (productId: number, overrides: Record<string, unknown> = {}) => ({
  product_id: productId,
  quantity: 10,
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  ...overrides,
});

/** Bodies that break one rule of the plan form each, with the message the server answers. */
const INVALID_FIELDS: Array<[Record<string, unknown>, string]> = [
  [{ quantity: 0 }, '数量は1以上の整数で入力してください'],
  [{ quantity: -1 }, '数量は1以上の整数で入力してください'],
  [{ quantity: 1.5 }, '数量は1以上の整数で入力してください'],
  [{ quantity: '3' }, '数量は1以上の整数で入力してください'],
  [{ quantity: null }, '数量は1以上の整数で入力してください'],
  [{ quantity: undefined }, '数量は1以上の整数で入力してください'],
  [{ start_date: undefined }, '開始日を入力してください'],
  [{ start_date: '' }, '開始日を入力してください'],
  [{ start_date: null }, '開始日を入力してください'],
  [{ start_date: '2026-02-30' }, '開始日が無効です'],
  [{ start_date: '11/01/2026' }, '開始日が無効です'],
  [{ start_date: '0000-11-01' }, '開始日が無効です'],
  [{ end_date: undefined }, '終了日を入力してください'],
  [{ end_date: '' }, '終了日を入力してください'],
  [{ end_date: '2026-11-31' }, '終了日が無効です'],
  [{ end_date: 'someday' }, '終了日が無効です'],
  [{ end_date: '2026-11-01' }, '終了日は開始日より後の日付にしてください'],
  [{ end_date: '2026-10-31' }, '終了日は開始日より後の日付にしてください'],
];

async function planFixture() {
  const owner = await registerUser(app, { name: '製造担当' });
  const { product, parts } = await productWithParts(app, owner.token, [{ stock: 100, quantity: 1 }], 'ランプ');
  return { owner, product, parts };
}

describe('POST /api/manufacturing/plans', () => {
  it('creates an active plan whose remaining quantity is its quantity', async () => {
    const { owner, product } = await planFixture();
    const response = await call(app, 'POST', '/api/manufacturing/plans', { token: owner.token, body: planBody(product.id, { notes: '年末分' }) });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(Object.keys(created).sort()).toEqual(PLAN_KEYS);
    expect(created).toMatchObject({
      product_id: product.id,
      product_name: 'ランプ',
      quantity: 10,
      remaining_quantity: 10,
      start_date: '2026-11-01',
      end_date: '2026-11-30',
      status: 'active',
      notes: '年末分',
    });
    expect((await call(app, 'GET', `/api/manufacturing/plans/${created.id}`, { token: owner.token })).json()).toEqual(created);
  });

  it('counts what was made in its window before it was entered, as the requirements check subtracts it', async () => {
    const { owner, product } = await planFixture();
    const made = async (quantity: number, manufacturing_date: string) =>
      expect((await manufacture(app, owner.token, product.id, { quantity, manufacturing_date })).statusCode).toBe(201);
    await made(3, '2026-11-01');
    await made(1, '2026-11-30');
    await made(5, '2026-10-31');
    await made(5, '2026-12-01');
    const check = async (quantity: number) => {
      const response = await call(app, 'POST', '/api/manufacturing/requirements', {
        token: owner.token,
        body: { orders: [{ product_id: product.id, quantity }], start_date: '2026-11-01', end_date: '2026-11-30', reduce_by_manufacturing: true },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().orders[0].quantity;
    };

    // The check says 26 to make; the plan created right after shows 4 of 30 made, 26 remaining.
    expect(await check(30)).toBe(26);
    const plan = await createPlan(app, owner.token, planBody(product.id, { quantity: 30 }));
    expect(plan).toMatchObject({ quantity: 30, remaining_quantity: 26, status: 'active' });

    // Those 4 are the plan's now: another plan over the same days starts from 0, and the check agrees.
    expect(await check(5)).toBe(5);
    expect(await createPlan(app, owner.token, planBody(product.id, { quantity: 5, start_date: '2026-11-15' }))).toMatchObject({ remaining_quantity: 5 });

    // A cancelled plan gives them back; a plan they cover starts completed.
    await call(app, 'PUT', `/api/manufacturing/plans/${plan.id}`, {
      token: owner.token,
      body: { quantity: 30, start_date: '2026-11-01', end_date: '2026-11-30', status: 'cancelled' },
    });
    expect(await check(4)).toBe(0);
    expect(await createPlan(app, owner.token, planBody(product.id, { quantity: 4 }))).toMatchObject({ remaining_quantity: 0, status: 'completed' });
    // A window the records miss counts nothing.
    expect(await createPlan(app, owner.token, planBody(product.id, { quantity: 2, start_date: '2026-11-02', end_date: '2026-11-29' }))).toMatchObject({
      remaining_quantity: 2,
    });
  });

  it('refuses every rule of section 5 with its message and stores nothing', async () => {
    const { owner, product } = await planFixture();
    const before = await snapshotManufacturing(app, owner.workspaceId);
    const cases: Array<[Record<string, unknown>, string]> = [
      ...INVALID_FIELDS,
      [{ product_id: undefined }, '商品を選択してください'],
      [{ product_id: null }, '商品を選択してください'],
      [{ product_id: 0 }, '商品を選択してください'],
      [{ product_id: 'abc' }, '商品を選択してください'],
      [{ product_id: 99999999999 }, '商品を選択してください'],
      [{ notes: 'x'.repeat(1001) }, '備考は1000文字以内で入力してください'],
    ];
    for (const [overrides, message] of cases) {
      const response = await call(app, 'POST', '/api/manufacturing/plans', { token: owner.token, body: planBody(product.id, overrides) });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().error, JSON.stringify(overrides)).toBe(message);
    }
    expect(await snapshotManufacturing(app, owner.workspaceId)).toEqual(before);
  });

  it('answers 404 for an unknown product', async () => {
    const { owner } = await planFixture();
    const response = await call(app, 'POST', '/api/manufacturing/plans', { token: owner.token, body: planBody(987654321) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: '商品が見つかりません' });
  });
});

describe('GET /api/manufacturing/plans and its lists', () => {
  async function threePlans() {
    const { owner, product } = await planFixture();
    const late = await createPlan(app, owner.token, planBody(product.id, { start_date: '2026-12-01', end_date: '2026-12-20' }));
    const early = await createPlan(app, owner.token, planBody(product.id, { start_date: '2026-10-01', end_date: '2026-10-10' }));
    const cancelled = await createPlan(app, owner.token, planBody(product.id, { start_date: '2026-11-05', end_date: '2026-11-06' }));
    await call(app, 'PUT', `/api/manufacturing/plans/${cancelled.id}`, {
      token: owner.token,
      body: { quantity: 10, start_date: '2026-11-05', end_date: '2026-11-06', status: 'cancelled' },
    });
    return { owner, late, early, cancelled };
  }
  const ids = (response: { json: () => Array<{ id: number }> }) => response.json().map((plan) => plan.id);

  it('lists plans earliest start first, filtered by status', async () => {
    const { owner, late, early, cancelled } = await threePlans();
    expect(ids(await call(app, 'GET', '/api/manufacturing/plans', { token: owner.token }))).toEqual([early.id, cancelled.id, late.id]);
    expect(ids(await call(app, 'GET', '/api/manufacturing/plans?status=cancelled', { token: owner.token }))).toEqual([cancelled.id]);
    expect(ids(await call(app, 'GET', '/api/manufacturing/plans/active/list', { token: owner.token }))).toEqual([early.id, late.id]);
    const bad = await call(app, 'GET', '/api/manufacturing/plans?status=done', { token: owner.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('状態が正しくありません');
  });

  it('answers the plans overlapping a range, both ends inclusive', async () => {
    const { owner, late, early, cancelled } = await threePlans();
    const range = (start: string, end: string) => call(app, 'GET', `/api/manufacturing/plans/range/${start}/${end}`, { token: owner.token });
    expect(ids(await range('2026-10-10', '2026-11-05'))).toEqual([early.id, cancelled.id]);
    expect(ids(await range('2026-11-07', '2026-11-30'))).toEqual([]);
    expect(ids(await range('2026-12-20', '2026-12-20'))).toEqual([late.id]);
    for (const [start, end, message] of [
      ['2026-12-02', '2026-12-01', '終了日は開始日より後の日付にしてください'],
      ['2026-02-30', '2026-03-01', '開始日が無効です'],
      ['0000-01-01', '2026-03-01', '開始日が無効です'],
      ['2026-03-01', 'tomorrow', '終了日が無効です'],
    ] as const) {
      const response = await range(start, end);
      expect(response.statusCode, `${start}/${end}`).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });

  it('answers 404 for an unknown plan and 400 for a bad id', async () => {
    const { owner } = await planFixture();
    const missing = await call(app, 'GET', '/api/manufacturing/plans/987654321', { token: owner.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: '製造計画が見つかりません' });
    for (const id of BAD_IDS) {
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const response = await call(app, method, `/api/manufacturing/plans/${id}`, { token: owner.token, ...(method === 'PUT' ? { body: planBody(1) } : {}) });
        expect(response.statusCode, `${method} ${id}`).toBe(400);
      }
      expect((await call(app, 'GET', `/api/manufacturing/plans/${id}/requirements`, { token: owner.token })).statusCode).toBe(400);
    }
  });
});

describe('PUT /api/manufacturing/plans/{id}', () => {
  const put = (token: string, id: number, body: Record<string, unknown>) =>
    call(app, 'PUT', `/api/manufacturing/plans/${id}`, { token, body: { start_date: '2026-11-01', end_date: '2026-11-30', ...body } });

  it('keeps what was made: remaining = max(0, quantity − made), completed at 0, reopened when the quantity rises', async () => {
    const { owner, product } = await planFixture();
    const plan = await createPlan(app, owner.token, planBody(product.id));
    await manufacture(app, owner.token, product.id, { quantity: 4, manufacturing_date: '2026-11-10' });

    const raised = await put(owner.token, plan.id, { quantity: 12, start_date: '2026-11-02', end_date: '2026-12-05' });
    expect(raised.statusCode, raised.body).toBe(200);
    expect(raised.json()).toMatchObject({ quantity: 12, remaining_quantity: 8, status: 'active', start_date: '2026-11-02', end_date: '2026-12-05' });

    const lowered = await put(owner.token, plan.id, { quantity: 3 });
    expect(lowered.json()).toMatchObject({ quantity: 3, remaining_quantity: 0, status: 'completed' });

    const reopened = await put(owner.token, plan.id, { quantity: 5 });
    expect(reopened.json()).toMatchObject({ quantity: 5, remaining_quantity: 2, status: 'active' });
  });

  it('honours an explicit status: cancelled stays cancelled until reopened, active with nothing left is completed', async () => {
    const { owner, product } = await planFixture();
    const plan = await createPlan(app, owner.token, planBody(product.id, { quantity: 2 }));

    expect((await put(owner.token, plan.id, { quantity: 2, status: 'cancelled' })).json()).toMatchObject({ status: 'cancelled', remaining_quantity: 2 });
    expect((await put(owner.token, plan.id, { quantity: 3 })).json()).toMatchObject({ status: 'cancelled', remaining_quantity: 3 });
    expect((await put(owner.token, plan.id, { quantity: 3, status: 'active' })).json()).toMatchObject({ status: 'active', remaining_quantity: 3 });

    await manufacture(app, owner.token, product.id, { quantity: 3, manufacturing_date: '2026-11-03' });
    expect((await call(app, 'GET', `/api/manufacturing/plans/${plan.id}`, { token: owner.token })).json()).toMatchObject({
      status: 'completed',
      remaining_quantity: 0,
    });
    expect((await put(owner.token, plan.id, { quantity: 3, status: 'active' })).json()).toMatchObject({ status: 'completed', remaining_quantity: 0 });
    expect((await put(owner.token, plan.id, { quantity: 3, status: 'completed' })).json()).toMatchObject({ status: 'completed' });
  });

  it('keeps the notes when they are left out and clears them when empty', async () => {
    const { owner, product } = await planFixture();
    const plan = await createPlan(app, owner.token, planBody(product.id, { notes: '年末分' }));
    expect((await put(owner.token, plan.id, { quantity: 10 })).json().notes).toBe('年末分');
    expect((await put(owner.token, plan.id, { quantity: 10, notes: '変更' })).json().notes).toBe('変更');
    expect((await put(owner.token, plan.id, { quantity: 10, notes: '' })).json().notes).toBeNull();
  });

  it('refuses every rule of section 5 with its message and changes nothing', async () => {
    const { owner, product } = await planFixture();
    const plan = await createPlan(app, owner.token, planBody(product.id));
    const before = await snapshotManufacturing(app, owner.workspaceId);
    for (const [overrides, message] of [...INVALID_FIELDS, [{ status: 'done' }, '状態が正しくありません'] as [Record<string, unknown>, string]]) {
      const body = { quantity: 10, start_date: '2026-11-01', end_date: '2026-11-30', ...overrides };
      const response = await call(app, 'PUT', `/api/manufacturing/plans/${plan.id}`, { token: owner.token, body });
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json().error, JSON.stringify(overrides)).toBe(message);
    }
    const missing = await put(owner.token, 987654321, { quantity: 1 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: '製造計画が見つかりません' });
    expect(await snapshotManufacturing(app, owner.workspaceId)).toEqual(before);
  });
});

describe('DELETE /api/manufacturing/plans/{id}', () => {
  it('deletes the plan and answers 404 afterwards', async () => {
    const { owner, product } = await planFixture();
    const plan = await createPlan(app, owner.token, planBody(product.id));
    const response = await call(app, 'DELETE', `/api/manufacturing/plans/${plan.id}`, { token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: '製造計画を削除しました' });
    for (const method of ['GET', 'DELETE'] as const) {
      const again = await call(app, method, `/api/manufacturing/plans/${plan.id}`, { token: owner.token });
      expect(again.statusCode).toBe(404);
      expect(again.json()).toEqual({ error: '製造計画が見つかりません' });
    }
  });
});

describe('manufacturing counts towards plans', () => {
  it('reduces active plans covering the date, earliest start first, completing those that reach 0', async () => {
    const { owner, product } = await planFixture();
    const other = await createProduct(app, owner.token);
    const get = async (id: number) => (await call(app, 'GET', `/api/manufacturing/plans/${id}`, { token: owner.token })).json();
    // Created later but starting earlier: it is served first.
    const second = await createPlan(app, owner.token, planBody(product.id, { quantity: 5, start_date: '2026-11-10', end_date: '2026-12-10' }));
    const first = await createPlan(app, owner.token, planBody(product.id, { quantity: 5, start_date: '2026-11-01', end_date: '2026-11-15' }));
    const later = await createPlan(app, owner.token, planBody(product.id, { quantity: 5, start_date: '2026-11-16', end_date: '2026-11-30' }));
    const cancelled = await createPlan(app, owner.token, planBody(product.id, { quantity: 5, start_date: '2026-11-01', end_date: '2026-11-30' }));
    await call(app, 'PUT', `/api/manufacturing/plans/${cancelled.id}`, {
      token: owner.token,
      body: { quantity: 5, start_date: '2026-11-01', end_date: '2026-11-30', status: 'cancelled' },
    });
    const otherProduct = await createPlan(app, owner.token, planBody(other.id, { quantity: 5 }));

    expect((await manufacture(app, owner.token, product.id, { quantity: 7, manufacturing_date: '2026-11-15' })).statusCode).toBe(201);
    expect(await get(first.id)).toMatchObject({ remaining_quantity: 0, status: 'completed' });
    expect(await get(second.id)).toMatchObject({ remaining_quantity: 3, status: 'active' });
    expect(await get(later.id)).toMatchObject({ remaining_quantity: 5, status: 'active' });
    expect(await get(cancelled.id)).toMatchObject({ remaining_quantity: 5, status: 'cancelled' });
    expect(await get(otherProduct.id)).toMatchObject({ remaining_quantity: 5, status: 'active' });

    // Outside every range: no plan moves.
    await manufacture(app, owner.token, product.id, { quantity: 2, manufacturing_date: '2026-10-31' });
    expect(await get(second.id)).toMatchObject({ remaining_quantity: 3 });

    // On the last day of a range, more than the plans need: both complete, the rest is simply made.
    await manufacture(app, owner.token, product.id, { quantity: 20, manufacturing_date: '2026-11-30' });
    expect(await get(second.id)).toMatchObject({ remaining_quantity: 0, status: 'completed' });
    expect(await get(later.id)).toMatchObject({ remaining_quantity: 0, status: 'completed' });
  });
});
