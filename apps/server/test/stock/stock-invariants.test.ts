import { describe, expect, it } from 'vitest';
import { createOrder } from '../factories/orders.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart, receive } from '../factories/parts.ts';
import { createProduct, sell, setRecipe } from '../factories/products.ts';
import { checkStockInvariants, snapshotDifferences, snapshotStockState, stockInvariantViolations } from '../helpers/stock-invariants.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

// The invariant checks of helpers/stock-invariants.ts (used by the property-based and concurrency
// tests) report a workspace whose stock was changed behind the ledger's back: each case below
// breaks one promise straight in the database and expects the check to name it.

const app = await createTestApp();

/** A workspace with a receipt, a delivered order, a manufacture and a sale, all through the API. */
async function busyWorkspace() {
  const owner = await signedInWorkspace(app);
  const part = await createPart(app, owner.token, { current_stock: 3, unit_price: 10 });
  expect((await receive(app, owner.token, part.id, 5)).statusCode).toBe(201);
  const order = await createOrder(app, owner.token, part.id, { quantity: 4 });
  expect((await call(app, 'POST', `/api/orders/${order.id}/deliver`, { token: owner.token })).statusCode).toBe(200);
  const product = await createProduct(app, owner.token, { current_stock: 1 });
  await setRecipe(app, owner.token, product.id, [{ part_id: part.id, quantity_required: 2 }]);
  const made = await call(app, 'POST', `/api/manufacturing/products/${product.id}/manufacture`, {
    token: owner.token,
    body: { quantity: 3, manufacturing_date: '2026-11-22' },
  });
  expect(made.statusCode, made.body).toBe(201);
  const { sale } = await sell(app, owner.token, product.id, { quantity: 2 });
  return { owner, part, order, product, sale };
}

describe('stock invariant checks', () => {
  it('find nothing wrong in a workspace changed only through the API', async () => {
    const { owner } = await busyWorkspace();
    expect(await stockInvariantViolations(app.db, owner.workspaceId)).toEqual([]);
    await checkStockInvariants(app.db, owner.workspaceId);
  });

  it('report a stock changed without a ledger row, and a balance that is not the running sum', async () => {
    const { owner, part, product } = await busyWorkspace();
    await app.db.updateTable('parts').set({ current_stock: 9 }).where('id', '=', part.id).execute();
    // Below zero the table's CHECK refuses; above the cap only the code does.
    await app.db.updateTable('products').set({ current_stock: 1_000_000_001 }).where('id', '=', product.id).execute();
    const last = await app.db.selectFrom('stock_movements').select('id').where('part_id', '=', part.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await app.db.updateTable('stock_movements').set({ balance_after: 100 }).where('id', '=', last.id).execute();

    const problems = await stockInvariantViolations(app.db, owner.workspaceId);
    expect(problems).toEqual(
      expect.arrayContaining([
        `part ${part.id}: stock 9, but its ledger sums to 6`,
        `part ${part.id}: movement ${last.id} records balance 100, the running sum of the ledger is 6`,
        `product ${product.id}: stock 1000000001 is not an integer from 0 to 1000000000`,
        `product ${product.id}: stock 1000000001, but its ledger sums to 2`,
      ]),
    );
    await expect(checkStockInvariants(app.db, owner.workspaceId)).rejects.toThrow(`stock invariants broken in workspace ${owner.workspaceId}`);
  });

  it('report stored recipe totals that the recipe and the parts no longer give', async () => {
    const { owner, part, product } = await busyWorkspace();
    const stored = {
      max_manufacturable: 3,
      limiting_parts: [{ part_id: part.id, part_name: part.name, current_stock: 6, required_per_product: 2 }],
      cost_sen: 2000,
      recipe_line_count: 1,
    };
    await app.db.updateTable('parts').set({ name: 'behind the service', unit_price_sen: 1500 }).where('id', '=', part.id).execute();

    const expected = { ...stored, limiting_parts: [{ ...stored.limiting_parts[0], part_name: 'behind the service' }], cost_sen: 3000 };
    expect(await stockInvariantViolations(app.db, owner.workspaceId)).toEqual([
      `product ${product.id}: stored recipe totals ${JSON.stringify(stored)}, its recipe and parts give ${JSON.stringify(expected)}`,
    ]);
  });

  it('report a product without stored recipe totals', async () => {
    const { owner, product } = await busyWorkspace();
    await app.db.deleteFrom('product_recipe_totals').where('product_id', '=', product.id).execute();
    expect(await stockInvariantViolations(app.db, owner.workspaceId)).toEqual([`product ${product.id}: no stored recipe totals`]);
  });

  it('report a delivery counted twice, a receipt without its entry and a sale that took no stock', async () => {
    const { owner, part, order, product, sale } = await busyWorkspace();
    const now = new Date().toISOString();
    const movement = { workspace_id: owner.workspaceId, part_id: part.id, product_id: null, note: null, user_id: null, created_at: now, effective_date: now.slice(0, 10) };
    await app.db.insertInto('stock_movements').values({ ...movement, kind: 'order_delivery', quantity_delta: 4, balance_after: 10, reference_id: order.id }).execute();
    await app.db.insertInto('stock_movements').values({ ...movement, kind: 'receipt', quantity_delta: 1, balance_after: 11, reference_id: 999_999 }).execute();
    await app.db.updateTable('parts').set({ current_stock: 11 }).where('id', '=', part.id).execute();
    const [stray] = await app.db
      .insertInto('sales')
      .values({
        workspace_id: owner.workspaceId,
        product_id: product.id,
        product_name: product.name,
        quantity: 1,
        unit_price_sen: 500,
        total_amount_sen: 600,
        total_cost_sen: 0,
        profit_sen: 600,
        sale_date: '2026-11-22',
        url: null,
        notes: null,
        created_by: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .execute();

    const problems = await stockInvariantViolations(app.db, owner.workspaceId);
    expect(problems).toEqual(
      expect.arrayContaining([
        `order ${order.id} (delivered): 2 delivery movements (1 expected)`,
        expect.stringMatching(/^movement \d+ \(receipt of 1\) has no matching stock entry: null$/),
        `sale ${stray!.id}: total 600 sen is not unit price 500 sen × 1`,
        `sale ${stray!.id}: no movement took its stock from product ${product.id}`,
      ]),
    );
    expect(problems.some((problem) => problem.startsWith(`sale ${sale.id}:`))).toBe(false);
  });

  it('snapshots tell a refused call that changed a row', async () => {
    const { owner, part } = await busyWorkspace();
    const before = await snapshotStockState(app.db, owner.workspaceId);
    expect(snapshotDifferences(before, await snapshotStockState(app.db, owner.workspaceId))).toEqual([]);
    await app.db.updateTable('parts').set({ min_stock_alert: 4 }).where('id', '=', part.id).execute();
    expect(snapshotDifferences(before, await snapshotStockState(app.db, owner.workspaceId))).toEqual([`parts ${part.id}.min_stock_alert: 0 → 4`]);
  });
});
