import { describe, expect, it } from 'vitest';
import { createOrder } from '../factories/orders.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { createTag } from '../factories/tags.ts';
import { createPart, receive, snapshotWorkspace } from '../factories/parts.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

// Workspaces are walls: every call that names a part or tag of another workspace answers 404,
// says nothing about it, and changes nothing on either side.

async function twoWorkspaces() {
  const owner = await signedInWorkspace(app);
  const part = await createPart(app, owner.token, { current_stock: 5, min_stock_alert: 10 });
  const tag = await createTag(app, owner.token);
  await call(app, 'POST', `/api/parts/${part.id}/tags`, { token: owner.token, body: { tag_id: tag.id } });
  await receive(app, owner.token, part.id, 2);
  await createOrder(app, owner.token, part.id);

  const intruder = await signedInWorkspace(app);
  const ownPart = await createPart(app, intruder.token, { current_stock: 1, min_stock_alert: 1 });
  const ownTag = await createTag(app, intruder.token);
  return { owner, part, tag, intruder, ownPart, ownTag };
}

describe("another workspace's ids", () => {
  it('answer 404 on every parts, tags and stock-entries call, and nothing changes', async () => {
    const { owner, part, tag, intruder, ownPart, ownTag } = await twoWorkspaces();
    const ownerBefore = await snapshotWorkspace(app, owner.workspaceId);
    const intruderBefore = await snapshotWorkspace(app, intruder.workspaceId);

    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/parts/${part.id}`],
      ['PUT', `/api/parts/${part.id}`, { name: '乗っ取り', current_stock: 999 }],
      ['PUT', `/api/parts/${part.id}`, { current_stock: 0 }],
      ['DELETE', `/api/parts/${part.id}`],
      ['POST', `/api/parts/${part.id}/stock-entry`, { quantity: 5, entry_date: '2026-11-22' }],
      ['POST', `/api/parts/${part.id}/order`, { quantity: 5, order_date: '2026-11-22' }],
      ['GET', `/api/parts/${part.id}/movements`],
      ['GET', `/api/parts/${part.id}/tags`],
      ['POST', `/api/parts/${part.id}/tags`, { tag_id: ownTag.id }],
      ['POST', `/api/parts/${part.id}/tags`, { tag_id: tag.id }],
      ['POST', `/api/parts/${ownPart.id}/tags`, { tag_id: tag.id }],
      ['DELETE', `/api/parts/${part.id}/tags/${tag.id}`],
      ['DELETE', `/api/parts/${ownPart.id}/tags/${tag.id}`],
      ['GET', `/api/tags/${tag.id}`],
      ['PUT', `/api/tags/${tag.id}`, { name: '乗っ取り', color: '#000000' }],
      ['DELETE', `/api/tags/${tag.id}`],
      ['DELETE', `/api/tags/${tag.id}/force`],
      ['GET', `/api/stock-entries/part/${part.id}`],
    ];
    for (const [method, url, body] of calls) {
      const response = await call(app, method as 'GET', url, { token: intruder.token, ...(body ? { body } : {}) });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error, `${method} ${url}`).toMatch(/^(部品|タグ)が見つかりません$/);
    }

    expect(await snapshotWorkspace(app, owner.workspaceId)).toEqual(ownerBefore);
    expect(await snapshotWorkspace(app, intruder.workspaceId)).toEqual(intruderBefore);
  });

  it('never appear in the lists, the tag map, the tag search or the export', async () => {
    const { part, tag, intruder, ownPart } = await twoWorkspaces();
    const get = async (url: string) => (await call(app, 'GET', url, { token: intruder.token })).json();

    expect((await get('/api/parts')).map((row: { id: number }) => row.id)).toEqual([ownPart.id]);
    expect((await get('/api/parts/low-stock')).map((row: { id: number }) => row.id)).toEqual([ownPart.id]);
    expect((await get('/api/tags')).map((row: { id: number }) => row.id)).not.toContain(tag.id);
    expect(await get('/api/stock-entries')).toEqual([]);
    expect(await get('/api/parts/tags/bulk')).toEqual({});
    expect(await get(`/api/parts/search/by-tags?tag_ids=${tag.id}`)).toEqual([]);
    const csv = (await call(app, 'GET', '/api/parts/export/csv', { token: intruder.token })).body;
    expect(csv).toContain(ownPart.name);
    expect(csv).not.toContain(part.name);
  });
});
