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
});
