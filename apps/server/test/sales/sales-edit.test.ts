import type { Sale } from '@inventory/contracts/sales';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { holdLock } from '../helpers/held-lock.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart } from '../factories/parts.ts';
import { expectStockMatchesLedger } from '../helpers/stock-invariants.ts';
import { createProduct, productStockState, sell, sellBodyOf, setRecipe, snapshotProducts } from '../factories/products.ts';
import { editSale } from '../factories/sales.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

const anyTimestamp = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/);

/** A product at cost 2.5 (one part), stock 10, with a sale of 3 at 12.5 (stock 7 after it). */
async function productWithSale() {
  const owner = await signedInWorkspace(app);
  const part = await createPart(app, owner.token, { unit_price: 2.5 });
  const product = await createProduct(app, owner.token, { name: '木のランプ', current_stock: 10 });
  await setRecipe(app, owner.token, product.id, [{ part_id: part.id, quantity_required: 1 }]);
  const { sale } = await sell(app, owner.token, product.id, { quantity: 3, unit_price: 12.5, sale_date: '2026-11-01' });
  return { owner, part, product, sale };
}

const stockOf = async (productId: number) => (await productStockState(app, productId)).stock;

describe('PUT /api/sales/{id}', () => {
  it('raises the quantity: takes the difference of stock, and costs the sale at the product cost of now', async () => {
    const { owner, part, product, sale } = await productWithSale();
    await call(app, 'PUT', `/api/parts/${part.id}`, { token: owner.token, body: { unit_price: 4 } });

    const response = await editSale(app, owner.token, sale, { quantity: 5, notes: '追加注文' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      ...sale,
      quantity: 5,
      total_amount: 62.5,
      total_cost: 20,
      profit: 42.5,
      profit_margin: 68,
      notes: '追加注文',
      created_at: anyTimestamp,
    });
    const state = await productStockState(app, product.id);
    expect(state.stock).toBe(5);
    expect(state.movements.at(-1)).toEqual({ kind: 'sale_edit', quantity_delta: -2, balance_after: 5, reference_id: sale.id, user_id: owner.userId });
    await expectStockMatchesLedger(app, owner.workspaceId);
  });

  it('lowers the quantity: gives the difference back', async () => {
    const { owner, product, sale } = await productWithSale();
    const response = await editSale(app, owner.token, sale, { quantity: 1 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ quantity: 1, total_amount: 12.5, total_cost: 2.5, profit: 10, profit_margin: 80 });
    const state = await productStockState(app, product.id);
    expect(state.stock).toBe(9);
    expect(state.movements.at(-1)).toMatchObject({ kind: 'sale_edit', quantity_delta: 2, balance_after: 9, reference_id: sale.id });
    await expectStockMatchesLedger(app, owner.workspaceId);
  });

  it('changes price, date, URL and notes without touching stock, keeping the recorded cost', async () => {
    const { owner, part, product, sale } = await productWithSale();
    await call(app, 'PUT', `/api/parts/${part.id}`, { token: owner.token, body: { unit_price: 100 } });
    const before = await productStockState(app, product.id);

    const response = await editSale(app, owner.token, sale, { unit_price: 2, sale_date: '2026-10-31', url: 'https://shop.example/9', notes: 'メモ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      quantity: 3,
      unit_price: 2,
      total_amount: 6,
      total_cost: 7.5,
      profit: -1.5,
      profit_margin: -25,
      sale_date: '2026-10-31',
      url: 'https://shop.example/9',
      notes: 'メモ',
    });
    expect(await productStockState(app, product.id)).toEqual(before);

    // URL and notes are replaced as sent: left out or empty, they are cleared.
    const cleared = await call(app, 'PUT', `/api/sales/${sale.id}`, {
      token: owner.token,
      body: { product_id: product.id, quantity: 3, unit_price: 2, sale_date: '2026-10-31', notes: '' },
    });
    expect(cleared.json()).toMatchObject({ url: null, notes: null });
  });

  it('refuses a quantity above what the stock allows with 409, changing nothing; exactly the stock passes', async () => {
    const { owner, product, sale } = await productWithSale();
    const before = await snapshotProducts(app, owner.workspaceId);
    const over = await editSale(app, owner.token, sale, { quantity: 11 });
    expect(over.statusCode).toBe(409);
    // This sale already holds 3 of the 10: it can grow to 10.
    expect(over.json()).toEqual({ error: '販売数量が在庫数を超えています(在庫: 10個)' });
    expect(await snapshotProducts(app, owner.workspaceId)).toEqual(before);

    const all = await editSale(app, owner.token, sale, { quantity: 10 });
    expect(all.statusCode, all.body).toBe(200);
    expect(await stockOf(product.id)).toBe(0);
    await expectStockMatchesLedger(app, owner.workspaceId);
  });

  it('moves the sale to another product: the old one gets its quantity back, the new one gives the new quantity', async () => {
    const { owner, product, sale } = await productWithSale();
    const other = await createProduct(app, owner.token, { name: '鉄のランプ', current_stock: 5 });
    const part = await createPart(app, owner.token, { unit_price: 1.25 });
    await setRecipe(app, owner.token, other.id, [{ part_id: part.id, quantity_required: 2 }]);

    const refused = await editSale(app, owner.token, sale, { product_id: other.id, quantity: 6 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: '販売数量が在庫数を超えています(在庫: 5個)' });
    expect(await stockOf(product.id)).toBe(7);

    const response = await editSale(app, owner.token, sale, { product_id: other.id, quantity: 4 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      product_id: other.id,
      product_name: '鉄のランプ',
      quantity: 4,
      total_amount: 50,
      total_cost: 10,
      profit: 40,
      profit_margin: 80,
    });
    const [old, now] = [await productStockState(app, product.id), await productStockState(app, other.id)];
    expect(old.stock).toBe(10);
    expect(old.movements.at(-1)).toMatchObject({ kind: 'sale_edit', quantity_delta: 3, balance_after: 10, reference_id: sale.id });
    expect(now.stock).toBe(1);
    expect(now.movements.at(-1)).toMatchObject({ kind: 'sale_edit', quantity_delta: -4, balance_after: 1, reference_id: sale.id });
    await expectStockMatchesLedger(app, owner.workspaceId);
  });

  it('moves a sale of a deleted product to an existing one, taking only the new quantity', async () => {
    const { owner, product, sale } = await productWithSale();
    const other = await createProduct(app, owner.token, { name: '鉄のランプ', current_stock: 5 });
    expect((await call(app, 'DELETE', `/api/products/${product.id}`, { token: owner.token })).statusCode).toBe(200);

    const orphan = { ...sale, product_id: null };
    const missing = await editSale(app, owner.token, orphan, { product_id: product.id });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: '商品が見つかりません' });

    const response = await editSale(app, owner.token, orphan, { product_id: other.id, quantity: 2 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ product_id: other.id, product_name: '鉄のランプ', quantity: 2, total_cost: 0 });
    expect(await stockOf(other.id)).toBe(3);
    await expectStockMatchesLedger(app, owner.workspaceId);
  });

  it('refuses a cost above ¥10,000,000,000 (409) and a total above it (400), changing nothing', async () => {
    const { owner, product, sale } = await productWithSale();
    const gold = await createPart(app, owner.token, { unit_price: 10_000_000_000 });
    const precious = await createProduct(app, owner.token, { current_stock: 5 });
    await setRecipe(app, owner.token, precious.id, [{ part_id: gold.id, quantity_required: 1 }]);
    const before = await snapshotProducts(app, owner.workspaceId);

    const cost = await editSale(app, owner.token, sale, { product_id: precious.id, quantity: 2 });
    expect(cost.statusCode).toBe(409);
    expect(cost.json()).toEqual({ error: '販売原価の合計が¥10,000,000,000を超えるため登録できません' });
    const total = await editSale(app, owner.token, sale, { product_id: product.id, quantity: 2, unit_price: 6_000_000_000 });
    expect(total.statusCode).toBe(400);
    expect(total.json()).toEqual({ error: '販売金額の合計は¥10,000,000,000以下にしてください' });
    expect(await snapshotProducts(app, owner.workspaceId)).toEqual(before);
  });

  const invalidBodies: Array<[string, Record<string, unknown>, string]> = [
    ['a missing product', { product_id: undefined }, '商品を選択してください'],
    ['product 0', { product_id: 0 }, '商品を選択してください'],
    ['a product id as text', { product_id: '1' }, '商品を選択してください'],
    ['a product id beyond 32 bits', { product_id: 2_147_483_648 }, '商品を選択してください'],
    ['quantity 0', { quantity: 0 }, '数量は1以上で入力してください'],
    ['a fractional quantity', { quantity: 1.5 }, '数量は整数で入力してください'],
    ['a missing quantity', { quantity: undefined }, '数量は数値で入力してください'],
    ['a negative unit price', { unit_price: -1 }, '単価は0以上で入力してください'],
    ['a unit price with 3 decimals', { unit_price: 1.005 }, '単価は小数第2位までで入力してください'],
    ['a missing unit price', { unit_price: undefined }, '単価は数値で入力してください'],
    ['a missing date', { sale_date: undefined }, '販売日は必須です'],
    ['an impossible date', { sale_date: '2026-02-29' }, '販売日はyyyy-MM-dd形式の正しい日付で入力してください'],
    ['a bad URL', { url: 'javascript:alert(1)' }, 'URLはhttp://またはhttps://で始まる正しい形式で入力してください'],
    ['notes too long', { notes: 'あ'.repeat(1001) }, '備考は1000文字以内で入力してください'],
    ['notes with a control character', { notes: 'a\u0000b' }, '備考に使用できない制御文字が含まれています'],
  ];
  it.each(invalidBodies)('refuses %s with 400 and changes nothing', async (_case, overrides, message) => {
    const { owner, sale } = await productWithSale();
    const before = await snapshotProducts(app, owner.workspaceId);
    const response = await editSale(app, owner.token, sale, { quantity: 5, ...overrides });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await snapshotProducts(app, owner.workspaceId)).toEqual(before);
  });

  it('refuses a bad id (400), an unknown sale (404) and a body that is not JSON (400)', async () => {
    const { owner, sale } = await productWithSale();
    const body = { product_id: sale.product_id, quantity: 1, unit_price: 1, sale_date: '2026-11-01' };
    const bad = await call(app, 'PUT', '/api/sales/abc', { token: owner.token, body });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('IDが正しくありません');
    const unknown = await call(app, 'PUT', '/api/sales/987654321', { token: owner.token, body });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: '売上記録が見つかりません' });
    const broken = await call(app, 'PUT', `/api/sales/${sale.id}`, { token: owner.token, body: '{"quantity":', headers: { 'content-type': 'application/json' } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('リクエストの形式が正しくありません（JSONを読み取れません）');
  });
});

describe('DELETE /api/sales/{id}', () => {
  it('deletes the sale and gives its quantity back to the product', async () => {
    const { owner, product, sale } = await productWithSale();
    const response = await call(app, 'DELETE', `/api/sales/${sale.id}`, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: '売上記録を削除しました' });
    expect((await snapshotProducts(app, owner.workspaceId)).sales).toEqual([]);
    const state = await productStockState(app, product.id);
    expect(state.stock).toBe(10);
    expect(state.movements.at(-1)).toEqual({ kind: 'sale_cancel', quantity_delta: 3, balance_after: 10, reference_id: sale.id, user_id: owner.userId });
    await expectStockMatchesLedger(app, owner.workspaceId);

    const again = await call(app, 'DELETE', `/api/sales/${sale.id}`, { token: owner.token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: '売上記録が見つかりません' });
  });

  it('deletes a sale of a deleted product without any stock to give back', async () => {
    const { owner, product, sale } = await productWithSale();
    await call(app, 'DELETE', `/api/products/${product.id}`, { token: owner.token });
    const response = await call(app, 'DELETE', `/api/sales/${sale.id}`, { token: owner.token });
    expect(response.statusCode, response.body).toBe(200);
    const after = await snapshotProducts(app, owner.workspaceId);
    expect(after.sales).toEqual([]);
    expect(after.movements).toEqual([]);
  });

  it('refuses a bad id with 400', async () => {
    const { owner } = await productWithSale();
    for (const id of ['0', '-1', '1.5', 'x', '2147483648']) {
      const response = await call(app, 'DELETE', `/api/sales/${id}`, { token: owner.token });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error).toBe('IDが正しくありません');
    }
  });
});

describe("another workspace's sales and products", () => {
  it('answer 404 on edit and delete, and nothing changes on either side', async () => {
    const { owner, product, sale } = await productWithSale();
    const intruder = await signedInWorkspace(app);
    const ownProduct = await createProduct(app, intruder.token, { current_stock: 20 });
    const { sale: ownSale } = await sell(app, intruder.token, ownProduct.id, { quantity: 1 });
    const ownerBefore = await snapshotProducts(app, owner.workspaceId);
    const intruderBefore = await snapshotProducts(app, intruder.workspaceId);

    const calls: Array<[string, string, unknown?, string?]> = [
      ['PUT', `/api/sales/${sale.id}`, { product_id: ownProduct.id, quantity: 1, unit_price: 1, sale_date: '2026-11-01' }, '売上記録が見つかりません'],
      ['PUT', `/api/sales/${sale.id}`, { product_id: product.id, quantity: 1, unit_price: 1, sale_date: '2026-11-01' }, '売上記録が見つかりません'],
      ['DELETE', `/api/sales/${sale.id}`, undefined, '売上記録が見つかりません'],
      // The intruder's own sale cannot be moved onto the owner's product.
      ['PUT', `/api/sales/${ownSale.id}`, { product_id: product.id, quantity: 1, unit_price: 1, sale_date: '2026-11-01' }, '商品が見つかりません'],
    ];
    for (const [method, url, body, message] of calls) {
      const response = await call(app, method as 'PUT', url, { token: intruder.token, ...(body ? { body } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual({ error: message });
    }
    expect(await snapshotProducts(app, owner.workspaceId)).toEqual(ownerBefore);
    expect(await snapshotProducts(app, intruder.workspaceId)).toEqual(intruderBefore);
  });
});

describe('simultaneous changes', () => {
  it('edits raising sales and new sales at once never take more than the stock, and the ledger adds up', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const stock = 12;
    const product = await createProduct(app, token, { current_stock: stock });
    const sales: Sale[] = [];
    for (let index = 0; index < 6; index++) sales.push((await sell(app, token, product.id, { quantity: 1 })).sale);
    // 6 left; the edits want 2 more each (12) and the new sales 1 each (6).
    const responses = await Promise.all([
      ...sales.map((sale) => editSale(app, token, sale, { quantity: 3 })),
      ...Array.from({ length: 6 }, () => call(app, 'POST', `/api/products/${product.id}/sell`, { token, body: sellBodyOf() })),
    ]);
    for (const response of responses) expect([200, 201, 409], response.body).toContain(response.statusCode);
    for (const response of responses.filter((answer) => answer.statusCode === 409)) {
      expect(response.json().error).toMatch(/^販売数量が在庫数を超えています\(在庫: \d+個\)$/);
    }

    const after = await snapshotProducts(app, workspaceId);
    const sold = after.sales.reduce((sum, row) => sum + row.quantity, 0);
    const state = await productStockState(app, product.id);
    expect(state.stock).toBeGreaterThanOrEqual(0);
    expect(state.stock).toBe(stock - sold);
    expect(after.sales.every((row) => row.quantity === 1 || row.quantity === 3)).toBe(true);
    expect(after.sales).toHaveLength(6 + responses.filter((response) => response.statusCode === 201).length);
    // A refusal means the stock was really short: stock only goes down here, so a refused sale
    // (1) leaves 0 and a refused edit (2 more) leaves at most 1.
    const refused = (from: number, to: number) => responses.slice(from, to).some((response) => response.statusCode === 409);
    if (refused(6, 12)) expect(state.stock).toBe(0);
    if (refused(0, 6)) expect(state.stock).toBeLessThan(2);
    expect(responses.some((response) => response.statusCode === 409)).toBe(true);
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('edits, deletes and product deletes on the same sales never fail with a server error or lose stock', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const first = await createProduct(app, token, { current_stock: 50 });
    const second = await createProduct(app, token, { current_stock: 50 });
    const doomed = await createProduct(app, token, { current_stock: 50 });
    const sales: Sale[] = [];
    for (const product of [first, second, doomed, first, second, doomed]) sales.push((await sell(app, token, product.id, { quantity: 2 })).sale);

    const responses = await Promise.all([
      // Sales swap products in both directions, so the edits lock the same two products.
      ...sales.map((sale, index) => editSale(app, token, sale, { product_id: index % 2 ? first.id : second.id, quantity: 3 })),
      ...sales.slice(0, 3).map((sale) => call(app, 'DELETE', `/api/sales/${sale.id}`, { token })),
      call(app, 'DELETE', `/api/products/${doomed.id}`, { token }),
    ]);
    for (const response of responses) expect([200, 404], response.body).toContain(response.statusCode);

    const after = await snapshotProducts(app, workspaceId);
    for (const product of [first, second]) {
      const held = after.sales.filter((row) => row.product_id === product.id).reduce((sum, row) => sum + row.quantity, 0);
      expect(await stockOf(product.id), `product ${product.id}`).toBe(50 - held);
    }
    expect(after.products.map((row) => row.id)).not.toContain(doomed.id);
    await expectStockMatchesLedger(app, workspaceId);
  });

  // PostgreSQL only: SQLite runs one transaction at a time, so nothing can move in between.
  it.skipIf(process.env.TEST_DATABASE !== 'postgres')(
    'an edit whose sale moves to another product while it waits starts again, never holding the sale while it waits for a product',
    async () => {
      const { owner, product, sale } = await productWithSale();
      const target = await createProduct(app, owner.token, { name: '移動先', current_stock: 5 });
      const meanwhile = await createProduct(app, owner.token, { name: '途中', current_stock: 5 });
      // The edit reads the sale (of `product`) and waits for that product's lock.
      const first = await holdLock(app, sql`select id from products where id = ${product.id} for no key update`);
      const editing = editSale(app, owner.token, sale, { product_id: target.id, quantity: 2 });
      let second;
      try {
        await first.waitForWaiters(1);
        // Meanwhile the sale moves to another product (its stock is not what this test checks),
        // whose lock someone else holds.
        await app.db.updateTable('sales').set({ product_id: meanwhile.id }).where('id', '=', sale.id).execute();
        second = await holdLock(app, sql`select id from products where id = ${meanwhile.id} for no key update`);
      } finally {
        await first.release();
      }
      try {
        await second.waitForWaiters(1, editing);
        // Holding that product, take the sale's lock, as a delete of the product would: an edit
        // that kept the sale locked while waiting for the product would deadlock here.
        await second.run(sql`select id from sales where id = ${sale.id} for update`);
      } finally {
        await second.release();
      }
      const response = await editing;
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ product_id: target.id, quantity: 2 });
      expect(await stockOf(product.id)).toBe(7);
      expect(await stockOf(meanwhile.id)).toBe(8);
      expect(await stockOf(target.id)).toBe(3);
    },
  );
});
