import { describe, expect, it } from 'vitest';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart } from '../factories/parts.ts';
import { createProduct, sell, sellBodyOf, setRecipe, snapshotProducts } from '../factories/products.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

// Workspaces are walls: every products call that names a product or part of another workspace
// answers 404, says nothing about it, and changes nothing on either side.

async function twoWorkspaces() {
  const owner = await signedInWorkspace(app);
  const part = await createPart(app, owner.token, { unit_price: 10, current_stock: 20 });
  const product = await createProduct(app, owner.token, { selling_price: 100, current_stock: 5 });
  await setRecipe(app, owner.token, product.id, [{ part_id: part.id, quantity_required: 2 }]);
  await sell(app, owner.token, product.id, { quantity: 1 });

  const intruder = await signedInWorkspace(app);
  const ownPart = await createPart(app, intruder.token, { current_stock: 3 });
  const ownProduct = await createProduct(app, intruder.token, { current_stock: 2 });
  await setRecipe(app, intruder.token, ownProduct.id, [{ part_id: ownPart.id, quantity_required: 1 }]);
  return { owner, part, product, intruder, ownPart, ownProduct };
}

describe("another workspace's products and parts", () => {
  it('answer 404 on every products call, and nothing changes on either side', async () => {
    const { owner, part, product, intruder, ownPart, ownProduct } = await twoWorkspaces();
    const ownerBefore = await snapshotProducts(app, owner.workspaceId);
    const intruderBefore = await snapshotProducts(app, intruder.workspaceId);

    const recipeWith = (partId: number) => ({ recipes: [{ part_id: partId, quantity_required: 1 }] });
    const calls: Array<[string, string, unknown?, string?]> = [
      ['GET', `/api/products/${product.id}`],
      ['PUT', `/api/products/${product.id}`, { name: '乗っ取り' }],
      ['PUT', `/api/products/${product.id}`, { current_stock: 999 }],
      ['PUT', `/api/products/${product.id}`, { name: '乗っ取り', selling_price: 1, current_stock: 0 }],
      ['DELETE', `/api/products/${product.id}`],
      ['GET', `/api/products/${product.id}/recipe`],
      ['POST', `/api/products/${product.id}/recipe`, recipeWith(ownPart.id)],
      ['POST', `/api/products/${product.id}/recipe`, recipeWith(part.id)],
      ['POST', `/api/products/${ownProduct.id}/recipe`, recipeWith(part.id), '部品が見つかりません'],
      ['POST', `/api/products/${product.id}/sell`, sellBodyOf()],
      ['POST', `/api/products/${product.id}/copy`, { name: '複製' }],
      ['GET', `/api/products/${product.id}/cost`],
      ['GET', `/api/products/${product.id}/movements`],
    ];
    for (const [method, url, body, message = '商品が見つかりません'] of calls) {
      const response = await call(app, method as 'GET', url, { token: intruder.token, ...(body ? { body } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json(), `${method} ${url}`).toEqual({ error: message });
    }

    expect(await snapshotProducts(app, owner.workspaceId)).toEqual(ownerBefore);
    expect(await snapshotProducts(app, intruder.workspaceId)).toEqual(intruderBefore);
  });

  it('never appear in the product list or the cost list', async () => {
    const { intruder, ownProduct } = await twoWorkspaces();
    const get = async (url: string) => (await call(app, 'GET', url, { token: intruder.token })).json();
    expect((await get('/api/products')).map((row: { id: number }) => row.id)).toEqual([ownProduct.id]);
    expect((await get('/api/products/cost/all')).map((row: { product_id: number }) => row.product_id)).toEqual([ownProduct.id]);
  });

  it('every products call needs a session', async () => {
    const { product } = await twoWorkspaces();
    const calls: Array<[string, string]> = [
      ['GET', '/api/products'],
      ['POST', '/api/products'],
      ['GET', '/api/products/cost/all'],
      ['GET', `/api/products/${product.id}`],
      ['PUT', `/api/products/${product.id}`],
      ['DELETE', `/api/products/${product.id}`],
      ['GET', `/api/products/${product.id}/recipe`],
      ['POST', `/api/products/${product.id}/recipe`],
      ['POST', `/api/products/${product.id}/sell`],
      ['POST', `/api/products/${product.id}/copy`],
      ['GET', `/api/products/${product.id}/cost`],
      ['GET', `/api/products/${product.id}/movements`],
    ];
    for (const [method, url] of calls) {
      const response = await call(app, method as 'GET', url, { body: {} });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
