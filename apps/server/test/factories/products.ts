import { randomUUID } from 'node:crypto';
import type { CreateProductBody, Product, RecipeLine, SellBody, SellResponse } from '@inventory/contracts/products';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from '../helpers/test-app.ts';

// Products are made through the API (as the screens make them); manufacturing records and plans,
// whose routes belong to the manufacturing area, are stored straight through app.db.

export const uniqueProductName = (prefix = '商品') => `${prefix}-${randomUUID().slice(0, 8)}`;

export async function createProduct(app: FastifyInstance, token: string, overrides: Partial<CreateProductBody> = {}): Promise<Product> {
  const response = await call(app, 'POST', '/api/products', { token, body: { name: uniqueProductName(), ...overrides } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export async function setRecipe(
  app: FastifyInstance,
  token: string,
  productId: number,
  recipes: Array<{ part_id: number; quantity_required: number }>,
): Promise<RecipeLine[]> {
  const response = await call(app, 'POST', `/api/products/${productId}/recipe`, { token, body: { recipes } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export function sellBodyOf(overrides: Partial<SellBody> = {}): SellBody {
  return { quantity: 1, unit_price: 1000, sale_date: '2026-11-22', ...overrides };
}

export async function sell(app: FastifyInstance, token: string, productId: number, overrides: Partial<SellBody> = {}): Promise<SellResponse> {
  const response = await call(app, 'POST', `/api/products/${productId}/sell`, { token, body: sellBodyOf(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A product's stock and its ledger rows, to check that they agree. */
export async function productStockState(app: FastifyInstance, productId: number) {
  const [product, movements] = await Promise.all([
    app.db.selectFrom('products').select('current_stock').where('id', '=', productId).executeTakeFirstOrThrow(),
    app.db
      .selectFrom('stock_movements')
      .select(['kind', 'quantity_delta', 'balance_after', 'reference_id', 'user_id'])
      .where('product_id', '=', productId)
      .orderBy('id')
      .execute(),
  ]);
  return { stock: product.current_stock, movements, movementSum: movements.reduce((sum, row) => sum + row.quantity_delta, 0) };
}

export async function insertManufacturingRecord(app: FastifyInstance, workspaceId: number, product: Pick<Product, 'id' | 'name'>) {
  const { id } = await app.db
    .insertInto('manufacturing_records')
    .values({
      workspace_id: workspaceId,
      product_id: product.id,
      product_name: product.name,
      quantity: 2,
      manufacturing_date: '2026-11-20',
      notes: null,
      created_by: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertPlan(app: FastifyInstance, workspaceId: number, productId: number) {
  const now = new Date().toISOString();
  const { id } = await app.db
    .insertInto('manufacturing_plans')
    .values({
      workspace_id: workspaceId,
      product_id: productId,
      quantity: 5,
      remaining_quantity: 5,
      start_date: '2026-11-20',
      end_date: '2026-11-30',
      notes: null,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Stored state of the workspace's products and everything hanging off them (for "nothing changed"). */
export async function snapshotProducts(app: FastifyInstance, workspaceId: number) {
  const byId = <T extends { id: number }>(items: T[]) => [...items].sort((a, b) => a.id - b.id);
  return {
    products: byId(await app.db.selectFrom('products').selectAll().where('workspace_id', '=', workspaceId).execute()),
    recipeLines: byId(await app.db.selectFrom('recipe_lines').selectAll().where('workspace_id', '=', workspaceId).execute()),
    parts: byId(await app.db.selectFrom('parts').selectAll().where('workspace_id', '=', workspaceId).execute()),
    sales: byId(await app.db.selectFrom('sales').selectAll().where('workspace_id', '=', workspaceId).execute()),
    records: byId(await app.db.selectFrom('manufacturing_records').selectAll().where('workspace_id', '=', workspaceId).execute()),
    plans: byId(await app.db.selectFrom('manufacturing_plans').selectAll().where('workspace_id', '=', workspaceId).execute()),
    movements: byId(await app.db.selectFrom('stock_movements').selectAll().where('workspace_id', '=', workspaceId).execute()),
  };
}

/** Every product of the workspace: its stock must equal the sum of its ledger rows. */
export async function expectProductStockMatchesLedger(app: FastifyInstance, workspaceId: number) {
  const products = await app.db.selectFrom('products').select(['id', 'current_stock']).where('workspace_id', '=', workspaceId).execute();
  const sums = await app.db
    .selectFrom('stock_movements')
    .select(['product_id', (eb) => eb.fn.sum<number | string>('quantity_delta').as('total')])
    .where('workspace_id', '=', workspaceId)
    .where('product_id', 'is not', null)
    .groupBy('product_id')
    .execute();
  const totals = new Map(sums.map((row) => [row.product_id, Number(row.total)]));
  for (const product of products) expect(totals.get(product.id) ?? 0, `product ${product.id}`).toBe(product.current_stock);
}
