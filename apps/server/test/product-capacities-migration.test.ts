import { describe, expect, it } from 'vitest';
import * as productCapacities from '../src/db/migrations/2026-11-26-0007-product-capacities.ts';
import { createPrivateDatabaseApp } from './helpers/private-database-app.ts';
import { createPart, receive, signedInWorkspace } from './helpers/parts-factories.ts';
import { createProduct, setRecipe } from './helpers/products-factories.ts';
import { checkStockInvariants } from './helpers/stock-invariants.ts';

// The migration that adds product_capacities computes the rows of every product that already has
// a recipe, in every workspace. Run here again (down, then up) on a database of its own, since it
// drops the table the other test files use.
const app = await createPrivateDatabaseApp();

describe('the product_capacities migration', () => {
  it('stores the capacity of every product with a recipe, as the stock module would have', async () => {
    const workspaces = [await signedInWorkspace(app), await signedInWorkspace(app)];
    for (const [index, owner] of workspaces.entries()) {
      const parts = [await createPart(app, owner.token, { current_stock: 12 + index }), await createPart(app, owner.token, { current_stock: 5 })];
      const product = await createProduct(app, owner.token);
      await setRecipe(app, owner.token, product.id, [
        { part_id: parts[0]!.id, quantity_required: 4 },
        { part_id: parts[1]!.id, quantity_required: 1 },
      ]);
      expect((await receive(app, owner.token, parts[1]!.id, 1)).statusCode).toBe(201);
      await createProduct(app, owner.token);
    }
    const rows = () => app.db.selectFrom('product_capacities').selectAll().orderBy('product_id').execute();
    const before = await rows();
    expect(before).toHaveLength(2);

    await productCapacities.down(app.db);
    await productCapacities.up(app.db);

    expect(await rows()).toEqual(before);
    for (const owner of workspaces) await checkStockInvariants(app.db, owner.workspaceId);
  });
});
