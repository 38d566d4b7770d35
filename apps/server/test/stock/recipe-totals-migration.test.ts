import { describe, expect, it } from 'vitest';
import * as productRecipeTotals from '../../src/db/migrations/2026-11-26-0007-product-recipe-totals.ts';
import * as recipeTotalsOfEveryProduct from '../../src/db/migrations/2026-11-27-0009-recipe-totals-of-every-product.ts';
import { createPrivateDatabaseApp } from '../helpers/private-database-app.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart, receive } from '../factories/parts.ts';
import { createProduct, setRecipe } from '../factories/products.ts';
import { checkStockInvariants } from '../helpers/stock-invariants.ts';

// The migration that adds product_recipe_totals computes the rows of every product that already
// has a recipe, in every workspace; a later one stores the rows still missing (products without a
// recipe then, and products whose row an interrupted CSV import had set aside). Run here again on a
// database of its own, since the first one drops the table the other test files use.
const app = await createPrivateDatabaseApp();

describe('the product_recipe_totals migrations', () => {
  it('store the totals of every product, as the app would have', async () => {
    const workspaces = [await signedInWorkspace(app), await signedInWorkspace(app)];
    for (const [index, owner] of workspaces.entries()) {
      const parts = [
        await createPart(app, owner.token, { current_stock: 12 + index, unit_price: 12.5 }),
        await createPart(app, owner.token, { current_stock: 5 }),
      ];
      const product = await createProduct(app, owner.token);
      await setRecipe(app, owner.token, product.id, [
        { part_id: parts[0]!.id, quantity_required: 4 },
        { part_id: parts[1]!.id, quantity_required: 1 },
      ]);
      expect((await receive(app, owner.token, parts[1]!.id, 1)).statusCode).toBe(201);
      await createProduct(app, owner.token);
    }
    const rows = () => app.db.selectFrom('product_recipe_totals').selectAll().orderBy('product_id').execute();
    const before = await rows();
    // Products made through the API have a row from the start.
    expect(before.map((row) => row.recipe_line_count)).toEqual([2, 0, 2, 0]);
    expect(before[0]).toMatchObject({ cost_sen: 5000, max_manufacturable: 3 });

    await productRecipeTotals.down(app.db);
    await productRecipeTotals.up(app.db);
    expect(await rows()).toEqual(before.filter((row) => row.recipe_line_count > 0));

    await app.db.deleteFrom('product_recipe_totals').where('product_id', '=', before[2]!.product_id).execute();
    await recipeTotalsOfEveryProduct.up(app.db);
    expect(await rows()).toEqual(before);
    for (const owner of workspaces) await checkStockInvariants(app.db, owner.workspaceId);
  });
});
