import type { Announcement } from '@inventory/contracts/management-console';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeInviteCode, registerUser, uniqueEmail } from '../factories/users.ts';
import { createPart } from '../factories/parts.ts';
import { createPrivateDatabaseApp } from '../helpers/private-database-app.ts';
import { insertManufacturingRecord } from '../factories/manufacturing.ts';
import { createProduct, sell } from '../factories/products.ts';
import { call } from '../helpers/test-app.ts';

// Announcements and statistics are system-wide, so this file runs on a database of its own.
const superAdminEmail = uniqueEmail('root');
const listedUnverifiedEmail = uniqueEmail('listed');
const verifiedLaterEmail = uniqueEmail('later');
const app = await createPrivateDatabaseApp({ superAdminEmails: [superAdminEmail, listedUnverifiedEmail, verifiedLaterEmail] });

const FORBIDDEN = { error: 'アクセス権限がありません' };
const NOT_FOUND = { error: '告知が見つかりません' };

/** Verified, and for a listed address proven (as a reset or Google sign-in records it) before any session of the test. */
async function markVerified(userId: number) {
  await app.db.updateTable('users').set({ email_verified: 1, super_admin_proven_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', userId).execute();
}

// The callers: a verified super admin; a workspace admin (verified, e-mail not listed) with a
// plain member of that workspace; and a user whose e-mail is listed but not verified.
const root = await registerUser(app, { name: '運営者', email: superAdminEmail });
await markVerified(root.user.id);
const workspaceAdmin = await registerUser(app, { name: '管理者' });
await markVerified(workspaceAdmin.user.id);
const member = await registerUser(app, {
  name: 'メンバー',
  invitation_code: await storeInviteCode(app, workspaceAdmin.user.current_workspace.id),
});
const listedUnverified = await registerUser(app, { name: '未認証', email: listedUnverifiedEmail });

const others = [
  ['a member', member.token],
  ['a workspace admin', workspaceAdmin.token],
  ['a listed but unverified user', listedUnverified.token],
] as const;

const body = (overrides: Record<string, unknown> = {}) => ({
  title: 'メンテナンスのお知らせ',
  content: '11月30日 2:00〜4:00 にメンテナンスを行います。',
  type: 'info',
  is_active: true,
  ...overrides,
});

async function create(overrides: Record<string, unknown> = {}): Promise<Announcement> {
  const response = await call(app, 'POST', '/api/management-console/announcements', { token: root.token, body: body(overrides) });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** The stored announcements, for "nothing changed". */
const storedAnnouncements = () => app.db.selectFrom('announcements').selectAll().orderBy('id').execute();

beforeEach(async () => {
  await app.db.deleteFrom('announcements').execute();
});

describe('POST /api/management-console/announcements', () => {
  it('creates the announcement (201) as the caller, trimmed and active by default', async () => {
    const response = await call(app, 'POST', '/api/management-console/announcements', {
      token: root.token,
      body: { title: '  新機能のお知らせ  ', content: '販売管理に\n売上推移を追加しました。\n', type: 'success' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const created: Announcement = response.json();
    expect(created).toEqual({
      id: expect.any(Number),
      title: '新機能のお知らせ',
      content: '販売管理に\n売上推移を追加しました。',
      type: 'success',
      is_active: true,
      created_at: expect.any(String),
      updated_at: created.created_at,
    });
    expect(new Date(created.created_at).toISOString()).toBe(created.created_at);

    const [stored] = await storedAnnouncements();
    expect(stored).toMatchObject({ id: created.id, created_by: root.user.id, is_active: 1 });
  });

  it('stores an inactive announcement and accepts each type and the longest texts', async () => {
    for (const type of ['info', 'warning', 'error', 'success']) {
      expect((await create({ type, is_active: false })).type).toBe(type);
    }
    const longest = await create({ title: 'あ'.repeat(200), content: 'い'.repeat(2000) });
    expect([longest.title.length, longest.content.length]).toEqual([200, 2000]);
    expect((await storedAnnouncements()).map((row) => row.is_active)).toEqual([0, 0, 0, 0, 1]);
  });

  it('refuses bad input with the Japanese message and stores nothing', async () => {
    await create();
    const before = await storedAnnouncements();
    const cases: Array<[unknown, string]> = [
      [body({ title: '   ' }), 'タイトルは必須です'],
      [body({ title: undefined }), 'タイトルは必須です'],
      [body({ title: 'あ'.repeat(201) }), 'タイトルは200文字以内で入力してください'],
      [body({ title: 123 }), 'タイトルは必須です'],
      [body({ content: '' }), '内容は必須です'],
      [body({ content: 'い'.repeat(2001) }), '内容は2000文字以内で入力してください'],
      [body({ content: ['配列'] }), '内容は必須です'],
      [body({ title: 'お知らせ\u0000' }), 'タイトルに使用できない制御文字が含まれています'],
      [body({ type: 'notice' }), '種類は info, warning, error, success のいずれかを指定してください'],
      [body({ type: undefined }), '種類は info, warning, error, success のいずれかを指定してください'],
      [body({ is_active: 'yes' }), '公開状態の値が正しくありません'],
      [body({ is_active: 1 }), '公開状態の値が正しくありません'],
    ];
    for (const [payload, message] of cases) {
      const response = await call(app, 'POST', '/api/management-console/announcements', { token: root.token, body: payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().error).toBe(message);
    }

    const malformed = await call(app, 'POST', '/api/management-console/announcements', {
      token: root.token,
      body: '{"title": "お知らせ",',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'リクエストの形式が正しくありません（JSONを読み取れません）' });

    expect(await storedAnnouncements()).toEqual(before);
  });
});

describe('GET /api/management-console/announcements', () => {
  it('lists every announcement, active or not, newest first', async () => {
    const first = await create({ title: '一件目' });
    const second = await create({ title: '二件目', is_active: false });
    const third = await create({ title: '三件目', type: 'warning' });

    const response = await call(app, 'GET', '/api/management-console/announcements', { token: root.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([third, second, first]);
  });

  it('answers an empty list when there are none', async () => {
    const response = await call(app, 'GET', '/api/management-console/announcements', { token: root.token });
    expect(response.json()).toEqual([]);
  });
});

describe('PUT /api/management-console/announcements/{id}', () => {
  it('replaces the whole announcement and answers it', async () => {
    const original = await create();
    const response = await call(app, 'PUT', `/api/management-console/announcements/${original.id}`, {
      token: root.token,
      body: { title: ' 障害のお知らせ ', content: '現在復旧作業中です。', type: 'error', is_active: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    const updated: Announcement = response.json();
    expect(updated).toMatchObject({
      id: original.id,
      title: '障害のお知らせ',
      content: '現在復旧作業中です。',
      type: 'error',
      is_active: false,
      created_at: original.created_at,
    });
    expect(updated.updated_at >= original.updated_at).toBe(true);

    const list = (await call(app, 'GET', '/api/management-console/announcements', { token: root.token })).json();
    expect(list).toEqual([updated]);
    const [stored] = await storedAnnouncements();
    expect(stored).toMatchObject({ created_by: root.user.id, is_active: 0 });
  });

  it('makes the announcement active when is_active is left out (the whole body is sent)', async () => {
    const hidden = await create({ is_active: false });
    const response = await call(app, 'PUT', `/api/management-console/announcements/${hidden.id}`, {
      token: root.token,
      body: { title: hidden.title, content: hidden.content, type: hidden.type },
    });
    expect(response.json().is_active).toBe(true);
  });

  it('answers 404 for an unknown id and 400 for an id that is not one, changing nothing', async () => {
    const existing = await create();
    const before = await storedAnnouncements();
    const unknown = await call(app, 'PUT', `/api/management-console/announcements/${existing.id + 1000}`, {
      token: root.token,
      body: body({ title: '別の告知' }),
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual(NOT_FOUND);

    for (const id of ['abc', '0', '-1', '1.5', 'active']) {
      const response = await call(app, 'PUT', `/api/management-console/announcements/${id}`, { token: root.token, body: body() });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error).toBe('IDが正しくありません');
    }
    expect(await storedAnnouncements()).toEqual(before);
  });

  it('refuses bad input with the Japanese message and changes nothing', async () => {
    const existing = await create();
    const before = await storedAnnouncements();
    const cases: Array<[unknown, string]> = [
      [body({ title: '' }), 'タイトルは必須です'],
      [body({ title: 'あ'.repeat(201) }), 'タイトルは200文字以内で入力してください'],
      [body({ content: ' \n ' }), '内容は必須です'],
      [body({ content: 'い'.repeat(2001) }), '内容は2000文字以内で入力してください'],
      [body({ type: 'critical' }), '種類は info, warning, error, success のいずれかを指定してください'],
      [body({ is_active: 'false' }), '公開状態の値が正しくありません'],
      [{ title: '題名だけ' }, '内容は必須です'],
    ];
    for (const [payload, message] of cases) {
      const response = await call(app, 'PUT', `/api/management-console/announcements/${existing.id}`, { token: root.token, body: payload });
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    const malformed = await call(app, 'PUT', `/api/management-console/announcements/${existing.id}`, {
      token: root.token,
      body: 'not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ error: 'リクエストの形式が正しくありません（JSONを読み取れません）' });
    expect(await storedAnnouncements()).toEqual(before);
  });
});

describe('DELETE /api/management-console/announcements/{id}', () => {
  it('deletes the announcement (200 with a message); a second delete answers 404', async () => {
    const kept = await create({ title: '残す告知' });
    const removed = await create({ title: '消す告知' });
    const response = await call(app, 'DELETE', `/api/management-console/announcements/${removed.id}`, { token: root.token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: '告知を削除しました' });
    expect((await storedAnnouncements()).map((row) => row.id)).toEqual([kept.id]);

    const again = await call(app, 'DELETE', `/api/management-console/announcements/${removed.id}`, { token: root.token });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(NOT_FOUND);
    const badId = await call(app, 'DELETE', '/api/management-console/announcements/x1', { token: root.token });
    expect(badId.statusCode).toBe(400);
    expect((await storedAnnouncements()).map((row) => row.id)).toEqual([kept.id]);
  });
});

describe('GET /api/management-console/announcements/active', () => {
  it('lists only the active announcements, newest first, to every signed-in user', async () => {
    const olderActive = await create({ title: '古い告知', type: 'warning' });
    await create({ title: '非公開の告知', is_active: false });
    const newerActive = await create({ title: '新しい告知' });

    const readers = [root.token, member.token, workspaceAdmin.token, listedUnverified.token, (await registerUser(app)).token];
    for (const token of readers) {
      const response = await call(app, 'GET', '/api/management-console/announcements/active', { token });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([newerActive, olderActive]);
    }
  });

  it('shows an announcement again once it is made active, and drops it once made inactive', async () => {
    const hidden = await create({ is_active: false });
    const read = async () => (await call(app, 'GET', '/api/management-console/announcements/active', { token: member.token })).json();
    expect(await read()).toEqual([]);
    await call(app, 'PUT', `/api/management-console/announcements/${hidden.id}`, { token: root.token, body: body({ is_active: true }) });
    expect((await read()).map((item: Announcement) => item.id)).toEqual([hidden.id]);
    await call(app, 'PUT', `/api/management-console/announcements/${hidden.id}`, { token: root.token, body: body({ is_active: false }) });
    expect(await read()).toEqual([]);
  });

  it('needs a session', async () => {
    await create();
    const response = await call(app, 'GET', '/api/management-console/announcements/active');
    expect(response.statusCode).toBe(401);
  });
});

describe('who may use the console', () => {
  it.each(others)('%s gets 403 アクセス権限がありません on every super-admin call and changes nothing', async (_who, token) => {
    const existing = await create();
    const before = await storedAnnouncements();
    const requests = [
      ['GET', '/api/management-console/stats', undefined],
      ['GET', '/api/management-console/announcements', undefined],
      ['POST', '/api/management-console/announcements', body({ title: '乗っ取り' })],
      ['PUT', `/api/management-console/announcements/${existing.id}`, body({ title: '乗っ取り' })],
      ['DELETE', `/api/management-console/announcements/${existing.id}`, undefined],
      // Refused before the body or the id is looked at.
      ['POST', '/api/management-console/announcements', { title: '' }],
      ['PUT', '/api/management-console/announcements/abc', body()],
      ['DELETE', '/api/management-console/announcements/987654', undefined],
    ] as const;
    for (const [method, url, payload] of requests) {
      const response = await call(app, method, url, { token, body: payload });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toEqual(FORBIDDEN);
    }
    expect(await storedAnnouncements()).toEqual(before);
  });

  it('answers 401 without a session on every call', async () => {
    const existing = await create();
    for (const [method, url] of [
      ['GET', '/api/management-console/stats'],
      ['GET', '/api/management-console/announcements'],
      ['POST', '/api/management-console/announcements'],
      ['PUT', `/api/management-console/announcements/${existing.id}`],
      ['DELETE', `/api/management-console/announcements/${existing.id}`],
    ] as const) {
      const response = await call(app, method, url, { body: method === 'POST' || method === 'PUT' ? body() : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await storedAnnouncements()).toHaveLength(1);
  });

  it('opens the console to a listed user once the address is proven', async () => {
    const listed = await registerUser(app, { email: verifiedLaterEmail });
    const stats = () => call(app, 'GET', '/api/management-console/stats', { token: listed.token });
    expect((await stats()).statusCode).toBe(403);
    await markVerified(listed.user.id);
    expect((await stats()).statusCode).toBe(200);
  });
});

describe('GET /api/management-console/stats', () => {
  const counts = async () => {
    const response = await call(app, 'GET', '/api/management-console/stats', { token: root.token });
    expect(response.statusCode).toBe(200);
    return response.json();
  };

  /** The same six figures counted one table at a time. */
  async function countedDirectly() {
    const count = async (table: 'users' | 'parts' | 'products' | 'workspaces' | 'manufacturing_records' | 'sales') =>
      Number((await app.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    return {
      totalUsers: await count('users'),
      totalParts: await count('parts'),
      totalProducts: await count('products'),
      totalWorkspaces: await count('workspaces'),
      totalManufacturingRecords: await count('manufacturing_records'),
      totalSalesRecords: await count('sales'),
    };
  }

  it('counts users, parts, products, workspaces, manufacturing and sales records across every workspace', async () => {
    const before = await counts();
    expect(before).toEqual(await countedDirectly());

    // Workspace A: two parts, one product made once and sold once.
    const alice = await registerUser(app, { name: 'アリス' });
    await createPart(app, alice.token);
    await createPart(app, alice.token);
    const lamp = await createProduct(app, alice.token, { current_stock: 5 });
    await insertManufacturingRecord(app, alice.user.current_workspace.id, { product: lamp, quantity: 2 });
    await sell(app, alice.token, lamp.id);
    // Workspace B: one part, two products, two sales and two manufacturing records.
    const bob = await registerUser(app, { name: 'ボブ' });
    await createPart(app, bob.token);
    const cup = await createProduct(app, bob.token, { current_stock: 5 });
    await createProduct(app, bob.token);
    await sell(app, bob.token, cup.id);
    await sell(app, bob.token, cup.id);
    await insertManufacturingRecord(app, bob.user.current_workspace.id, { product: cup, quantity: 2 });
    await insertManufacturingRecord(app, bob.user.current_workspace.id, { product: cup, quantity: 2 });
    // A user signing up with an invitation to workspace A: a third user, with a personal workspace too.
    await registerUser(app, { invitation_code: await storeInviteCode(app, alice.user.current_workspace.id) });

    const after = await counts();
    expect(after).toEqual({
      totalUsers: before.totalUsers + 3,
      totalParts: before.totalParts + 3,
      totalProducts: before.totalProducts + 3,
      totalWorkspaces: before.totalWorkspaces + 3,
      totalManufacturingRecords: before.totalManufacturingRecords + 3,
      totalSalesRecords: before.totalSalesRecords + 3,
    });
    expect(after).toEqual(await countedDirectly());
  });
});
