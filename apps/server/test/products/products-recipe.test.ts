import type { RecipeLine } from '@inventory/contracts/products';
import { describe, expect, it } from 'vitest';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart } from '../factories/parts.ts';
import { createProduct, setRecipe, snapshotProducts } from '../factories/products.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

const byPartId = (lines: RecipeLine[]) => [...lines].sort((a, b) => a.part_id - b.part_id);

async function recipeOf(token: string, productId: number): Promise<RecipeLine[]> {
  const response = await call(app, 'GET', `/api/products/${productId}/recipe`, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('GET /api/products/{id}/recipe', () => {
  it('answers an empty recipe for a new product and 404 for an unknown one', async () => {
    const { token } = await signedInWorkspace(app);
    const product = await createProduct(app, token);
    expect(await recipeOf(token, product.id)).toEqual([]);
    const unknown = await call(app, 'GET', '/api/products/987654321/recipe', { token });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: '商品が見つかりません' });
  });
});

describe('POST /api/products/{id}/recipe', () => {
  it('stores the lines and answers them with their parts; inactive parts are allowed', async () => {
    const { token } = await signedInWorkspace(app);
    const wood = await createPart(app, token, { name: '木材', unit: '枚', unit_price: 120.5, current_stock: 40 });
    const bulb = await createPart(app, token, { name: '電球', current_stock: 3, status: 'inactive' });
    const product = await createProduct(app, token);

    const response = await call(app, 'POST', `/api/products/${product.id}/recipe`, {
      token,
      body: {
        recipes: [
          { part_id: wood.id, quantity_required: 4 },
          { part_id: bulb.id, quantity_required: 1 },
        ],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    const lines: RecipeLine[] = response.json();
    expect(byPartId(lines)).toEqual([
      { part_id: wood.id, quantity_required: 4, part_name: '木材', unit: '枚', unit_price: 120.5, current_stock: 40, part_status: 'active' },
      { part_id: bulb.id, quantity_required: 1, part_name: '電球', unit: null, unit_price: null, current_stock: 3, part_status: 'inactive' },
    ]);
    expect(await recipeOf(token, product.id)).toEqual(lines);
    expect((await call(app, 'GET', `/api/products/${product.id}`, { token })).json()).toMatchObject({ recipe_line_count: 2, cost: 482 });
  });

  it('replaces the whole recipe: lines not sent are gone, kept parts take the new quantity', async () => {
    const { token } = await signedInWorkspace(app);
    const [a, b, c] = [await createPart(app, token), await createPart(app, token), await createPart(app, token)];
    const product = await createProduct(app, token);
    await setRecipe(app, token, product.id, [
      { part_id: a.id, quantity_required: 1 },
      { part_id: b.id, quantity_required: 2 },
    ]);
    const replaced = await setRecipe(app, token, product.id, [
      { part_id: b.id, quantity_required: 5 },
      { part_id: c.id, quantity_required: 3 },
    ]);
    expect(byPartId(replaced).map((line) => [line.part_id, line.quantity_required])).toEqual([
      [b.id, 5],
      [c.id, 3],
    ]);
    expect(byPartId(await recipeOf(token, product.id))).toEqual(byPartId(replaced));
  });

  it('stores the largest recipe in one save', async () => {
    const { token } = await signedInWorkspace(app);
    const parts = await Promise.all(Array.from({ length: 200 }, () => createPart(app, token)));
    const product = await createProduct(app, token);
    const lines = await setRecipe(
      app,
      token,
      product.id,
      parts.map((part, index) => ({ part_id: part.id, quantity_required: index + 1 })),
    );
    expect(lines).toHaveLength(200);
  });

  const invalidBodies: Array<[string, (partId: number) => unknown, string]> = [
    ['no recipes key', () => ({}), '少なくとも1つの部品を設定してください'],
    ['recipes not a list', () => ({ recipes: 'abc' }), '少なくとも1つの部品を設定してください'],
    ['an empty list', () => ({ recipes: [] }), '少なくとも1つの部品を設定してください'],
    ['quantity 0', (id) => ({ recipes: [{ part_id: id, quantity_required: 0 }] }), '必要数量は1以上で入力してください'],
    ['a negative quantity', (id) => ({ recipes: [{ part_id: id, quantity_required: -2 }] }), '必要数量は1以上で入力してください'],
    ['a fractional quantity', (id) => ({ recipes: [{ part_id: id, quantity_required: 1.5 }] }), '必要数量は整数で入力してください'],
    ['a quantity as text', (id) => ({ recipes: [{ part_id: id, quantity_required: '2' }] }), '必要数量は数値で入力してください'],
    ['a huge quantity', (id) => ({ recipes: [{ part_id: id, quantity_required: 1e10 }] }), '必要数量は1,000,000,000以下で入力してください'],
    ['a missing quantity', (id) => ({ recipes: [{ part_id: id }] }), '必要数量は数値で入力してください'],
    ['no part chosen', () => ({ recipes: [{ quantity_required: 1 }] }), '部品を選択してください'],
    ['a part id as text', () => ({ recipes: [{ part_id: 'abc', quantity_required: 1 }] }), '部品を選択してください'],
    ['part id 0', () => ({ recipes: [{ part_id: 0, quantity_required: 1 }] }), '部品を選択してください'],
    // Ids are 32-bit on PostgreSQL: a larger one names no part and must not reach the database.
    ['a part id beyond 32 bits', () => ({ recipes: [{ part_id: 2 ** 31, quantity_required: 1 }] }), '部品を選択してください'],
    ['a line that is not an object', () => ({ recipes: [5] }), 'recipes.0の値が正しくありません'],
    [
      'the same part twice',
      (id) => ({
        recipes: [
          { part_id: id, quantity_required: 1 },
          { part_id: id, quantity_required: 2 },
        ],
      }),
      '同じ部品が複数の行に設定されています',
    ],
    [
      'more than 200 lines',
      (id) => ({ recipes: Array.from({ length: 201 }, (_, index) => ({ part_id: id + index, quantity_required: 1 })) }),
      'レシピは200行以内で設定してください',
    ],
  ];
  it.each(invalidBodies)('refuses %s with 400 and keeps the old recipe', async (_case, body, message) => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token);
    const product = await createProduct(app, token);
    await setRecipe(app, token, product.id, [{ part_id: part.id, quantity_required: 2 }]);
    const before = await snapshotProducts(app, workspaceId);

    const response = await call(app, 'POST', `/api/products/${product.id}/recipe`, { token, body: body(part.id) as object });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    expect(await snapshotProducts(app, workspaceId)).toEqual(before);
  });

  it('refuses a body that is not JSON, keeping the old recipe', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token);
    const product = await createProduct(app, token);
    await setRecipe(app, token, product.id, [{ part_id: part.id, quantity_required: 2 }]);
    const before = await snapshotProducts(app, workspaceId);
    const broken = await call(app, 'POST', `/api/products/${product.id}/recipe`, {
      token,
      body: '{"recipes":[',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().error).toBe('リクエストの形式が正しくありません（JSONを読み取れません）');
    expect(await snapshotProducts(app, workspaceId)).toEqual(before);
  });

  it("answers 404 when a line names another workspace's part or an unknown part, and keeps the old recipe", async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    const own = await createPart(app, token);
    const foreign = await createPart(app, other.token);
    const product = await createProduct(app, token);
    await setRecipe(app, token, product.id, [{ part_id: own.id, quantity_required: 2 }]);
    const before = await snapshotProducts(app, workspaceId);
    const otherBefore = await snapshotProducts(app, other.workspaceId);

    for (const partId of [foreign.id, 987654321]) {
      const response = await call(app, 'POST', `/api/products/${product.id}/recipe`, {
        token,
        body: {
          recipes: [
            { part_id: own.id, quantity_required: 5 },
            { part_id: partId, quantity_required: 1 },
          ],
        },
      });
      expect(response.statusCode, String(partId)).toBe(404);
      expect(response.json()).toEqual({ error: '部品が見つかりません' });
    }
    expect(await snapshotProducts(app, workspaceId)).toEqual(before);
    expect(await snapshotProducts(app, other.workspaceId)).toEqual(otherBefore);
    // The foreign part is still free to delete: no recipe of ours points at it.
    expect((await call(app, 'DELETE', `/api/parts/${foreign.id}`, { token: other.token })).statusCode).toBe(200);
  });

  it('answers 404 for an unknown product and creates no line', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token);
    const response = await call(app, 'POST', '/api/products/987654321/recipe', {
      token,
      body: { recipes: [{ part_id: part.id, quantity_required: 1 }] },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: '商品が見つかりません' });
    expect((await snapshotProducts(app, workspaceId)).recipeLines).toEqual([]);
  });

  it('simultaneous saves of the same recipe take turns: the result is exactly one of them', async () => {
    const { token } = await signedInWorkspace(app);
    const parts = await Promise.all(Array.from({ length: 6 }, () => createPart(app, token)));
    const product = await createProduct(app, token);
    const recipes = Array.from({ length: 8 }, (_, round) =>
      parts.filter((_, index) => (index + round) % 2 === 0).map((part) => ({ part_id: part.id, quantity_required: round + 1 })),
    );
    const responses = await Promise.all(
      recipes.map((lines) => call(app, 'POST', `/api/products/${product.id}/recipe`, { token, body: { recipes: lines } })),
    );
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const stored = byPartId(await recipeOf(token, product.id)).map((line) => ({ part_id: line.part_id, quantity_required: line.quantity_required }));
    expect(recipes.map((lines) => [...lines].sort((a, b) => a.part_id - b.part_id))).toContainEqual(stored);
  });

  it('a recipe save and the deletion of its part at the same moment never fail with a server error', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const pairs = await Promise.all(
      Array.from({ length: 12 }, async () => ({ part: await createPart(app, token), product: await createProduct(app, token) })),
    );
    const responses = await Promise.all(
      pairs.flatMap(({ part, product }) => [
        call(app, 'POST', `/api/products/${product.id}/recipe`, { token, body: { recipes: [{ part_id: part.id, quantity_required: 1 }] } }),
        call(app, 'DELETE', `/api/parts/${part.id}`, { token }),
      ]),
    );
    for (let index = 0; index < responses.length; index += 2) {
      const [saved, deleted] = [responses[index]!, responses[index + 1]!];
      // Either the recipe came first (the part is kept, 409) or the delete did (the save finds no part, 404).
      expect([saved.statusCode, deleted.statusCode], saved.body + deleted.body).toEqual(saved.statusCode === 200 ? [200, 409] : [404, 200]);
    }
    const after = await snapshotProducts(app, workspaceId);
    expect(after.recipeLines).toHaveLength(responses.filter((response, index) => index % 2 === 0 && response.statusCode === 200).length);
  });
});
