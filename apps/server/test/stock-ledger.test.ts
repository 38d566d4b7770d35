import { describe, expect, it } from 'vitest';
import { changePartStock, setPartStocks, type StockActor } from '../src/domains/stock/part-stock.ts';
import { registerUser } from './helpers/factories.ts';
import { createTestApp } from './helpers/test-app.ts';

const app = await createTestApp();

async function workspaceWithPart(stock: number) {
  const { user } = await registerUser(app);
  const actor: StockActor = { workspaceId: user.current_workspace.id, userId: user.id };
  const now = new Date().toISOString();
  const { id } = await app.db
    .insertInto('parts')
    .values({ workspace_id: actor.workspaceId, name: `部品${Math.random()}`, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (stock > 0) await app.db.transaction().execute((trx) => setPartStocks(trx, actor, [{ partId: id, stock }], 'initial'));
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
