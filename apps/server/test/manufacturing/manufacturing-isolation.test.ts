import { describe, expect, it } from 'vitest';
import { createOrder } from '../factories/orders.ts';
import { registerUser } from '../factories/users.ts';
import { productWithParts } from '../factories/products.ts';
import { createPlan, manufacture, snapshotManufacturing } from '../factories/manufacturing.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

// Workspaces are walls: a product or plan of another workspace answers 404 on every
// manufacturing call, says nothing about it, and nothing changes on either side.

async function twoWorkspaces() {
  const owner = await registerUser(app, { name: 'オーナー' });
  const { product, parts } = await productWithParts(app, owner.token, [{ stock: 3, quantity: 2 }], '秘密の商品');
  const plan = await createPlan(app, owner.token, { product_id: product.id, quantity: 5, start_date: '2026-11-01', end_date: '2026-11-30' });
  await manufacture(app, owner.token, product.id, { quantity: 1, manufacturing_date: '2026-11-10' });
  await createOrder(app, owner.token, parts[0]!.id, { quantity: 1 });

  const intruder = await registerUser(app, { name: '他人' });
  const own = await productWithParts(app, intruder.token, [{ stock: 100, quantity: 1 }]);
  const ownPlan = await createPlan(app, intruder.token, { product_id: own.product.id, quantity: 5, start_date: '2026-11-01', end_date: '2026-11-30' });
  return { owner, product, plan, intruder, ownProduct: own.product, ownPlan };
}

describe("another workspace's ids", () => {
  it('answer 404 on every manufacturing call, and nothing changes', async () => {
    const { owner, product, plan, intruder, ownProduct } = await twoWorkspaces();
    const ownerBefore = await snapshotManufacturing(app, owner.workspaceId);
    const intruderBefore = await snapshotManufacturing(app, intruder.workspaceId);

    const planBody = { quantity: 1, start_date: '2026-11-01', end_date: '2026-11-30' };
    const calls: Array<[string, string, unknown?]> = [
      ['POST', `/api/manufacturing/products/${product.id}/manufacture`, { quantity: 1, manufacturing_date: '2026-11-22' }],
      ['GET', `/api/manufacturing/records?product_id=${product.id}`],
      ['GET', `/api/manufacturing/capacity/${product.id}`],
      ['POST', '/api/manufacturing/requirements', { orders: [{ product_id: product.id, quantity: 5 }] }],
      ['POST', '/api/manufacturing/requirements', { orders: [{ product_id: ownProduct.id, quantity: 5 }, { product_id: product.id, quantity: 5 }] }],
      ['POST', '/api/manufacturing/requirements/order-shortages', { requirements: { orders: [{ product_id: product.id, quantity: 50 }] } }],
      [
        'POST',
        '/api/manufacturing/requirements/order-shortages',
        { requirements: { orders: [{ product_id: ownProduct.id, quantity: 500 }, { product_id: product.id, quantity: 50 }] } },
      ],
      ['POST', '/api/manufacturing/plans', { product_id: product.id, ...planBody }],
      ['GET', `/api/manufacturing/plans/${plan.id}`],
      ['PUT', `/api/manufacturing/plans/${plan.id}`, { ...planBody, status: 'cancelled' }],
      ['DELETE', `/api/manufacturing/plans/${plan.id}`],
      ['GET', `/api/manufacturing/plans/${plan.id}/requirements`],
      ['POST', `/api/manufacturing/plans/${plan.id}/order-shortages`, {}],
    ];
    for (const [method, url, body] of calls) {
      const response = await call(app, method as 'GET', url, { token: intruder.token, ...(body ? { body } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error, `${method} ${url}`).toMatch(/^(商品|製造計画)が見つかりません$/);
    }

    expect(await snapshotManufacturing(app, owner.workspaceId)).toEqual(ownerBefore);
    expect(await snapshotManufacturing(app, intruder.workspaceId)).toEqual(intruderBefore);
  });

  it('never appear in the lists, the capacities or the calendar', async () => {
    const { intruder, ownProduct, ownPlan } = await twoWorkspaces();
    const get = async (url: string) => (await call(app, 'GET', url, { token: intruder.token })).json();
    expect(await get('/api/manufacturing/records')).toEqual([]);
    expect(await get('/api/manufacturing/calendar/2026/11')).toEqual({ events: [] });
    expect(await get('/api/manufacturing/capacity/all')).toEqual([{ product_id: ownProduct.id, max_manufacturable: 100 }]);
    for (const url of ['/api/manufacturing/plans', '/api/manufacturing/plans/active/list', '/api/manufacturing/plans/range/2026-11-01/2026-11-30']) {
      expect((await get(url)).map((plan: { id: number }) => plan.id), url).toEqual([ownPlan.id]);
    }
  });

  it('need a session on every call', async () => {
    for (const [method, url] of [
      ['POST', '/api/manufacturing/products/1/manufacture'],
      ['GET', '/api/manufacturing/records'],
      ['GET', '/api/manufacturing/capacity/all'],
      ['GET', '/api/manufacturing/capacity/1'],
      ['GET', '/api/manufacturing/calendar/2026/11'],
      ['POST', '/api/manufacturing/requirements'],
      ['POST', '/api/manufacturing/requirements/order-shortages'],
      ['GET', '/api/manufacturing/plans'],
      ['POST', '/api/manufacturing/plans'],
      ['GET', '/api/manufacturing/plans/active/list'],
      ['GET', '/api/manufacturing/plans/range/2026-11-01/2026-11-30'],
      ['GET', '/api/manufacturing/plans/1'],
      ['PUT', '/api/manufacturing/plans/1'],
      ['DELETE', '/api/manufacturing/plans/1'],
      ['GET', '/api/manufacturing/plans/1/requirements'],
      ['POST', '/api/manufacturing/plans/1/order-shortages'],
    ] as const) {
      expect((await call(app, method, url)).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
