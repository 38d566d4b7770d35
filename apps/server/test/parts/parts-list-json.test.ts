import { describe, expect, it } from 'vitest';
import { listPartsJson } from '../../src/domains/parts/parts-list-json.ts';
import { listParts } from '../../src/domains/parts/parts-repository.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { createTag } from '../factories/tags.ts';
import { createPart } from '../factories/parts.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

describe('GET /api/parts written by the database', () => {
  it('has exactly the shape and values of the row-mapped list, for every kind of value', async () => {
    const owner = await signedInWorkspace(app);
    const [red, blue] = [await createTag(app, owner.token), await createTag(app, owner.token)];
    const prices = [null, 0, 0.01, 0.1, 1, 12.5, 99.99, 1234567.89, 10_000_000_000];
    for (const [index, unit_price] of prices.entries()) {
      const part = await createPart(app, owner.token, {
        name: index === 0 ? `引用符 "と" \\ バックスラッシュ ${index}` : `部品 ${index} ✓`,
        unit: index % 2 ? 'kg' : null,
        unit_price,
        current_stock: index * 7,
        min_stock_alert: index,
        url: index % 3 === 0 ? `https://example.com/p?q=${index}&x=1` : null,
        part_number: index % 2 ? null : `PN-${index}`,
        category: index % 4 ? 'カテゴリ' : null,
        status: index === 3 ? 'inactive' : 'active',
      });
      for (const tag of index % 3 === 1 ? [blue, red] : index % 3 === 2 ? [red] : []) {
        await call(app, 'POST', `/api/parts/${part.id}/tags`, { token: owner.token, body: { tag_id: tag.id } });
      }
    }

    // The list leaves out the timestamps (PartListItem).
    const fromRows = (await listParts(app.db, owner.workspaceId)).map(({ created_at: _created, updated_at: _updated, ...item }) => item);
    const fromDatabase = JSON.parse(await listPartsJson(app.db, owner.workspaceId));
    expect(fromDatabase).toEqual(fromRows);
    expect(fromDatabase.map((part: { unit_price: number | null }) => part.unit_price)).toEqual(prices);

    const response = await call(app, 'GET', '/api/parts', { token: owner.token });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual(fromRows);
  });

  it('answers [] for a workspace without parts', async () => {
    const owner = await signedInWorkspace(app);
    expect((await call(app, 'GET', '/api/parts', { token: owner.token })).json()).toEqual([]);
  });

  it('answers the first parts in the same order with ?limit, and how many there are in X-Total-Count', async () => {
    const owner = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    await createPart(app, other.token, { name: '別のワークスペースの部品' });
    const ids: number[] = [];
    for (let index = 0; index < 5; index++) ids.push((await createPart(app, owner.token, { name: `部品 ${index}` })).id);

    const firstPage = await call(app, 'GET', '/api/parts?limit=3', { token: owner.token });
    expect(firstPage.statusCode).toBe(200);
    expect(firstPage.headers['x-total-count']).toBe('5');
    expect(firstPage.json().map((part: { id: number }) => part.id)).toEqual(ids.slice(0, 3));
    expect((await call(app, 'GET', '/api/parts?limit=1000', { token: owner.token })).json()).toEqual((await call(app, 'GET', '/api/parts', { token: owner.token })).json());
    // The whole list needs no count.
    expect((await call(app, 'GET', '/api/parts', { token: owner.token })).headers['x-total-count']).toBeUndefined();
    // Another workspace counts and lists its own part only.
    const theirs = await call(app, 'GET', '/api/parts?limit=3', { token: other.token });
    expect(theirs.headers['x-total-count']).toBe('1');
    expect(theirs.json().map((part: { name: string }) => part.name)).toEqual(['別のワークスペースの部品']);
  });

  it.each([
    ['0', '件数は1以上で指定してください'],
    ['1001', '件数は1000以下で指定してください'],
    ['2.5', '件数は整数で指定してください'],
    ['abc', '件数は数値で指定してください'],
  ])('refuses ?limit=%s with %s', async (limit, message) => {
    const owner = await signedInWorkspace(app);
    const response = await call(app, 'GET', `/api/parts?limit=${limit}`, { token: owner.token });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
  });
});
