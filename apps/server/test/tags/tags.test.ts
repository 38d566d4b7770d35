import type { Part } from '@inventory/contracts/parts';
import { DEFAULT_TAG_COLOR, TAG_PALETTE, type Tag } from '@inventory/contracts/tags';
import { describe, expect, it } from 'vitest';
import { signedInWorkspace } from '../factories/users.ts';
import { createTag } from '../factories/tags.ts';
import { createPart, snapshotWorkspace } from '../factories/parts.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

const link = (token: string, partId: number, tagId: number) => call(app, 'POST', `/api/parts/${partId}/tags`, { token, body: { tag_id: tagId } });

describe('POST /api/tags', () => {
  it('creates a tag with a trimmed name and the colour given (upper-cased)', async () => {
    const { token } = await signedInWorkspace(app);
    const response = await call(app, 'POST', '/api/tags', { token, body: { name: '  電子部品  ', color: '#ec4899' } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      name: '電子部品',
      color: '#EC4899',
      part_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it("refuses a name with ';' (the CSV タグ cell separator) or a control character, on create and rename", async () => {
    const { token } = await signedInWorkspace(app);
    const semicolon = await call(app, 'POST', '/api/tags', { token, body: { name: 'a;b' } });
    expect(semicolon.statusCode).toBe(400);
    expect(semicolon.json().error).toBe('タグ名に「;」は使用できません');
    const nul = await call(app, 'POST', '/api/tags', { token, body: { name: 'a\u0000b' } });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error).toBe('タグ名に使用できない制御文字が含まれています');
    const tag = await createTag(app, token);
    expect((await call(app, 'PUT', `/api/tags/${tag.id}`, { token, body: { name: 'x;y' } })).statusCode).toBe(400);
    expect((await call(app, 'GET', '/api/tags', { token })).json()).toHaveLength(1);
  });

  it('picks palette colours not used yet in the workspace, then the default once all ten are used', async () => {
    const { token } = await signedInWorkspace(app);
    const colors: string[] = [];
    for (let index = 0; index < TAG_PALETTE.length; index += 1) colors.push((await createTag(app, token)).color);
    expect([...colors].sort()).toEqual([...TAG_PALETTE].sort());
    expect((await createTag(app, token)).color).toBe(DEFAULT_TAG_COLOR);
  });

  it('refuses a duplicate name in the workspace (409) but allows it in another workspace', async () => {
    const { token } = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    await createTag(app, token, { name: '重要' });
    const duplicate = await call(app, 'POST', '/api/tags', { token, body: { name: ' 重要 ' } });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toEqual({ error: '同じ名前のタグが既に存在します' });
    await createTag(app, other.token, { name: '重要' });
  });

  it('refuses invalid tags with Japanese messages and creates nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const cases: Array<[unknown, string]> = [
      [{}, 'タグ名は必須です'],
      [{ name: '   ' }, 'タグ名は必須です'],
      [{ name: 5 }, 'タグ名は必須です'],
      [{ name: 'あ'.repeat(51) }, 'タグ名は50文字以内で入力してください'],
      [{ name: 'ok', color: 'red' }, '色は#RRGGBB形式で指定してください'],
      [{ name: 'ok', color: 3 }, '色は文字列で指定してください'],
    ];
    for (const [body, message] of cases) {
      const response = await call(app, 'POST', '/api/tags', { token, body: body as object });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    expect((await call(app, 'POST', '/api/tags', { token, body: { name: 'あ'.repeat(50) } })).statusCode).toBe(201);
    expect((await snapshotWorkspace(app, workspaceId)).tags).toHaveLength(1);
  });
});

describe('GET /api/tags and /api/tags/{id}', () => {
  it("lists the workspace's tags with how many parts carry each", async () => {
    const { token } = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    await createTag(app, other.token);
    const used = await createTag(app, token, { name: '使用中' });
    const unused = await createTag(app, token, { name: '未使用' });
    await link(token, (await createPart(app, token)).id, used.id);
    await link(token, (await createPart(app, token)).id, used.id);

    const list: Tag[] = (await call(app, 'GET', '/api/tags', { token })).json();
    expect(list.map((tag) => [tag.id, tag.name, tag.part_count])).toEqual([
      [used.id, '使用中', 2],
      [unused.id, '未使用', 0],
    ]);
    const one = await call(app, 'GET', `/api/tags/${used.id}`, { token });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(list[0]);
    const missing = await call(app, 'GET', '/api/tags/987654321', { token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: 'タグが見つかりません' });
    expect((await call(app, 'GET', '/api/tags/x', { token })).json().error).toBe('IDが正しくありません');
  });
});

describe('PUT /api/tags/{id}', () => {
  it('renames and recolours', async () => {
    const { token } = await signedInWorkspace(app);
    const tag = await createTag(app, token, { name: '旧名', color: '#EF4444' });
    const renamed = await call(app, 'PUT', `/api/tags/${tag.id}`, { token, body: { name: ' 新名 ' } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ name: '新名', color: '#EF4444' });
    const recoloured = await call(app, 'PUT', `/api/tags/${tag.id}`, { token, body: { color: '#10b981' } });
    expect(recoloured.json()).toMatchObject({ name: '新名', color: '#10B981' });
  });

  it('refuses empty, invalid and duplicate changes, changing nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    await createTag(app, token, { name: '既存' });
    const tag = await createTag(app, token, { name: '対象' });
    const before = await snapshotWorkspace(app, workspaceId);
    const cases: Array<[unknown, number, string]> = [
      [{}, 400, '更新する項目を指定してください'],
      [{ name: '' }, 400, 'タグ名は必須です'],
      [{ name: 'x'.repeat(51) }, 400, 'タグ名は50文字以内で入力してください'],
      [{ color: '#12345' }, 400, '色は#RRGGBB形式で指定してください'],
      [{ name: '既存' }, 409, '同じ名前のタグが既に存在します'],
    ];
    for (const [body, status, message] of cases) {
      const response = await call(app, 'PUT', `/api/tags/${tag.id}`, { token, body: body as object });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().error).toBe(message);
    }
    expect(await snapshotWorkspace(app, workspaceId)).toEqual(before);
    expect((await call(app, 'PUT', '/api/tags/987654321', { token, body: { name: 'x' } })).statusCode).toBe(404);
  });
});

describe('DELETE /api/tags/{id} and /api/tags/{id}/force', () => {
  it('deletes an unused tag', async () => {
    const { token } = await signedInWorkspace(app);
    const tag = await createTag(app, token);
    const response = await call(app, 'DELETE', `/api/tags/${tag.id}`, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'タグを削除しました' });
    expect((await call(app, 'GET', `/api/tags/${tag.id}`, { token })).statusCode).toBe(404);
  });

  it('refuses a tag that parts carry, with their count; force removes it from them too', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const tag = await createTag(app, token);
    const keep = await createTag(app, token);
    const first = await createPart(app, token);
    const second = await createPart(app, token);
    await link(token, first.id, tag.id);
    await link(token, second.id, tag.id);
    await link(token, second.id, keep.id);

    const before = await snapshotWorkspace(app, workspaceId);
    const refused = await call(app, 'DELETE', `/api/tags/${tag.id}`, { token });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: 'このタグは2件の部品で使用されているため削除できません' });
    expect(await snapshotWorkspace(app, workspaceId)).toEqual(before);

    const forced = await call(app, 'DELETE', `/api/tags/${tag.id}/force`, { token });
    expect(forced.statusCode).toBe(200);
    expect(forced.json()).toEqual({ message: 'タグを削除しました' });
    const after = await snapshotWorkspace(app, workspaceId);
    expect(after.tags.map((row) => row.id)).toEqual([keep.id]);
    expect(after.links.map((row) => [row.part_id, row.tag_id])).toEqual([[second.id, keep.id]]);
    expect(after.parts).toHaveLength(2);
    expect((await call(app, 'DELETE', `/api/tags/${tag.id}/force`, { token })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', '/api/tags/987654321', { token })).statusCode).toBe(404);
  });
});

describe('part tags', () => {
  it('adds (harmlessly twice), lists and removes tags of a part', async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token);
    const red = await createTag(app, token, { name: '赤' });
    const blue = await createTag(app, token, { name: '青' });

    const added = await link(token, part.id, blue.id);
    expect(added.statusCode).toBe(201);
    expect(added.json().map((tag: Tag) => tag.id)).toEqual([blue.id]);
    await link(token, part.id, red.id);
    const again = await link(token, part.id, red.id);
    expect(again.statusCode).toBe(201);
    expect(again.json().map((tag: Tag) => [tag.name, tag.part_count])).toEqual([
      ['赤', 1],
      ['青', 1],
    ]);

    const listed = await call(app, 'GET', `/api/parts/${part.id}/tags`, { token });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toEqual(again.json());
    expect((await call(app, 'GET', `/api/parts/${part.id}`, { token })).json().tag_ids).toEqual([red.id, blue.id]);

    const removed = await call(app, 'DELETE', `/api/parts/${part.id}/tags/${red.id}`, { token });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().map((tag: Tag) => tag.id)).toEqual([blue.id]);
    const removedAgain = await call(app, 'DELETE', `/api/parts/${part.id}/tags/${red.id}`, { token });
    expect(removedAgain.statusCode).toBe(200);
  });

  it('refuses a bad tag id in the body, an unknown tag or part (404), changing nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token);
    const tag = await createTag(app, token);
    const before = await snapshotWorkspace(app, workspaceId);
    const cases: Array<[unknown, string]> = [
      [{}, 'タグIDは数値で指定してください'],
      [{ tag_id: 'abc' }, 'タグIDは数値で指定してください'],
      [{ tag_id: 0 }, 'タグIDが正しくありません'],
      [{ tag_id: 1.5 }, 'タグIDが正しくありません'],
      // Ids are 32-bit on PostgreSQL: a larger one answered 500 there (integer out of range).
      [{ tag_id: 2_147_483_648 }, 'タグIDが正しくありません'],
      [{ tag_id: 1e308 }, 'タグIDが正しくありません'],
    ];
    for (const [body, message] of cases) {
      const response = await call(app, 'POST', `/api/parts/${part.id}/tags`, { token, body: body as object });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const unknownTag = await link(token, part.id, 987654321);
    expect(unknownTag.statusCode).toBe(404);
    expect(unknownTag.json()).toEqual({ error: 'タグが見つかりません' });
    const unknownPart = await link(token, 987654321, tag.id);
    expect(unknownPart.json()).toEqual({ error: '部品が見つかりません' });
    expect((await call(app, 'DELETE', `/api/parts/${part.id}/tags/987654321`, { token })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `/api/parts/${part.id}/tags/abc`, { token })).statusCode).toBe(400);
    expect((await call(app, 'GET', '/api/parts/987654321/tags', { token })).statusCode).toBe(404);
    expect(await snapshotWorkspace(app, workspaceId)).toEqual(before);
  });

  it('GET /api/parts/tags/bulk maps each tagged part to its tags', async () => {
    const { token } = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    await link(other.token, (await createPart(app, other.token)).id, (await createTag(app, other.token)).id);
    const first = await createPart(app, token);
    const second = await createPart(app, token);
    await createPart(app, token);
    const red = await createTag(app, token);
    const blue = await createTag(app, token);
    await link(token, first.id, blue.id);
    await link(token, first.id, red.id);
    await link(token, second.id, blue.id);

    const response = await call(app, 'GET', '/api/parts/tags/bulk', { token });
    expect(response.statusCode).toBe(200);
    const map: Record<string, Tag[]> = response.json();
    expect(Object.keys(map).sort()).toEqual([String(first.id), String(second.id)].sort());
    expect(map[String(first.id)]!.map((tag) => tag.id)).toEqual([red.id, blue.id]);
    expect(map[String(second.id)]).toEqual([expect.objectContaining({ id: blue.id, part_count: 2 })]);
    expect((await call(app, 'GET', '/api/parts/tags/bulk', { token: (await signedInWorkspace(app)).token })).json()).toEqual({});
  });

  it('GET /api/parts/search/by-tags answers the parts carrying ALL the given tags', async () => {
    const { token } = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    const foreignTag = await createTag(app, other.token);
    const red = await createTag(app, token);
    const blue = await createTag(app, token);
    const both = await createPart(app, token, { name: '両方' });
    const onlyRed = await createPart(app, token, { name: '赤だけ' });
    await createPart(app, token, { name: 'なし' });
    await link(token, both.id, red.id);
    await link(token, both.id, blue.id);
    await link(token, onlyRed.id, red.id);

    const search = async (ids: string) => {
      const response = await call(app, 'GET', `/api/parts/search/by-tags?tag_ids=${ids}`, { token });
      expect(response.statusCode, ids).toBe(200);
      return (response.json() as Part[]).map((part) => part.name);
    };
    expect(await search(`${red.id}`)).toEqual(['両方', '赤だけ']);
    expect(await search(`${red.id},${blue.id}`)).toEqual(['両方']);
    expect(await search(` ${blue.id} , ${red.id},${red.id}`)).toEqual(['両方']);
    expect(await search(`${red.id},${foreignTag.id}`)).toEqual([]);
    expect(await search('987654321')).toEqual([]);
    const found = await call(app, 'GET', `/api/parts/search/by-tags?tag_ids=${red.id},${blue.id}`, { token });
    expect(found.json()[0].tag_ids).toEqual([red.id, blue.id]);

    const cases: Array<[string, string]> = [
      ['', 'タグIDを指定してください'],
      ['?tag_ids=', 'タグIDを指定してください'],
      ['?tag_ids=abc', 'タグIDが正しくありません'],
      ['?tag_ids=1,-2', 'タグIDが正しくありません'],
      ['?tag_ids=1,,2', 'タグIDが正しくありません'],
      ['?tag_ids=1,2147483648', 'タグIDが正しくありません'],
      ['?tag_ids=1e308', 'タグIDが正しくありません'],
      ['?tag_ids=9007199254740993', 'タグIDが正しくありません'],
    ];
    for (const [query, message] of cases) {
      const response = await call(app, 'GET', `/api/parts/search/by-tags${query}`, { token });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error).toBe(message);
    }
  });
});
