import { describe, expect, it } from 'vitest';
import { tokyoDateString } from '../../src/lib/time.ts';
import { createPart } from '../factories/parts.ts';
import { registerUser } from '../factories/users.ts';
import { createOrder, orderRow, partStockState } from '../factories/orders.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

describe('POST /api/orders/{id}/deliver', () => {
  it('answers 409 when the delivery would push the stock past 1,000,000,000; the order stays undelivered', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token, { current_stock: 999_999_999 });
    const { id: orderId } = await createOrder(app, owner.token, part.id, { quantity: 2 });
    const response = await call(app, 'POST', `/api/orders/${orderId}/deliver`, { token: owner.token });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toContain('在庫が上限の1,000,000,000を超えるため登録できません');
    expect(await orderRow(app, orderId)).toMatchObject({ status: 'ordered', delivered_at: null });
    const state = await partStockState(app, part.id);
    expect(state).toMatchObject({ stock: 999_999_999, entries: [] });
  });

  it('delivers an ordered order: stock rises by the quantity, one ledger row, one stock entry', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token, { name: '抵抗 10kΩ', current_stock: 8, unit_price: 3.5 });
    const { id: orderId } = await createOrder(app, owner.token, part.id, { quantity: 25, expected_delivery_date: '2026-05-10' });

    const response = await call(app, 'POST', `/api/orders/${orderId}/deliver`, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    const delivered = response.json();
    expect(delivered).toMatchObject({
      id: orderId,
      part_name: '抵抗 10kΩ',
      quantity: 25,
      status: 'delivered',
      expected_delivery_date: '2026-05-10',
    });
    expect(Date.now() - Date.parse(delivered.delivered_at)).toBeLessThan(60_000);

    const state = await partStockState(app, part.id);
    expect(state.stock).toBe(33);
    expect(state.movementSum).toBe(33);
    expect(state.movements).toEqual([
      { kind: 'initial', quantity_delta: 8, balance_after: 8, reference_id: null, note: null, user_id: owner.user.id },
      {
        kind: 'order_delivery',
        quantity_delta: 25,
        balance_after: 33,
        reference_id: orderId,
        note: `発注#${orderId} 納入`,
        user_id: owner.user.id,
      },
    ]);
    expect(state.entries).toEqual([
      {
        quantity: 25,
        unit_price_sen: 350,
        entry_date: tokyoDateString(),
        notes: `発注#${orderId} 納入`,
        order_id: orderId,
        created_by: owner.user.id,
        workspace_id: owner.workspaceId,
      },
    ]);
  });

  it('delivers a shipped order; a part without a unit price records the entry without one', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token);
    const { id: orderId } = await createOrder(app, owner.token, part.id, { quantity: 4, status: 'shipped' });
    const response = await call(app, 'POST', `/api/orders/${orderId}/deliver`, { token: owner.token });
    expect(response.statusCode).toBe(200);
    const state = await partStockState(app, part.id);
    expect(state.stock).toBe(4);
    expect(state.entries).toHaveLength(1);
    expect(state.entries[0]!.unit_price_sen).toBeNull();
  });

  it('refuses a second delivery with 409 and adds nothing', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token, { current_stock: 1 });
    const { id: orderId } = await createOrder(app, owner.token, part.id, { quantity: 6 });
    expect((await call(app, 'POST', `/api/orders/${orderId}/deliver`, { token: owner.token })).statusCode).toBe(200);
    const deliveredAt = (await orderRow(app, orderId))!.delivered_at;

    const again = await call(app, 'POST', `/api/orders/${orderId}/deliver`, { token: owner.token });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: '納入済みの発注は変更できません' });
    expect((await orderRow(app, orderId))!.delivered_at).toBe(deliveredAt);
    const state = await partStockState(app, part.id);
    expect(state.stock).toBe(7);
    expect(state.entries).toHaveLength(1);
  });

  it('refuses to deliver a cancelled order with 409 until it is reopened', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token);
    const { id: orderId } = await createOrder(app, owner.token, part.id, { quantity: 2, status: 'cancelled' });

    const refused = await call(app, 'POST', `/api/orders/${orderId}/deliver`, { token: owner.token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'キャンセルされた発注は納入処理できません。先に状態を「発注済み」または「出荷済み」に戻してください',
    );
    expect(await orderRow(app, orderId)).toMatchObject({ status: 'cancelled', delivered_at: null });
    expect((await partStockState(app, part.id)).stock).toBe(0);

    const reopened = await call(app, 'PUT', `/api/orders/${orderId}`, { token: owner.token, body: { status: 'ordered' } });
    expect(reopened.statusCode).toBe(200);
    expect((await call(app, 'POST', `/api/orders/${orderId}/deliver`, { token: owner.token })).statusCode).toBe(200);
    expect((await partStockState(app, part.id)).stock).toBe(2);
  });

  it("answers 404 for another workspace's order and for an unknown id, and changes nothing", async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const stranger = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token, { current_stock: 3 });
    const { id: orderId } = await createOrder(app, owner.token, part.id);
    for (const id of [orderId, 987654321]) {
      const response = await call(app, 'POST', `/api/orders/${id}/deliver`, { token: stranger.token });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: '発注が見つかりません' });
    }
    expect(await orderRow(app, orderId)).toMatchObject({ status: 'ordered', delivered_at: null });
    const state = await partStockState(app, part.id);
    expect(state.stock).toBe(3);
    expect(state.entries).toEqual([]);
    const strangerEntries = await app.db
      .selectFrom('stock_entries')
      .select('id')
      .where('workspace_id', '=', stranger.workspaceId)
      .execute();
    expect(strangerEntries).toEqual([]);
  });

  it('answers 400 for an id that is not a positive integer, and 401 without a session', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    for (const id of ['abc', '0', '-5', '2.5', '99999999999']) {
      const response = await call(app, 'POST', `/api/orders/${id}/deliver`, { token: owner.token });
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({ error: 'IDが正しくありません' });
    }
    expect((await call(app, 'POST', '/api/orders/1/deliver')).statusCode).toBe(401);
  });
});

describe('delivering under concurrency', () => {
  it('20 deliver calls and 5 PUTs to delivered at once add the stock exactly once', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token, { current_stock: 10, unit_price: 1 });
    const { id: orderId } = await createOrder(app, owner.token, part.id, { quantity: 15 });

    const responses = await Promise.all([
      ...Array.from({ length: 20 }, () => call(app, 'POST', `/api/orders/${orderId}/deliver`, { token: owner.token })),
      ...Array.from({ length: 5 }, () =>
        call(app, 'PUT', `/api/orders/${orderId}`, { token: owner.token, body: { status: 'delivered' } }),
      ),
    ]);
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(24);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json()).toEqual({ error: '納入済みの発注は変更できません' });
    }

    const state = await partStockState(app, part.id);
    expect(state.stock).toBe(25);
    expect(state.movementSum).toBe(state.stock);
    expect(state.movements.filter((movement) => movement.kind === 'order_delivery')).toHaveLength(1);
    expect(state.entries).toHaveLength(1);
    expect(state.entries[0]).toMatchObject({ quantity: 15, order_id: orderId });
  });

  it('deliveries of different orders of one part at once are all counted', async () => {
    const owner = await registerUser(app, { name: '発注担当' });
    const part = await createPart(app, owner.token);
    const orders = await Promise.all(Array.from({ length: 10 }, (_, index) => createOrder(app, owner.token, part.id, { quantity: index + 1 })));
    const responses = await Promise.all(
      orders.map(({ id }) => call(app, 'POST', `/api/orders/${id}/deliver`, { token: owner.token })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const state = await partStockState(app, part.id);
    expect(state.stock).toBe(55);
    expect(state.movementSum).toBe(55);
    expect(state.entries).toHaveLength(10);
  });
});
