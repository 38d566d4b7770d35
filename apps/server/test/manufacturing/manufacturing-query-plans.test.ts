import { describe, expect, it } from 'vitest';
import { listRecords } from '../../src/domains/manufacturing/records-repository.ts';
import { computeRequirements } from '../../src/domains/manufacturing/requirements.ts';
import { createProduct, productWithParts } from '../factories/products.ts';
import { registerUser } from '../factories/users.ts';
import { manufacture } from '../factories/manufacturing.ts';
import { sqlitePlansOf } from '../helpers/query-plans.ts';
import { createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

/** Indexes that hold every row of a workspace: a lookup by product ids must not walk them. */
const WORKSPACE_WIDE_INDEXES = ['products_workspace_name_idx', 'manufacturing_records_workspace_date_idx', 'manufacturing_plans_workspace_dates_idx'];

// SQLite plans without statistics (the app never runs ANALYZE) and prefers an index on
// workspace_id over the product ids beside it, reading every product or manufacturing record of
// the workspace to find a few. PostgreSQL plans from its statistics, so only SQLite is checked.
describe.skipIf(process.env.TEST_DATABASE === 'postgres')('lookups by product id on SQLite', () => {
  it('requirements with reduce_by_manufacturing and the records of one product use the product ids', async () => {
    const owner = await registerUser(app, { name: '製造担当' });
    const { product, parts } = await productWithParts(app, owner.token, [{ stock: 100, quantity: 1 }]);
    const others: Array<{ id: number }> = [];
    for (let index = 0; index < 3; index++) others.push(await createProduct(app, owner.token, { recipe: [{ part_id: parts[0]!.id, quantity_required: 2 }] }));
    expect((await manufacture(app, owner.token, product.id, { quantity: 2 })).statusCode).toBe(201);

    const plans = await sqlitePlansOf(app.db, async (db) => {
      await computeRequirements(db, owner.workspaceId, {
        orders: [product, ...others].map((item) => ({ product_id: item.id, quantity: 3 })),
        start_date: '2026-01-01',
        end_date: '2026-12-31',
        reduce_by_manufacturing: true,
      });
      await listRecords(db, owner.workspaceId, { limit: 100, productId: product.id });
    });
    expect(plans.length).toBeGreaterThanOrEqual(4);
    for (const { sql, plan } of plans) {
      for (const index of WORKSPACE_WIDE_INDEXES) expect(plan.join(' | '), sql).not.toContain(index);
    }
  });
});
