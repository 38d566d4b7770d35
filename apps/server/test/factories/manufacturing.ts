import { randomUUID } from 'node:crypto';
import type { CreatePlanBody, ManufactureBody, Plan } from '@inventory/contracts/manufacturing';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createTestPart, type OrdersWorkspace, registerOrdersUser } from './orders.ts';
import { createProduct, setRecipe } from './products.ts';
import { call } from '../helpers/test-app.ts';

// Products and their recipes are made through the products API, as the screens make them; parts
// through the orders factories, their stock through the ledger like any change.

export type Maker = OrdersWorkspace;

export const registerMaker = (app: FastifyInstance, name = '製造担当'): Promise<Maker> => registerOrdersUser(app, name);

export { createTestPart };

export async function createTestProduct(
  app: FastifyInstance,
  owner: Maker,
  {
    name = `商品-${randomUUID().slice(0, 8)}`,
    stock = 0,
    recipe = [] as Array<{ partId: number; quantity: number }>,
  } = {},
) {
  const { id } = await createProduct(app, owner.token, { name, current_stock: stock });
  if (recipe.length > 0) {
    await setRecipe(
      app,
      owner.token,
      id,
      recipe.map((line) => ({ part_id: line.partId, quantity_required: line.quantity })),
    );
  }
  return { id, name };
}

/** A product with one part per entry of `lines` ({stock, quantity} each). */
export async function productWithParts(app: FastifyInstance, owner: Maker, lines: Array<{ stock: number; quantity: number; name?: string }>, productName?: string) {
  const parts = [];
  for (const line of lines) parts.push({ ...(await createTestPart(app, owner, { stock: line.stock, ...(line.name ? { name: line.name } : {}) })), quantity: line.quantity });
  const product = await createTestProduct(app, owner, {
    ...(productName ? { name: productName } : {}),
    recipe: parts.map((part) => ({ partId: part.id, quantity: part.quantity })),
  });
  return { product, parts };
}

export function manufacture(app: FastifyInstance, token: string, productId: number, body: Partial<ManufactureBody> = {}) {
  return call(app, 'POST', `/api/manufacturing/products/${productId}/manufacture`, {
    token,
    body: { quantity: 1, manufacturing_date: '2026-11-22', ...body },
  });
}

export async function createPlan(app: FastifyInstance, token: string, body: CreatePlanBody): Promise<Plan> {
  const response = await call(app, 'POST', '/api/manufacturing/plans', { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export async function stockOf(app: FastifyInstance, table: 'parts' | 'products', id: number): Promise<number> {
  return (await app.db.selectFrom(table).select('current_stock').where('id', '=', id).executeTakeFirstOrThrow()).current_stock;
}

/** Every part and product of the workspace: its stock equals the sum of its ledger rows, and never below 0. */
export async function expectStocksMatchLedger(app: FastifyInstance, workspaceId: number) {
  const movements = await app.db
    .selectFrom('stock_movements')
    .select(['part_id', 'product_id', 'quantity_delta'])
    .where('workspace_id', '=', workspaceId)
    .execute();
  const sums = new Map<string, number>();
  for (const row of movements) {
    const key = row.part_id !== null ? `part ${row.part_id}` : `product ${row.product_id}`;
    sums.set(key, (sums.get(key) ?? 0) + row.quantity_delta);
  }
  for (const table of ['parts', 'products'] as const) {
    const items = await app.db.selectFrom(table).select(['id', 'current_stock']).where('workspace_id', '=', workspaceId).execute();
    const kind = table === 'parts' ? 'part' : 'product';
    for (const item of items) {
      expect(item.current_stock, `${kind} ${item.id}`).toBeGreaterThanOrEqual(0);
      expect(sums.get(`${kind} ${item.id}`) ?? 0, `${kind} ${item.id}`).toBe(item.current_stock);
    }
  }
}

/** Everything manufacturing can change in a workspace (for "nothing changed"). */
export async function snapshotManufacturing(app: FastifyInstance, workspaceId: number) {
  const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
  return {
    parts: byId(await app.db.selectFrom('parts').selectAll().where('workspace_id', '=', workspaceId).execute()),
    products: byId(await app.db.selectFrom('products').selectAll().where('workspace_id', '=', workspaceId).execute()),
    recipeLines: byId(await app.db.selectFrom('recipe_lines').selectAll().where('workspace_id', '=', workspaceId).execute()),
    records: byId(await app.db.selectFrom('manufacturing_records').selectAll().where('workspace_id', '=', workspaceId).execute()),
    plans: byId(await app.db.selectFrom('manufacturing_plans').selectAll().where('workspace_id', '=', workspaceId).execute()),
    orders: byId(await app.db.selectFrom('orders').selectAll().where('workspace_id', '=', workspaceId).execute()),
    movements: byId(await app.db.selectFrom('stock_movements').selectAll().where('workspace_id', '=', workspaceId).execute()),
  };
}
