import { describe, expect, it } from 'vitest';
import * as stocktakesAndValuation from '../../src/db/migrations/2026-11-27-0024-stocktakes-and-valuation.ts';
import { tokyoDateString } from '../../src/lib/time.ts';
import { createPrivateDatabaseApp } from '../helpers/private-database-app.ts';
import { createOrder } from '../factories/orders.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart } from '../factories/parts.ts';
import { createProduct, sell, setRecipe } from '../factories/products.ts';
import { checkStockInvariants } from '../helpers/stock-invariants.ts';
import { call } from '../helpers/test-app.ts';

// The migration that adds effective_date fills the existing ledger rows from their records: a
// receipt's entry date, a delivery's stock entry, a manufacture's date, a sale's date (its edits
// too), and for everything else (and a deleted sale's cancel row) the day the row was written in
// Asia/Tokyo. Run on a database of its own: its down drops the column the other files use.
const app = await createPrivateDatabaseApp();

describe('the effective_date migration', () => {
  it('gives every existing ledger row the business date of its record, dropping nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { current_stock: 50, unit_price: 10 });
    expect((await call(app, 'POST', `/api/parts/${part.id}/stock-entry`, { token, body: { quantity: 5, entry_date: '2024-12-28' } })).statusCode).toBe(201);
    const order = await createOrder(app, token, part.id, { quantity: 3, order_date: '2026-11-20' });
    expect((await call(app, 'POST', `/api/orders/${order.id}/deliver`, { token })).statusCode).toBe(200);
    const product = await createProduct(app, token);
    await setRecipe(app, token, product.id, [{ part_id: part.id, quantity_required: 1 }]);
    expect((await call(app, 'POST', `/api/manufacturing/products/${product.id}/manufacture`, { token, body: { quantity: 4, manufacturing_date: '2024-12-15' } })).statusCode).toBe(201);
    const { sale } = await sell(app, token, product.id, { quantity: 1, sale_date: '2024-12-20' });
    expect((await call(app, 'PUT', `/api/sales/${sale.id}`, { token, body: { product_id: product.id, quantity: 2, unit_price: 1000, sale_date: '2024-12-21' } })).statusCode).toBe(200);
    const { sale: gone } = await sell(app, token, product.id, { quantity: 1, sale_date: '2024-12-22' });
    expect((await call(app, 'DELETE', `/api/sales/${gone.id}`, { token })).statusCode).toBe(200);
    expect((await call(app, 'PUT', `/api/parts/${part.id}`, { token, body: { current_stock: 40, reason: 'lost' } })).statusCode).toBe(200);

    const ledger = () =>
      app.db.selectFrom('stock_movements').select(['id', 'kind', 'quantity_delta', 'balance_after', 'effective_date']).where('workspace_id', '=', workspaceId).orderBy('id').execute();
    const before = await ledger();
    const today = tokyoDateString();
    expect(before.map((row) => [row.kind, row.effective_date])).toEqual([
      ['initial', today],
      ['receipt', '2024-12-28'],
      ['order_delivery', today],
      ['manufacture_consume', '2024-12-15'],
      ['manufacture', '2024-12-15'],
      ['sale', '2024-12-20'],
      ['sale_edit', '2024-12-21'],
      ['sale', '2024-12-22'],
      ['sale_cancel', '2024-12-22'],
      ['adjustment', today],
    ]);

    await stocktakesAndValuation.down(app.db);
    await stocktakesAndValuation.up(app.db);
    const after = await ledger();
    // The same rows; each date from its record (the edited sale's rows take its date now; the
    // deleted sale's rows the day they were written).
    expect(after.map(({ effective_date: _date, ...row }) => row)).toEqual(before.map(({ effective_date: _date, ...row }) => row));
    expect(after.map((row) => row.effective_date)).toEqual([today, '2024-12-28', today, '2024-12-15', '2024-12-15', '2024-12-21', '2024-12-21', today, today, today]);
    await checkStockInvariants(app.db, workspaceId);
  });
});
