import { randomUUID } from 'node:crypto';
import type { CreateProductBody, Product, RecipeLine, SellBody, SellResponse } from '@inventory/contracts/products';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { createPart } from './parts.ts';
import { call } from '../helpers/test-app.ts';

export const uniqueProductName = (prefix = '商品') => `${prefix}-${randomUUID().slice(0, 8)}`;

export type RecipeInput = Array<{ part_id: number; quantity_required: number }>;

/**
 * The one way tests make a product: POST /products, then its recipe (if given) through POST
 * /products/{id}/recipe, so its stored recipe totals are kept as production keeps them.
 */
export async function createProduct(
  app: FastifyInstance,
  token: string,
  { recipe = [], ...overrides }: Partial<CreateProductBody> & { recipe?: RecipeInput } = {},
): Promise<Product> {
  const response = await call(app, 'POST', '/api/products', { token, body: { name: uniqueProductName(), ...overrides } });
  expect(response.statusCode, response.body).toBe(201);
  const product: Product = response.json();
  if (recipe.length > 0) await setRecipe(app, token, product.id, recipe);
  return product;
}

export async function setRecipe(app: FastifyInstance, token: string, productId: number, recipes: RecipeInput): Promise<RecipeLine[]> {
  const response = await call(app, 'POST', `/api/products/${productId}/recipe`, { token, body: { recipes } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** A product with one new part per entry of `lines` (the part's opening stock, and the quantity the recipe needs). */
export async function productWithParts(
  app: FastifyInstance,
  token: string,
  lines: Array<{ stock: number; quantity: number; name?: string }>,
  productName?: string,
) {
  const parts = [];
  for (const line of lines) {
    const part = await createPart(app, token, { current_stock: line.stock, ...(line.name ? { name: line.name } : {}) });
    parts.push({ ...part, quantity: line.quantity });
  }
  const product = await createProduct(app, token, {
    ...(productName ? { name: productName } : {}),
    recipe: parts.map((part) => ({ part_id: part.id, quantity_required: part.quantity })),
  });
  return { product, parts };
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
