import { describe, expect, it } from 'vitest';
import { refreshRecipeTotalsUsingParts } from '../../src/domains/recipe-totals/stored-recipe-totals.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { uploadCsv } from '../factories/parts.ts';
import { createProduct, setRecipe } from '../factories/products.ts';
import { stockInvariantViolations } from '../helpers/stock-invariants.ts';
import { createTestApp } from '../helpers/test-app.ts';

// refreshRecipeTotalsUsingParts with more parts than one SQL chunk (500) finds the products of
// every chunk and locks them in one product id order.
const app = await createTestApp();

describe('refreshing stored recipe totals', () => {
  it('recomputes the products of parts in every chunk of a long list', async () => {
    const owner = await signedInWorkspace(app);
    const imported = await uploadCsv(app, owner.token, `部品名,現在在庫\n${Array.from({ length: 600 }, (_, index) => `長い一覧${index},10`).join('\n')}\n`);
    expect(imported.statusCode, imported.body).toBe(200);
    const parts = await app.db.selectFrom('parts').select(['id', 'name']).where('workspace_id', '=', owner.workspaceId).orderBy('id').execute();
    const [first, last] = [parts[0]!, parts[599]!];
    const products = [await createProduct(app, owner.token), await createProduct(app, owner.token)];
    await setRecipe(app, owner.token, products[0]!.id, [{ part_id: last.id, quantity_required: 3 }]);
    await setRecipe(app, owner.token, products[1]!.id, [{ part_id: first.id, quantity_required: 4 }]);

    await app.db.transaction().execute(async (trx) => {
      // As the stock module would have, without its ledger rows: only the totals are checked here.
      await trx.updateTable('parts').set({ current_stock: 42 }).where('id', 'in', [first.id, last.id]).execute();
      await refreshRecipeTotalsUsingParts(
        trx,
        owner.workspaceId,
        parts.map((part) => part.id),
      );
    });

    const stored = await app.db.selectFrom('product_recipe_totals').select(['product_id', 'max_manufacturable']).where('workspace_id', '=', owner.workspaceId).orderBy('product_id').execute();
    expect(stored).toEqual([
      { product_id: products[0]!.id, max_manufacturable: 14 },
      { product_id: products[1]!.id, max_manufacturable: 10 },
    ]);
    expect((await stockInvariantViolations(app.db, owner.workspaceId)).filter((problem) => problem.includes('recipe totals'))).toEqual([]);
  });
});
