import { describe, expect, it } from 'vitest';
import { listSales, sumSales, sumSalesByMonth, sumSalesByProduct } from '../../src/domains/sales/sales-repository.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { createProduct } from '../factories/products.ts';
import { insertSales } from '../factories/sales.ts';
import { sqlitePlansOf } from '../helpers/query-plans.ts';
import { createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

/** The one plan of the one query `work` runs. */
async function planOf(work: (db: typeof app.db) => Promise<unknown>) {
  const plans = await sqlitePlansOf(app.db, work);
  expect(plans).toHaveLength(1);
  return plans[0]!;
}

// The reports sum every sale of a period: 100,000 sales must be read from an index that holds
// the summed columns (no lookup of each row), and grouped without sorting them all. PostgreSQL
// plans from its statistics (and a fresh table's plan says little), so only SQLite is checked;
// SQLite never runs ANALYZE here, so its plans do not depend on the data.
describe.skipIf(process.env.TEST_DATABASE === 'postgres')('sales queries on SQLite', () => {
  const dates = { startDate: '2026-01-01', endDate: '2026-12-31' };

  async function workspaceWithSales() {
    const { token, workspaceId } = await signedInWorkspace(app);
    const product = await createProduct(app, token);
    await insertSales(app, workspaceId, [
      { product, sale_date: '2026-01-10' },
      { product: { id: null, name: '削除済み' }, sale_date: '2026-02-10' },
    ]);
    return { workspaceId, productId: product.id };
  }

  it('the summary reads a totals index only, by date or by product', async () => {
    const { workspaceId, productId } = await workspaceWithSales();
    // Without filters either totals index holds every row of the workspace: SQLite may take either.
    const whole = await planOf((db) => sumSales(db, workspaceId, {}));
    expect(whole.plan, whole.sql).toEqual([expect.stringMatching(/USING COVERING INDEX sales_workspace_(date|product)_totals_idx/)]);
    const { sql, plan } = await planOf((db) => sumSales(db, workspaceId, dates));
    expect(plan, sql).toEqual([expect.stringContaining('USING COVERING INDEX sales_workspace_date_totals_idx')]);
    for (const filters of [{ productId }, { productId, ...dates }]) {
      const { sql, plan } = await planOf((db) => sumSales(db, workspaceId, filters));
      expect(plan, sql).toEqual([expect.stringContaining('USING COVERING INDEX sales_workspace_product_totals_idx (workspace_id=? AND product_id=?)')]);
    }
  });

  it('per product reads the per-product totals index in its order: no sort of the sales to group them', async () => {
    const { workspaceId, productId } = await workspaceWithSales();
    for (const filters of [{}, dates, { productId }, { productId, ...dates }]) {
      const { sql, plan } = await planOf((db) => sumSalesByProduct(db, workspaceId, filters));
      expect(plan[0], sql).toContain('USING COVERING INDEX sales_workspace_product_totals_idx');
      // Only the few product rows are sorted, by amount.
      expect(plan.slice(1), sql).toEqual(['USE TEMP B-TREE FOR ORDER BY']);
    }
  });

  it('the trend reads the date totals index in date order, sorting only the days into months', async () => {
    const { workspaceId } = await workspaceWithSales();
    // Kysely hands the day subquery to plugins on its own as well; the executed query is the outer one.
    const plans = await sqlitePlansOf(app.db, (db) => sumSalesByMonth(db, workspaceId, { from: '2025-12-01', before: '2026-12-01' }));
    const { sql, plan } = plans.find((query) => query.sql.includes(') as "days"'))!;
    expect(plan, sql).toEqual([
      'CO-ROUTINE days',
      'SEARCH sales USING COVERING INDEX sales_workspace_date_totals_idx (workspace_id=? AND sale_date>? AND sale_date<?)',
      'SCAN days',
      'USE TEMP B-TREE FOR GROUP BY',
    ]);
  });

  it("one product's trend reads only that product's sales of the period, in date order", async () => {
    const { workspaceId, productId } = await workspaceWithSales();
    const plans = await sqlitePlansOf(app.db, (db) => sumSalesByMonth(db, workspaceId, { from: '2025-12-01', before: '2026-12-01', productId }));
    const { sql, plan } = plans.find((query) => query.sql.includes(') as "days"'))!;
    expect(plan, sql).toEqual([
      'CO-ROUTINE days',
      'SEARCH sales USING INDEX sales_workspace_product_date_idx (workspace_id=? AND product_id=? AND sale_date>? AND sale_date<?)',
      'SCAN days',
      'USE TEMP B-TREE FOR GROUP BY',
    ]);
  });

  it('the list walks the date index, or the product index, newest first without sorting', async () => {
    const { workspaceId, productId } = await workspaceWithSales();
    const cases: Array<[object, string]> = [
      [{}, 'SEARCH sales USING INDEX sales_workspace_date_idx (workspace_id=?)'],
      [dates, 'SEARCH sales USING INDEX sales_workspace_date_idx (workspace_id=? AND sale_date>? AND sale_date<?)'],
      [{ productId }, 'SEARCH sales USING INDEX sales_workspace_product_date_idx (workspace_id=? AND product_id=?)'],
      [{ productId, ...dates }, 'SEARCH sales USING INDEX sales_workspace_product_date_idx (workspace_id=? AND product_id=? AND sale_date>? AND sale_date<?)'],
    ];
    for (const [filters, expected] of cases) {
      const { sql, plan } = await planOf((db) => listSales(db, workspaceId, filters, 1000));
      expect(plan, sql).toEqual([expected]);
    }
  });
});
