import { describe, expect, it } from 'vitest';
import type { Capacity } from '@inventory/contracts/manufacturing';
import { capacityAnswer, capacityAnswerNow } from '../../src/domains/manufacturing/capacity.ts';
import { getPart, getPartNow } from '../../src/domains/parts/parts-service.ts';
import { getProduct, getProductNow } from '../../src/domains/products/products-service.ts';
import { createTestPart, createTestProduct, productWithParts, registerMaker } from '../factories/manufacturing.ts';
import { createTag } from '../factories/parts.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

// GET /parts/{id}, /products/{id} and /manufacturing/capacity/{id} answer at once on SQLite when
// the connection is free (…Now) and through a promise otherwise (and always on PostgreSQL, where
// …Now answers undefined). Both ways must give the same answer, 404 included.
const app = await createTestApp();
const sqlite = process.env.TEST_DATABASE !== 'postgres';

type Read<T> = (db: typeof app.db, workspaceId: number, id: number) => T;

// A capacity answers its stored JSON text; compared here as the object it stands for.
const parsed = (answer: string | undefined) => (answer === undefined ? undefined : (JSON.parse(answer) as Capacity));
const getCapacityNow: Read<Capacity | undefined> = (db, workspaceId, id) => parsed(capacityAnswerNow(db, workspaceId, id));
const getCapacity: Read<Promise<Capacity>> = async (db, workspaceId, id) => JSON.parse(await capacityAnswer(db, workspaceId, id)) as Capacity;

/** The promise's answer (or error), and what …Now gives: the same on SQLite, undefined on PostgreSQL. */
async function expectSameBothWays<T>(now: Read<T | undefined>, later: Read<Promise<T>>, workspaceId: number, id: number) {
  const settled: { value?: T; error?: string } = await later(app.db, workspaceId, id).then(
    (value) => ({ value }),
    (error: Error) => ({ error: error.message }),
  );
  let immediate;
  try {
    immediate = { value: now(app.db, workspaceId, id) };
  } catch (error) {
    immediate = { error: (error as Error).message };
  }
  expect(immediate).toEqual(sqlite ? settled : { value: undefined });
  // Inside a transaction the connection is taken: never at once.
  await app.db.transaction().execute(async (trx) => {
    expect(now(trx, workspaceId, id)).toBeUndefined();
  });
  return settled;
}

describe('the synchronous lookups of the request path', () => {
  it('answer parts, products and capacities exactly as the asynchronous ones, 404 included', async () => {
    const owner = await registerMaker(app);
    const stranger = await registerMaker(app);
    const [red, blue] = [await createTag(app, owner.token), await createTag(app, owner.token)];
    const { product, parts } = await productWithParts(app, owner, [
      { stock: 10, quantity: 3 },
      { stock: 7, quantity: 2 },
      { stock: 100, quantity: 1 },
      { stock: 9, quantity: 3 },
    ]);
    for (const tag of [blue, red]) await call(app, 'POST', `/api/parts/${parts[0]!.id}/tags`, { token: owner.token, body: { tag_id: tag.id } });
    const bare = await createTestProduct(app, owner);
    const empty = await createTestProduct(app, owner, { recipe: [{ partId: (await createTestPart(app, owner, { stock: 0 })).id, quantity: 5 }] });

    for (const part of parts) expect((await expectSameBothWays(getPartNow, getPart, owner.workspaceId, part.id)).value).toMatchObject({ id: part.id });
    expect((await expectSameBothWays(getPartNow, getPart, owner.workspaceId, parts[0]!.id)).value).toMatchObject({ tag_ids: [red!.id, blue!.id].sort((a, b) => a - b) });
    expect(await expectSameBothWays(getPartNow, getPart, stranger.workspaceId, parts[0]!.id)).toEqual({ error: '部品が見つかりません' });

    for (const id of [product.id, bare.id, empty.id]) expect((await expectSameBothWays(getProductNow, getProduct, owner.workspaceId, id)).value).toMatchObject({ id });
    expect((await expectSameBothWays(getProductNow, getProduct, owner.workspaceId, product.id)).value).toMatchObject({ recipe_line_count: 4 });
    expect(await expectSameBothWays(getProductNow, getProduct, stranger.workspaceId, product.id)).toEqual({ error: '商品が見つかりません' });
    expect((await expectSameBothWays(getCapacityNow, getCapacity, owner.workspaceId, product.id)).value).toEqual({
      product_id: product.id,
      max_manufacturable: 3,
      limiting_parts: [0, 1, 3].map((index) => ({
        part_id: parts[index]!.id,
        part_name: parts[index]!.name,
        current_stock: [10, 7, 100, 9][index],
        required_per_product: [3, 2, 1, 3][index],
      })),
    });
    expect((await expectSameBothWays(getCapacityNow, getCapacity, owner.workspaceId, bare.id)).value).toEqual({ product_id: bare.id, max_manufacturable: 0, limiting_parts: [] });
    expect((await expectSameBothWays(getCapacityNow, getCapacity, owner.workspaceId, empty.id)).value).toMatchObject({ max_manufacturable: 0, limiting_parts: [expect.objectContaining({ current_stock: 0 })] });
    expect(await expectSameBothWays(getCapacityNow, getCapacity, stranger.workspaceId, product.id)).toEqual({ error: '商品が見つかりません' });
    expect(typeof capacityAnswerNow(app.db, owner.workspaceId, product.id)).toBe(sqlite ? 'string' : 'undefined');
  });
});
