import { describe, expect, it } from 'vitest';
import { storeInviteCode, registerUser } from '../factories/users.ts';
import { expectPagedHistory } from '../helpers/history-pages.ts';
import { createPart } from '../factories/parts.ts';
import { createOrder, orderRow, partStockState } from '../factories/orders.ts';
import { call, createTestApp } from '../helpers/test-app.ts';
import { addDays, localDateString } from '../../src/lib/time.ts';

const app = await createTestApp();

const BAD_IDS = ['abc', '0', '-1', '1.5', '99999999999', '1e3x'];
const ORDER_KEYS = [
  'created_at',
  'delivered_at',
  'expected_delivery_date',
  'id',
  'order_date',
  'part_id',
  'part_name',
  'plan_id',
  'quantity',
  'status',
  'updated_at',
];

/** Two workspaces, the first with a part and an order, for isolation checks. */
async function ownerAndStranger() {
  const owner = await registerUser(app, { name: 'オーナー' });
  const stranger = await registerUser(app, { name: '他人' });
  const part = await createPart(app, owner.token, { name: 'M3ネジ', current_stock: 4 });
  const { id: orderId } = await createOrder(app, owner.token, part.id, { quantity: 7, expected_delivery_date: '2026-05-20' });
  return { owner, stranger, part, orderId };
}

describe('GET /api/orders', () => {
  it('lists the workspace orders with the part name, newest order date first, then newest id', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const screw = await createPart(app, owner.token, { name: 'ネジ' });
    const board = await createPart(app, owner.token, { name: '基板' });
    const { id: older } = await createOrder(app, owner.token, screw.id, { order_date: '2026-04-01' });
    const { id: sameDayFirst } = await createOrder(app, owner.token, board.id, { order_date: '2026-05-02', quantity: 3 });
    const { id: sameDaySecond } = await createOrder(app, owner.token, screw.id, {
      order_date: '2026-05-02',
      expected_delivery_date: '2026-05-10',
      status: 'shipped',
    });
    const { id: newest } = await createOrder(app, owner.token, board.id, { order_date: '2026-06-01', status: 'cancelled' });
    const other = await registerUser(app, { name: '発注担当' });
    await createOrder(app, other.token, (await createPart(app, other.token)).id);

    const response = await call(app, 'GET', '/api/orders', { token: owner.token });
    expect(response.statusCode).toBe(200);
    const orders = response.json();
    expect(orders.map((order: { id: number }) => order.id)).toEqual([newest, sameDaySecond, sameDayFirst, older]);
    expect(Object.keys(orders[0]).sort()).toEqual(ORDER_KEYS);
    expect(orders[1]).toMatchObject({
      part_id: screw.id,
      part_name: 'ネジ',
      quantity: 10,
      order_date: '2026-05-02',
      expected_delivery_date: '2026-05-10',
      status: 'shipped',
      delivered_at: null,
    });
    expect(orders[2]).toMatchObject({ part_name: '基板', quantity: 3, expected_delivery_date: null, status: 'ordered' });
  });

  it('answers the newest 1,000 unless asked (at most 10,000), and pages on by before_date and before_id', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const other = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token);
    const otherPart = await createPart(app, other.token);
    const now = new Date().toISOString();
    const row = (workspaceId: number, partId: number, n: number) => ({
      workspace_id: workspaceId,
      part_id: partId,
      quantity: 1 + (n % 5),
      order_date: `2026-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 3)).padStart(2, '0')}`,
      status: 'ordered' as const,
      created_at: now,
      updated_at: now,
    });
    // 1,050 orders on 36 days (about 29 a day), in an order that is not the list's; the other
    // workspace's orders in between must never show. Stored straight in the table: only the
    // listing is under test, and a thousand API calls would only slow it down.
    const inserted: Array<{ id: number; order_date: string }> = [];
    for (let start = 0; start < 1050; start += 350) {
      const values = Array.from({ length: 350 }, (_, offset) => row(owner.workspaceId, part.id, start + offset));
      inserted.push(...(await app.db.insertInto('orders').values(values).returning(['id', 'order_date']).execute()));
      await app.db.insertInto('orders').values([row(other.workspaceId, otherPart.id, start)]).execute();
    }
    const expected = inserted.sort((a, b) => (a.order_date === b.order_date ? b.id - a.id : a.order_date < b.order_date ? 1 : -1)).map((order) => order.id);
    await expectPagedHistory(app, owner.token, '/api/orders', 'order_date', expected);
  });

  it('due=overdue and due=upcoming answer exactly the open orders the dashboard alerts count', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token);
    const today = localDateString();
    const order = async (expected: string | null, status: 'ordered' | 'shipped' | 'delivered' | 'cancelled' = 'ordered', order_date = addDays(today, -60)) =>
      (await createOrder(app, owner.token, part.id, { expected_delivery_date: expected, status, order_date })).id;
    const overdueOld = await order(addDays(today, -30), 'ordered', addDays(today, -400));
    const overdueShipped = await order(addDays(today, -1), 'shipped');
    const dueToday = await order(today);
    const dueInThree = await order(addDays(today, 3), 'shipped');
    await order(addDays(today, 4));
    await order(null);
    await order(addDays(today, -2), 'delivered');
    await order(addDays(today, 1), 'cancelled');
    const other = await registerUser(app, { name: '発注担当' });
    await createOrder(app, other.token, (await createPart(app, other.token)).id, { expected_delivery_date: addDays(today, -1) });

    const list = async (due: string) => {
      const response = await call(app, 'GET', `/api/orders?due=${due}`, { token: owner.token });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().map((row: { id: number }) => row.id);
    };
    expect(await list('overdue')).toEqual([overdueShipped, overdueOld]);
    expect(await list('upcoming')).toEqual([dueInThree, dueToday]);
    const alerts = (await call(app, 'GET', '/api/dashboard/alerts', { token: owner.token })).json();
    expect(alerts.overdueOrders.map((row: { id: number }) => row.id).sort()).toEqual([overdueOld, overdueShipped].sort());
    expect(alerts.upcomingOrders.map((row: { id: number }) => row.id).sort()).toEqual([dueToday, dueInThree].sort());

    // Paging works the same inside the filter.
    const first = (await call(app, 'GET', '/api/orders?due=overdue&limit=1', { token: owner.token })).json();
    const next = await call(app, 'GET', `/api/orders?due=overdue&limit=1&before_date=${first[0].order_date}&before_id=${first[0].id}`, { token: owner.token });
    expect(next.json().map((row: { id: number }) => row.id)).toEqual([overdueOld]);

    const bad = await call(app, 'GET', '/api/orders?due=late', { token: owner.token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('due は overdue か upcoming で指定してください');
  });

  it('answers an empty list for a workspace without orders, and 401 without a session', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const response = await call(app, 'GET', '/api/orders', { token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect((await call(app, 'GET', '/api/orders')).statusCode).toBe(401);
  });
});

describe('GET /api/orders/{id}', () => {
  it('answers one order with its part name', async () => {
    const { owner, part, orderId } = await ownerAndStranger();
    const response = await call(app, 'GET', `/api/orders/${orderId}`, { token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: orderId,
      part_id: part.id,
      part_name: 'M3ネジ',
      quantity: 7,
      order_date: '2026-05-01',
      expected_delivery_date: '2026-05-20',
      status: 'ordered',
      delivered_at: null,
    });
  });

  it("answers 404 for another workspace's order and for an unknown id", async () => {
    const { stranger, orderId } = await ownerAndStranger();
    for (const id of [orderId, 987654321]) {
      const response = await call(app, 'GET', `/api/orders/${id}`, { token: stranger.token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: '発注が見つかりません' });
    }
  });

  it('answers 400 for an id that is not a positive integer', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    for (const id of BAD_IDS) {
      const response = await call(app, 'GET', `/api/orders/${id}`, { token: owner.token });
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({ error: 'IDが正しくありません' });
    }
  });
});

describe('PUT /api/orders/{id}', () => {
  it('changes the status and the expected delivery date, without touching stock', async () => {
    const { owner, part, orderId } = await ownerAndStranger();
    const response = await call(app, 'PUT', `/api/orders/${orderId}`, {
      token: owner.token,
      body: { status: 'shipped', expected_delivery_date: '2026-05-25' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      id: orderId,
      part_name: 'M3ネジ',
      status: 'shipped',
      expected_delivery_date: '2026-05-25',
      delivered_at: null,
    });
    expect(await orderRow(app, orderId)).toMatchObject({ status: 'shipped', expected_delivery_date: '2026-05-25' });
    const state = await partStockState(app, part.id);
    expect(state.stock).toBe(4);
    expect(state.entries).toEqual([]);
  });

  it('clears the expected delivery date when it is empty, null or left out', async () => {
    const { owner, orderId } = await ownerAndStranger();
    for (const body of [
      { status: 'ordered', expected_delivery_date: '' },
      { status: 'ordered', expected_delivery_date: null },
      { status: 'ordered' },
    ]) {
      await call(app, 'PUT', `/api/orders/${orderId}`, {
        token: owner.token,
        body: { status: 'ordered', expected_delivery_date: '2026-05-30' },
      });
      const response = await call(app, 'PUT', `/api/orders/${orderId}`, { token: owner.token, body });
      expect(response.statusCode, JSON.stringify(body)).toBe(200);
      expect(response.json().expected_delivery_date).toBeNull();
    }
  });

  it('cancels an order and reopens it as ordered or shipped', async () => {
    const { owner, orderId } = await ownerAndStranger();
    for (const status of ['cancelled', 'ordered', 'cancelled', 'shipped', 'ordered']) {
      const response = await call(app, 'PUT', `/api/orders/${orderId}`, {
        token: owner.token,
        body: { status, expected_delivery_date: '2026-05-20' },
      });
      expect(response.statusCode, status).toBe(200);
      expect(response.json().status).toBe(status);
    }
  });

  it('delivers the order when the status becomes delivered: stock, ledger and stock entry once', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token, { current_stock: 5, unit_price: 12.5 });
    const { id: orderId } = await createOrder(app, owner.token, part.id, { quantity: 12, status: 'shipped' });

    const response = await call(app, 'PUT', `/api/orders/${orderId}`, {
      token: owner.token,
      body: { status: 'delivered', expected_delivery_date: '2026-05-09' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ status: 'delivered', expected_delivery_date: '2026-05-09' });
    expect(response.json().delivered_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    const state = await partStockState(app, part.id);
    expect(state.stock).toBe(17);
    expect(state.movementSum).toBe(17);
    expect(state.movements.at(-1)).toMatchObject({
      kind: 'order_delivery',
      quantity_delta: 12,
      balance_after: 17,
      reference_id: orderId,
    });
    expect(state.entries).toHaveLength(1);
    expect(state.entries[0]).toMatchObject({ quantity: 12, unit_price_sen: 1250, order_id: orderId });
  });

  it('refuses any change of a delivered order with 409 and changes nothing', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token, { current_stock: 3 });
    const { id: orderId } = await createOrder(app, owner.token, part.id, { quantity: 10, status: 'delivered', expected_delivery_date: '2026-05-03' });
    const before = await orderRow(app, orderId);
    for (const status of ['ordered', 'shipped', 'cancelled', 'delivered']) {
      const response = await call(app, 'PUT', `/api/orders/${orderId}`, {
        token: owner.token,
        body: { status, expected_delivery_date: '2026-06-01' },
      });
      expect(response.statusCode, status).toBe(409);
      expect(response.json()).toEqual({ error: '納入済みの発注は変更できません' });
    }
    expect(await orderRow(app, orderId)).toEqual(before);
    // 3 + the 10 delivered, and no more.
    expect((await partStockState(app, part.id)).stock).toBe(13);
  });

  it('refuses to deliver a cancelled order through the status: it must be reopened first', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token, { current_stock: 3 });
    const { id: orderId } = await createOrder(app, owner.token, part.id, { status: 'cancelled' });
    const response = await call(app, 'PUT', `/api/orders/${orderId}`, {
      token: owner.token,
      body: { status: 'delivered', expected_delivery_date: '2026-05-05' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(
      'キャンセルされた発注は納入処理できません。先に状態を「発注済み」または「出荷済み」に戻してください',
    );
    expect(await orderRow(app, orderId)).toMatchObject({ status: 'cancelled', expected_delivery_date: null });
    const state = await partStockState(app, part.id);
    expect(state.stock).toBe(3);
    expect(state.entries).toEqual([]);
  });

  it('answers 400 with a Japanese message for bad bodies and changes nothing', async () => {
    const { owner, orderId } = await ownerAndStranger();
    const before = await orderRow(app, orderId);
    const cases: Array<[unknown, string]> = [
      [{}, '状態を選択してください'],
      [{ status: '' }, '状態を選択してください'],
      [{ status: 'lost' }, '状態を選択してください'],
      [{ status: 1 }, '状態を選択してください'],
      [{ status: 'shipped', expected_delivery_date: '2026-02-30' }, '納入予定日はyyyy-MM-dd形式の正しい日付で入力してください'],
      [{ status: 'shipped', expected_delivery_date: '2026/05/20' }, '納入予定日はyyyy-MM-dd形式の正しい日付で入力してください'],
      [{ status: 'shipped', expected_delivery_date: 20260520 }, '納入予定日はyyyy-MM-dd形式の正しい日付で入力してください'],
      [{ status: 'shipped', expected_delivery_date: '2026-04-30' }, '納入予定日は発注日以降の日付にしてください'],
      [{ status: 'delivered', expected_delivery_date: '2026-04-30' }, '納入予定日は発注日以降の日付にしてください'],
      [{ status: 'shipped'.repeat(10_000) }, '状態を選択してください'],
      [['shipped'], '入力の値が正しくありません'],
    ];
    for (const [body, message] of cases) {
      const response = await call(app, 'PUT', `/api/orders/${orderId}`, { token: owner.token, body: body as object });
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.json().error, JSON.stringify(body).slice(0, 80)).toBe(message);
    }
    const malformed = await call(app, 'PUT', `/api/orders/${orderId}`, {
      token: owner.token,
      body: '{"status":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toMatch(/JSON/);
    const empty = await call(app, 'PUT', `/api/orders/${orderId}`, { token: owner.token });
    expect(empty.statusCode).toBe(400);
    expect(await orderRow(app, orderId)).toEqual(before);
  });

  it("answers 404 for another workspace's order and changes nothing; 400 for bad ids", async () => {
    const { owner, stranger, part, orderId } = await ownerAndStranger();
    const before = await orderRow(app, orderId);
    for (const status of ['shipped', 'cancelled', 'delivered']) {
      const response = await call(app, 'PUT', `/api/orders/${orderId}`, {
        token: stranger.token,
        body: { status, expected_delivery_date: null },
      });
      expect(response.statusCode, status).toBe(404);
      expect(response.json()).toEqual({ error: '発注が見つかりません' });
    }
    expect(await orderRow(app, orderId)).toEqual(before);
    expect((await partStockState(app, part.id)).stock).toBe(4);
    for (const id of BAD_IDS) {
      const response = await call(app, 'PUT', `/api/orders/${id}`, { token: owner.token, body: { status: 'shipped' } });
      expect(response.statusCode, id).toBe(400);
    }
  });
});

describe('DELETE /api/orders/{id}', () => {
  it('deletes an ordered, shipped or cancelled order', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token, { current_stock: 2 });
    for (const status of ['ordered', 'shipped', 'cancelled'] as const) {
      const { id: orderId } = await createOrder(app, owner.token, part.id, { status });
      const response = await call(app, 'DELETE', `/api/orders/${orderId}`, { token: owner.token });
      expect(response.statusCode, status).toBe(200);
      expect(response.json()).toEqual({ message: '発注を削除しました' });
      expect(await orderRow(app, orderId)).toBeUndefined();
      expect((await call(app, 'GET', `/api/orders/${orderId}`, { token: owner.token })).statusCode).toBe(404);
    }
    expect((await partStockState(app, part.id)).stock).toBe(2);
  });

  it('refuses to delete a delivered order with 409', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token);
    const { id: orderId } = await createOrder(app, owner.token, part.id);
    expect((await call(app, 'POST', `/api/orders/${orderId}/deliver`, { token: owner.token })).statusCode).toBe(200);

    const response = await call(app, 'DELETE', `/api/orders/${orderId}`, { token: owner.token });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ error: '納入済みの発注は削除できません' });
    expect(await orderRow(app, orderId)).toMatchObject({ status: 'delivered' });
    expect((await partStockState(app, part.id)).entries).toHaveLength(1);
  });

  it("answers 404 for another workspace's order and for an unknown id, and deletes nothing; 400 for bad ids", async () => {
    const { owner, stranger, orderId } = await ownerAndStranger();
    for (const id of [orderId, 987654321]) {
      const response = await call(app, 'DELETE', `/api/orders/${id}`, { token: stranger.token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: '発注が見つかりません' });
    }
    expect(await orderRow(app, orderId)).toBeDefined();
    for (const id of BAD_IDS) {
      expect((await call(app, 'DELETE', `/api/orders/${id}`, { token: owner.token })).statusCode, id).toBe(400);
    }
  });
});

describe('GET /api/orders/calendar/{year}/{month}', () => {
  it('answers the orders due in that month, every status, in date order, within the month bounds', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token, { name: 'LED' });
    const due = async (date: string | null, status: 'ordered' | 'shipped' | 'delivered' | 'cancelled' = 'ordered') =>
      (await createOrder(app, owner.token, part.id, { order_date: '2026-01-01', expected_delivery_date: date, status })).id;
    await due('2026-04-30');
    const last = await due('2026-05-31', 'cancelled');
    const first = await due('2026-05-01', 'delivered');
    const middle = await due('2026-05-15', 'shipped');
    await due('2026-06-01');
    await due(null);
    const other = await registerUser(app, { name: '発注担当' });
    await createOrder(app, other.token, (await createPart(app, other.token)).id, { expected_delivery_date: '2026-05-15' });

    const response = await call(app, 'GET', '/api/orders/calendar/2026/5', { token: owner.token });
    expect(response.statusCode).toBe(200);
    const orders = response.json();
    expect(orders.map((order: { id: number }) => order.id)).toEqual([first, middle, last]);
    expect(orders.map((order: { status: string }) => order.status)).toEqual(['delivered', 'shipped', 'cancelled']);
    expect(orders[0].part_name).toBe('LED');

    // One spelling per month, as for ids.
    const padded = await call(app, 'GET', '/api/orders/calendar/2026/05', { token: owner.token });
    expect(padded.statusCode).toBe(400);
    expect(padded.json().error).toBe('月が正しくありません');
  });

  it('rolls December over into the next year and handles February', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token);
    const due = async (date: string) => (await createOrder(app, owner.token, part.id, { order_date: '2026-01-01', expected_delivery_date: date })).id;
    const newYearsEve = await due('2026-12-31');
    await due('2027-01-01');
    const leapDay = await due('2028-02-29');
    await due('2028-03-01');

    const december = await call(app, 'GET', '/api/orders/calendar/2026/12', { token: owner.token });
    expect(december.json().map((order: { id: number }) => order.id)).toEqual([newYearsEve]);
    const february = await call(app, 'GET', '/api/orders/calendar/2028/2', { token: owner.token });
    expect(february.json().map((order: { id: number }) => order.id)).toEqual([leapDay]);
    const empty = await call(app, 'GET', '/api/orders/calendar/2030/1', { token: owner.token });
    expect(empty.json()).toEqual([]);
  });

  it('answers 400 for an invalid year or month', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const cases: Array<[string, string]> = [
      ['2026/0', '月が正しくありません'],
      ['2026/13', '月が正しくありません'],
      ['2026/-1', '月が正しくありません'],
      ['2026/1.5', '月が正しくありません'],
      ['2026/may', '月が正しくありません'],
      ['1999/5', '年が正しくありません'],
      ['2101/5', '年が正しくありません'],
      ['20x6/5', '年が正しくありません'],
      ['99999999999999999999/5', '年が正しくありません'],
    ];
    for (const [path, message] of cases) {
      const response = await call(app, 'GET', `/api/orders/calendar/${path}`, { token: owner.token });
      expect(response.statusCode, path).toBe(400);
      expect(response.json().error, path).toBe(message);
    }
    expect((await call(app, 'GET', '/api/orders/calendar/2026/5')).statusCode).toBe(401);
  });
});

describe('a member of two workspaces', () => {
  it('sees and changes only the orders of the workspace in the token', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token);
    const { id: orderId } = await createOrder(app, owner.token, part.id);
    const member = await registerUser(app, { invitation_code: await storeInviteCode(app, owner.workspaceId) });
    const shared = await call(app, 'GET', '/api/orders', { token: member.token });
    expect(shared.json().map((order: { id: number }) => order.id)).toEqual([orderId]);

    const list = (await call(app, 'GET', '/api/workspace/list', { token: member.token })).json();
    const personalId = list.find((workspace: { id: number }) => workspace.id !== owner.workspaceId).id;
    const { token } = (await call(app, 'POST', `/api/workspace/switch/${personalId}`, { token: member.token })).json();
    expect((await call(app, 'GET', '/api/orders', { token })).json()).toEqual([]);
    expect((await call(app, 'POST', `/api/orders/${orderId}/deliver`, { token })).statusCode).toBe(404);
    expect(await orderRow(app, orderId)).toMatchObject({ status: 'ordered' });
  });
});
