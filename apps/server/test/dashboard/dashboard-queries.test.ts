import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { describe, expect, it } from 'vitest';
import { loadAlerts } from '../../src/domains/dashboard/alerts.ts';
import { loadCalendar } from '../../src/domains/dashboard/calendar.ts';
import { loadDashboard } from '../../src/domains/dashboard/dashboard-service.ts';
import { fromToday, today } from '../factories/dashboard.ts';
import { createProduct } from '../factories/products.ts';
import { type RegisteredUser, registerUser } from '../factories/users.ts';
import { createPlan, insertManufacturingRecord } from '../factories/manufacturing.ts';
import { createPart } from '../factories/parts.ts';
import { createOrder } from '../factories/orders.ts';
import { insertSales } from '../factories/sales.ts';
import { sqlitePlanOf } from '../helpers/query-plans.ts';
import { createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

/** A workspace with `count` products, each with a two-part recipe, open orders, a plan, a record and a sale. */
async function workspaceWith(count: number): Promise<RegisteredUser> {
  const owner = await registerUser(app, { name: '製造担当' });
  for (let index = 0; index < count; index++) {
    const first = await createPart(app, owner.token, { current_stock: index });
    const second = await createPart(app, owner.token, { current_stock: 50 });
    const product = await createProduct(app, owner.token, { recipe: [{ part_id: first.id, quantity_required: 1 }, { part_id: second.id, quantity_required: 2 }] });
    for (const days of [-1, 0, 1, 2]) {
      await createOrder(app, owner.token, first.id, { quantity: 3, order_date: fromToday(-10), expected_delivery_date: fromToday(days) });
    }
    await createPlan(app, owner.token, { product_id: product.id, quantity: 4, start_date: fromToday(-1), end_date: fromToday(1) });
    await insertManufacturingRecord(app, owner.workspaceId, { product, quantity: 1, date: today() });
    await insertSales(app, owner.workspaceId, [{ product, unit_price_sen: 100, sale_date: today() }]);
  }
  return owner;
}

/** Runs `work` on a database that counts the statements it executes and keeps the ones Kysely built. */
async function measure(work: (db: typeof app.db) => Promise<unknown>) {
  let executed = 0;
  const built: RootOperationNode[] = [];
  const counter: KyselyPlugin = {
    transformQuery: ({ node }) => {
      built.push(node);
      return node;
    },
    transformResult: async ({ result }) => {
      executed += 1;
      return result;
    },
  };
  await work(app.db.withPlugin(counter));
  return { executed, built };
}

const [year, month] = [Number(today().slice(0, 4)), Number(today().slice(5, 7))];
const calls = {
  dashboard: (db: typeof app.db, workspaceId: number) => loadDashboard(db, workspaceId, today()),
  alerts: (db: typeof app.db, workspaceId: number) => loadAlerts(db, workspaceId, today()),
  calendar: (db: typeof app.db, workspaceId: number) => loadCalendar(db, workspaceId, year, month, today()),
};

describe('dashboard reads', () => {
  it('run a fixed number of statements, however many products, parts, orders and sales there are', async () => {
    const small = await workspaceWith(1);
    const large = await workspaceWith(25);
    const expected = { dashboard: 12, alerts: 3, calendar: 4 };
    for (const [name, load] of Object.entries(calls) as Array<[keyof typeof calls, (typeof calls)[keyof typeof calls]]>) {
      const few = await measure((db) => load(db, small.workspaceId));
      const many = await measure((db) => load(db, large.workspaceId));
      expect(few.executed, name).toBe(expected[name]);
      expect(many.executed, name).toBe(expected[name]);
    }
    // The large workspace really is large in the answer.
    const dashboard = await loadDashboard(app.db, large.workspaceId, today());
    expect(dashboard.products).toHaveLength(25);
    // Every product but the first, whose part has no stock in hand (its overdue order is not stock).
    expect(dashboard.calendar.events.filter((event) => event.type === 'capacity' && event.date === today())).toHaveLength(24);
  });

  // SQLite plans without statistics; a full scan of a table would grow with every workspace's rows.
  it.skipIf(process.env.TEST_DATABASE === 'postgres')('never scan a whole table on SQLite', async () => {
    const owner = await workspaceWith(3);
    const { built } = await measure((db) => calls.dashboard(db, owner.workspaceId));
    expect(built.length).toBeGreaterThanOrEqual(8);
    for (const node of built) {
      const { sql, plan } = await sqlitePlanOf(app.db, node);
      for (const detail of plan) expect(detail, sql).not.toMatch(/^SCAN (?!CONSTANT ROW)/);
    }
  });
});
