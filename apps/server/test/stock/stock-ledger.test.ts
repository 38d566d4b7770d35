import { describe, expect, it } from 'vitest';
import { STOCK_MAX } from '@inventory/contracts/fields';
import { createPartBody } from '@inventory/contracts/parts';
import { createProductBody } from '@inventory/contracts/products';
import { createPart } from '../../src/domains/parts/parts-service.ts';
import { createProduct } from '../../src/domains/products/products-service.ts';
import { changeStock, setStocks } from '../../src/domains/stock/item-stock.ts';
import { changePartStock, setPartStocks, type StockActor } from '../../src/domains/stock/part-stock.ts';
import { registerUser } from '../factories/users.ts';
import { createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

async function workspaceWithPart(stock: number) {
  const { user } = await registerUser(app);
  const actor: StockActor = { workspaceId: user.current_workspace.id, userId: user.id };
  const { id } = await createPart(app.db, actor, createPartBody.parse({ name: `部品${Math.random()}`, current_stock: stock }));
  return { actor, partId: id };
}

async function stockAndLedger(partId: number) {
  const part = await app.db.selectFrom('parts').select('current_stock').where('id', '=', partId).executeTakeFirstOrThrow();
  const movements = await app.db
    .selectFrom('stock_movements')
    .select(['quantity_delta', 'balance_after'])
    .where('part_id', '=', partId)
    .orderBy('id')
    .execute();
  return { stock: part.current_stock, movements };
}

describe('part stock ledger', () => {
  it('25 simultaneous withdrawals of 1 from a stock of 10: exactly 10 succeed and the ledger adds up', async () => {
    const { actor, partId } = await workspaceWithPart(10);
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, () =>
        app.db.transaction().execute((trx) => changePartStock(trx, actor, { partId, delta: -1, kind: 'adjustment' })),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    const rejected = results.filter((result) => result.status === 'rejected') as PromiseRejectedResult[];
    expect(rejected).toHaveLength(15);
    expect(rejected[0]!.reason.statusCode).toBe(409);

    const { stock, movements } = await stockAndLedger(partId);
    expect(stock).toBe(0);
    expect(movements.reduce((sum, row) => sum + row.quantity_delta, 0)).toBe(0);
    expect(movements).toHaveLength(11);
    expect(movements.at(-1)!.balance_after).toBe(0);
  });

  it('simultaneous additions are all counted', async () => {
    const { actor, partId } = await workspaceWithPart(0);
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        app.db.transaction().execute((trx) => changePartStock(trx, actor, { partId, delta: index + 1, kind: 'receipt' })),
      ),
    );
    const { stock, movements } = await stockAndLedger(partId);
    expect(stock).toBe(210);
    expect(movements.reduce((sum, row) => sum + row.quantity_delta, 0)).toBe(210);
  });

  it('sets absolute values and records only the differences', async () => {
    const { actor, partId } = await workspaceWithPart(5);
    await app.db.transaction().execute((trx) => setPartStocks(trx, actor, [{ partId, stock: 5 }], 'adjustment'));
    await app.db.transaction().execute((trx) => setPartStocks(trx, actor, [{ partId, stock: 2 }], 'adjustment'));
    const { stock, movements } = await stockAndLedger(partId);
    expect(stock).toBe(2);
    expect(movements.map((row) => [row.quantity_delta, row.balance_after])).toEqual([
      [5, 5],
      [-3, 2],
    ]);
  });

  it("never touches another workspace's part", async () => {
    const { partId } = await workspaceWithPart(3);
    const other = await workspaceWithPart(0);
    await expect(
      app.db.transaction().execute((trx) => changePartStock(trx, other.actor, { partId, delta: 5, kind: 'receipt' })),
    ).rejects.toMatchObject({ statusCode: 404 });
    await expect(
      app.db.transaction().execute((trx) => setPartStocks(trx, other.actor, [{ partId, stock: 9 }], 'adjustment')),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect((await stockAndLedger(partId)).stock).toBe(3);
  });
});

// Products keep their stock through the same module: the same conditional update
// and the same ledger, with product_id set instead of part_id.
describe('product stock through the same module', () => {
  async function workspaceWithProduct(stock: number) {
    const { user } = await registerUser(app);
    const actor: StockActor = { workspaceId: user.current_workspace.id, userId: user.id };
    const { id } = await createProduct(app.db, actor, createProductBody.parse({ name: `商品${Math.random()}`, current_stock: stock }));
    return { actor, productId: id };
  }

  async function productStockAndLedger(productId: number) {
    const product = await app.db.selectFrom('products').select('current_stock').where('id', '=', productId).executeTakeFirstOrThrow();
    const movements = await app.db
      .selectFrom('stock_movements')
      .select(['part_id', 'product_id', 'kind', 'quantity_delta', 'balance_after', 'reference_id', 'user_id'])
      .where('product_id', '=', productId)
      .orderBy('id')
      .execute();
    return { stock: product.current_stock, movements };
  }

  it('writes a ledger row with the product reference and refuses to go below zero', async () => {
    const { actor, productId } = await workspaceWithProduct(3);
    await app.db.transaction().execute((trx) => changeStock(trx, actor, 'product', { itemId: productId, delta: -2, kind: 'sale', referenceId: 77 }));
    await expect(
      app.db.transaction().execute((trx) => changeStock(trx, actor, 'product', { itemId: productId, delta: -2, kind: 'sale' })),
    ).rejects.toMatchObject({ statusCode: 409, message: expect.stringMatching(/^商品「.+」の在庫が不足しています（在庫: 1、必要: 2）$/) });
    const { stock, movements } = await productStockAndLedger(productId);
    expect(stock).toBe(1);
    expect(movements).toEqual([
      { part_id: null, product_id: productId, kind: 'initial', quantity_delta: 3, balance_after: 3, reference_id: null, user_id: actor.userId },
      { part_id: null, product_id: productId, kind: 'sale', quantity_delta: -2, balance_after: 1, reference_id: 77, user_id: actor.userId },
    ]);
  });

  it('25 simultaneous sales of 1 from a stock of 10: exactly 10 succeed and the ledger adds up', async () => {
    const { actor, productId } = await workspaceWithProduct(10);
    const results = await Promise.allSettled(
      Array.from({ length: 25 }, () =>
        app.db.transaction().execute((trx) => changeStock(trx, actor, 'product', { itemId: productId, delta: -1, kind: 'sale' })),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(10);
    const { stock, movements } = await productStockAndLedger(productId);
    expect(stock).toBe(0);
    expect(movements.reduce((sum, row) => sum + row.quantity_delta, 0)).toBe(0);
    expect(movements).toHaveLength(11);
  });

  it("answers 404 for another workspace's product and for a part id", async () => {
    const { productId } = await workspaceWithProduct(1);
    const other = await workspaceWithProduct(0);
    await expect(
      app.db.transaction().execute((trx) => changeStock(trx, other.actor, 'product', { itemId: productId, delta: 1, kind: 'manufacture' })),
    ).rejects.toMatchObject({ statusCode: 404, message: '商品が見つかりません' });
    await expect(
      app.db.transaction().execute((trx) => setStocks(trx, other.actor, 'product', [{ itemId: productId, stock: 5 }], 'adjustment')),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect((await productStockAndLedger(productId)).stock).toBe(1);
  });
});

describe('the stock cap', () => {
  it('many simultaneous receipts near the cap never push a part past it', async () => {
    const { actor, partId } = await workspaceWithPart(STOCK_MAX - 10);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        app.db.transaction().execute((trx) => changePartStock(trx, actor, { partId, delta: 3, kind: 'receipt' })),
      ),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(3);
    const rejected = results.filter((result) => result.status === 'rejected') as PromiseRejectedResult[];
    expect(rejected[0]!.reason).toMatchObject({ statusCode: 409, message: expect.stringContaining('上限の1,000,000,000を超える') });
    const { stock, movements } = await stockAndLedger(partId);
    expect(stock).toBe(STOCK_MAX - 1);
    expect(movements.reduce((sum, row) => sum + row.quantity_delta, 0)).toBe(STOCK_MAX - 1);
  });

  it('refuses an absolute value above the cap', async () => {
    const { actor, partId } = await workspaceWithPart(1);
    await expect(
      app.db.transaction().execute((trx) => setPartStocks(trx, actor, [{ partId, stock: STOCK_MAX + 1 }], 'adjustment')),
    ).rejects.toMatchObject({ statusCode: 400 });
    expect((await stockAndLedger(partId)).stock).toBe(1);
  });
});
