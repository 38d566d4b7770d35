import { randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, localDateString } from '../../src/lib/time.ts';
import { createPlan, insertManufacturingRecord } from '../factories/manufacturing.ts';
import { storeInviteCode, decodeToken, type RegisteredUser, registerUser } from '../factories/users.ts';
import { createOrder } from '../factories/orders.ts';
import { createTag } from '../factories/tags.ts';
import { createPart } from '../factories/parts.ts';
import { createPrivateDatabaseApp } from '../helpers/private-database-app.ts';
import { createProduct, sell } from '../factories/products.ts';
import { call } from '../helpers/test-app.ts';

// Workspace walls and role guards, generated from the route table the app really registers.
// Every route must have a line in ROUTES below (a new route without one fails the first test):
// how to call it with ids, or why no check applies. Then, for every line:
// - ids: a user of another workspace (admin there) calls it with the owner's real ids (in the
//   path, the query or the body): 404, the same answer as an id that does not exist, and not one
//   row of the database changes; the same request with the caller's own ids succeeds (so the 404
//   is the wall, not a bad request);
// - plain (no id): the other workspace's answer never contains the owner's data, and nothing
//   outside the caller's own rows changes;
// - admin routes (requireWorkspaceAdmin): a member gets 403 and nothing changes, the admin 2xx;
// - console routes (everything under /management-console but the active announcements): a member
//   and a workspace admin get 403 and nothing changes, the super admin 2xx.
// The database is this file's own (PostgreSQL: a private database; SQLite: in memory), so
// "nothing changes" compares every row of every table.

/** An id no row has: another workspace's ids must answer exactly what this answers. */
const UNKNOWN_ID = 999_999_999;

const OWNER_MARK = `OWNERMARK${randomUUID().slice(0, 8)}`;
const OTHER_MARK = `OTHERMARK${randomUUID().slice(0, 8)}`;
const superAdminEmail = `root-${randomUUID().slice(0, 8)}@example.test`;

// A built web app (index.html and one hashed asset), so the static file routes are registered too.
const webDist = mkdtempSync(path.join(os.tmpdir(), 'inventory-isolation-'));
copyFileSync(path.resolve(import.meta.dirname, '../../../web/index.html'), path.join(webDist, 'index.html'));
mkdirSync(path.join(webDist, 'assets'));
writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")\n');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

interface RegisteredRoute {
  method: string;
  url: string;
  preHandlers: unknown[];
}
const registered: RegisteredRoute[] = [];
const app = await createPrivateDatabaseApp(
  { superAdminEmails: [superAdminEmail], webDistDir: webDist },
  {
    onRoute(route: RouteOptions) {
      const preHandlers = [route.preHandler ?? []].flat();
      for (const method of [route.method].flat()) registered.push({ method, url: route.url, preHandlers });
    },
  },
);

// ---------------------------------------------------------------------------------------------
// Seeds: one of every kind of id, in a workspace.

interface Ids {
  workspaceId: number;
  memberUserId: number;
  /** Tagged, in the recipe, with stock, a receipt, an open overdue order. */
  part: number;
  partName: string;
  /** In no recipe, out of stock below its minimum. */
  loosePart: number;
  tag: number;
  tagName: string;
  /** On no part. */
  looseTag: number;
  order: number;
  product: number;
  productName: string;
  plan: number;
  sale: number;
  /** A saved sales import format (its id is an import source). */
  format: number;
  /** A passkey of the workspace's admin (a row: the ceremony itself is tested in test/auth/). */
  passkey: number;
  /** A second live session of the workspace's admin (not the one of its token). */
  session: string;
  /** Counting, with the tagged part counted at its expected stock. */
  stocktake: number;
}

interface Workspace extends RegisteredUser {
  member: RegisteredUser;
  mark: string;
}

const today = localDateString();
const [thisYear, thisMonth] = today.split('-').map(Number) as [number, number];

async function workspaceWithMember(name: string, mark: string): Promise<Workspace> {
  const admin = await registerUser(app, { name: `${name}${mark}` });
  // Verified: inviting and changing roles need a proven address.
  await app.db.updateTable('users').set({ email_verified: 1 }).where('id', '=', admin.user.id).execute();
  const workspaceId = admin.user.current_workspace.id;
  const member = await registerUser(app, { name: `メンバー${mark}`, invitation_code: await storeInviteCode(app, workspaceId) });
  return { ...admin, workspaceId, member, mark };
}

async function seed(ws: Workspace): Promise<Ids> {
  const suffix = randomUUID().slice(0, 6);
  const part = await createPart(app, ws.token, { name: `${ws.mark}部品${suffix}`, current_stock: 50, unit_price: 10 });
  const loosePart = await createPart(app, ws.token, { name: `${ws.mark}予備${suffix}`, min_stock_alert: 5 });
  const tag = await createTag(app, ws.token, { name: `${ws.mark}タグ${suffix}` });
  const looseTag = await createTag(app, ws.token, { name: `${ws.mark}空タグ${suffix}` });
  expect((await call(app, 'POST', `/api/parts/${part.id}/tags`, { token: ws.token, body: { tag_id: tag.id } })).statusCode).toBe(201);
  expect((await call(app, 'POST', `/api/parts/${part.id}/stock-entry`, { token: ws.token, body: { quantity: 5, entry_date: today } })).statusCode).toBe(201);
  const { id: order } = await createOrder(app, ws.token, part.id, { quantity: 3, order_date: addDays(today, -7), expected_delivery_date: addDays(today, -1) });
  const product = await createProduct(app, ws.token, { name: `${ws.mark}商品${suffix}`, current_stock: 10, recipe: [{ part_id: part.id, quantity_required: 1 }] });
  const { id: plan } = await createPlan(app, ws.token, { product_id: product.id, quantity: 4, start_date: addDays(today, -3), end_date: addDays(today, 3) });
  await insertManufacturingRecord(app, ws.workspaceId, { product, quantity: 1, date: today });
  const { sale } = await sell(app, ws.token, product.id, { sale_date: today, notes: `${ws.mark}メモ` });
  // One saved format per workspace, made once: the file seeds a workspace again for every route,
  // more times than the 50 formats a workspace may keep.
  const formats = (await call(app, 'GET', '/api/sales/import/formats', { token: ws.token })).json() as Array<{ id: number }>;
  let formatId = formats[0]?.id;
  if (formatId === undefined) {
    const format = await call(app, 'POST', '/api/sales/import/formats', { token: ws.token, body: importFormatBody(`${ws.mark}形式${suffix}`) });
    expect(format.statusCode, format.body).toBe(201);
    formatId = format.json().id as number;
  }
  const file = orderFile(String(formatId), product.name, `${ws.mark}.csv`);
  const imported = await call(app, 'POST', '/api/sales/import', { token: ws.token, body: file.body, headers: file.headers! });
  expect(imported.statusCode, imported.body).toBe(200);
  const passkey = await app.db
    .insertInto('passkeys')
    .values({ user_id: ws.user.id, credential_id: `cred-${randomUUID()}`, public_key: 'AA', name: `${ws.mark}の鍵`, created_at: new Date().toISOString(), last_used_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const login = await call(app, 'POST', '/api/auth/login', { body: { email: ws.email, password: ws.password } });
  // Marked for review as after a takeover, so keeping it is a change the owner may make.
  await app.db.updateTable('memberships').set({ needs_review: 1 }).where('workspace_id', '=', ws.workspaceId).where('user_id', '=', ws.user.id).execute();
  const created = await call(app, 'POST', '/api/stocktakes', { token: ws.token, body: { name: `${ws.mark}棚卸し${suffix}`, scope: { kind: 'all' } } });
  expect(created.statusCode, created.body).toBe(201);
  const stocktake = created.json() as { id: number; lines: Array<{ item_kind: string; item_id: number; expected: number }> };
  const expected = stocktake.lines.find((line) => line.item_kind === 'part' && line.item_id === part.id)!.expected;
  const counted = await call(app, 'PUT', `/api/stocktakes/${stocktake.id}/counts`, { token: ws.token, body: { counts: [{ part_id: part.id, counted: expected }] } });
  expect(counted.statusCode, counted.body).toBe(200);
  return {
    workspaceId: ws.workspaceId,
    memberUserId: ws.member.user.id,
    part: part.id,
    partName: part.name,
    loosePart: loosePart.id,
    tag: tag.id,
    tagName: tag.name,
    looseTag: looseTag.id,
    order,
    product: product.id,
    productName: product.name,
    plan,
    sale: sale.id,
    format: formatId,
    passkey: passkey.id,
    session: String(decodeToken(login.json().token).sid),
    stocktake: stocktake.id,
  };
}

const unknownIds: Ids = {
  workspaceId: UNKNOWN_ID,
  memberUserId: UNKNOWN_ID,
  part: UNKNOWN_ID,
  partName: 'どこにもない部品',
  loosePart: UNKNOWN_ID,
  tag: UNKNOWN_ID,
  tagName: 'どこにもないタグ',
  looseTag: UNKNOWN_ID,
  order: UNKNOWN_ID,
  product: UNKNOWN_ID,
  productName: 'どこにもない商品',
  plan: UNKNOWN_ID,
  sale: UNKNOWN_ID,
  format: UNKNOWN_ID,
  passkey: UNKNOWN_ID,
  session: 'no-such-session',
  stocktake: UNKNOWN_ID,
};

// ---------------------------------------------------------------------------------------------
// The route table.

interface Req {
  url: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A request naming `target`'s rows; `own` are the caller's rows (for the parts of a request that are not under test). */
type Build = (target: Ids, own: Ids) => Req;

/** A route of a workspace's data (members), or of its administration (requireWorkspaceAdmin). */
interface WorkspaceRoute {
  access: 'member' | 'admin';
  /** Requests naming rows by id (path, query or body). */
  ids?: Build[];
  /** The ids only filter a search: another workspace's ids answer what unknown ids answer (200), never 404. */
  filter?: true;
  /** A request naming no id (it may carry the owner's names). */
  plain?: Build;
  /** The plain answer shows the caller's own names, so the leak check has something to find. */
  showsNames?: true;
  /** A member of the target workspace may do this legitimately (switching to it). */
  grantedByMembership?: true;
}

type RouteCase =
  | { access: 'public'; why: string }
  | { access: 'excluded'; why: string }
  /** Acts on the caller's own session or account; called by a user of neither workspace. */
  | { access: 'own-account'; request: (user: RegisteredUser) => Req }
  | WorkspaceRoute
  /** Announcements are system-wide: the request names a fresh one. */
  | { access: 'super-admin'; request: (announcementId: number) => Req };

const publicRoute = (why: string): RouteCase => ({ access: 'public', why });
const member = (spec: Omit<WorkspaceRoute, 'access'>): RouteCase => ({ access: 'member', ...spec });
const admin = (spec: Omit<WorkspaceRoute, 'access'>): RouteCase => ({ access: 'admin', ...spec });
const console_ = (request: (announcementId: number) => Req): RouteCase => ({ access: 'super-admin', request });
const get = (url: string): Req => ({ url });

const calendar = `${thisYear}/${thisMonth}`;
const partPatch = { min_stock_alert: 2 };
const planBody = { quantity: 2, start_date: addDays(today, -3), end_date: addDays(today, 3) };
const saleBody = (productId: number) => ({ product_id: productId, quantity: 1, unit_price: 1200, sale_date: today });
const announcementBody = { title: '保守のお知らせ', content: '本文', type: 'info', is_active: false };

function csvUpload(content: string, fields: Record<string, string> = {}, filename = 'parts.csv'): Pick<Req, 'body' | 'headers'> {
  const boundary = `----isolation${randomUUID().replaceAll('-', '')}`;
  const fieldParts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const body = Buffer.from(
    `${fieldParts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n${content}\r\n--${boundary}--\r\n`,
  );
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const importFormatBody = (name: string) => ({
  name,
  columns: { order_id: '注文番号', order_date: '注文日', sku: null, product_name: '商品名', variation: null, quantity: '数量', unit_price: '単価', status: null },
  cancelled_values: [],
});
/** One order of one unit of the product, read through a saved format (source: its id) or Shopify's layout. */
function orderFile(source: string, productName: string, filename = 'orders.csv'): Pick<Req, 'body' | 'headers'> {
  const content =
    source === 'shopify'
      ? `Name,Created at,Lineitem name,Lineitem quantity,Lineitem price\n#${randomUUID().slice(0, 6)},${today},${productName},1,1000\n`
      : `注文番号,注文日,商品名,数量,単価\nX-${randomUUID().slice(0, 6)},${today},${productName},1,1000\n`;
  return csvUpload(content, { source }, filename);
}

const ROUTES: Record<string, RouteCase> = {
  'GET /api/health': publicRoute('liveness probe, no data'),
  'POST /api/auth/register': publicRoute('sign-up: no session, creates its own user and workspace'),
  'POST /api/auth/login': publicRoute('sign-in: no session, no id'),
  'POST /api/auth/send-verification': publicRoute('keyed by an e-mail address, same answer for every address (email-verification.test.ts)'),
  'POST /api/auth/verify-email': publicRoute('keyed by a secret single-use token (email-verification.test.ts)'),
  'GET /api/auth/google/url': publicRoute('starts a provider sign-in: no session, no id'),
  'POST /api/auth/forgot-password': publicRoute('keyed by an e-mail address, same answer for every address (auth/password-reset.test.ts)'),
  'POST /api/auth/reset-password': publicRoute('keyed by a secret single-use token (auth/password-reset.test.ts)'),
  'POST /api/auth/login/totp': publicRoute('keyed by a secret single-use mfa_token (auth/second-factor.test.ts)'),
  'POST /api/auth/passkeys/login/options': publicRoute('starts a passkey sign-in: no session, no id'),
  'POST /api/auth/passkeys/login/verify': publicRoute('finishes a passkey sign-in, keyed by a single-use challenge and a signature (auth/passkeys.test.ts)'),
  'POST /api/auth/google/callback': publicRoute('finishes a provider sign-in, keyed by a single-use state (auth-google.test.ts)'),
  'GET /api/docs': publicRoute('API documentation'),
  'GET /api/docs/static/index.html': publicRoute('API documentation'),
  'GET /api/docs/static/*': publicRoute('API documentation'),
  'GET /api/docs/static/swagger-initializer.js': publicRoute('API documentation'),
  'GET /api/docs/json': publicRoute('API documentation'),
  'GET /api/docs/yaml': publicRoute('API documentation'),
  'GET /index.html': publicRoute("the web app's files"),
  'GET /assets/index-abc123.js': publicRoute("the web app's files"),

  'POST /api/auth/logout': { access: 'own-account', request: () => ({ url: '/api/auth/logout' }) },
  'POST /api/auth/logout-all': { access: 'own-account', request: () => ({ url: '/api/auth/logout-all' }) },
  'POST /api/auth/change-password': {
    access: 'own-account',
    request: (user) => ({ url: '/api/auth/change-password', body: { current_password: user.password, new_password: `${user.password}-new` } }),
  },
  'GET /api/auth/account': { access: 'own-account', request: () => get('/api/auth/account') },
  'POST /api/auth/totp/setup': { access: 'own-account', request: () => ({ url: '/api/auth/totp/setup' }) },
  'POST /api/auth/totp/enable': { access: 'excluded', why: "needs a code of the caller's own new secret; refusals in auth/second-factor.test.ts" },
  'POST /api/auth/totp/disable': { access: 'excluded', why: "acts on the caller's own second factor only; refusals in auth/second-factor.test.ts" },
  'GET /api/auth/passkeys': { access: 'own-account', request: () => get('/api/auth/passkeys') },
  'POST /api/auth/passkeys/register/options': { access: 'own-account', request: () => ({ url: '/api/auth/passkeys/register/options' }) },
  'POST /api/auth/passkeys/register/verify': {
    access: 'excluded',
    why: "needs an authenticator's answer to the caller's own challenge; refusals in auth/passkeys.test.ts",
  },
  'GET /api/auth/sessions': { access: 'own-account', request: () => get('/api/auth/sessions') },
  'GET /api/auth/previous-workspaces': { access: 'own-account', request: () => get('/api/auth/previous-workspaces') },
  'DELETE /api/auth/previous-workspaces/:id': {
    access: 'excluded',
    why: "leaving deactivates the caller's own membership (the caller could not go on); another user's workspace in auth/account-takeover.test.ts",
  },
  'POST /api/workspace/join': {
    access: 'excluded',
    why: 'the invitation code is the credential that lets a user into another workspace; refusals and limits in workspace-join.test.ts',
  },

  'GET /api/auth/me': member({ plain: () => get('/api/auth/me'), showsNames: true }),
  'GET /api/auth/users': admin({ plain: () => get('/api/auth/users'), showsNames: true }),
  'PUT /api/auth/users/:id': admin({ ids: [(t) => ({ url: `/api/auth/users/${t.memberUserId}`, body: { role: 'member' } })] }),
  // The caller's own passkeys, sessions and workspaces to review: another user's ids are a 404.
  'DELETE /api/auth/passkeys/:id': member({ ids: [(t) => ({ url: `/api/auth/passkeys/${t.passkey}` })] }),
  'DELETE /api/auth/sessions/:id': member({ ids: [(t) => ({ url: `/api/auth/sessions/${t.session}` })] }),
  'POST /api/auth/previous-workspaces/:id/keep': member({ ids: [(t) => ({ url: `/api/auth/previous-workspaces/${t.workspaceId}/keep` })] }),

  'GET /api/workspace/settings': admin({ plain: () => get('/api/workspace/settings'), showsNames: true }),
  'PUT /api/workspace/settings': admin({ plain: () => ({ url: '/api/workspace/settings', body: { workspace_name: `${OTHER_MARK}の作業場`, max_members: 5 } }) }),
  'POST /api/workspace/invite-code': admin({ plain: () => ({ url: '/api/workspace/invite-code' }) }),
  'DELETE /api/workspace/invite-code': admin({ plain: () => ({ url: '/api/workspace/invite-code' }) }),
  'GET /api/workspace/list': member({ plain: () => get('/api/workspace/list'), showsNames: true }),
  'GET /api/workspace/stats': member({ plain: () => get('/api/workspace/stats') }),
  'POST /api/workspace/switch/:id': member({ ids: [(t) => ({ url: `/api/workspace/switch/${t.workspaceId}` })], grantedByMembership: true }),

  'GET /api/dashboard': member({ plain: () => get('/api/dashboard') }),
  'GET /api/dashboard/alerts': member({ plain: () => get('/api/dashboard/alerts'), showsNames: true }),
  'GET /api/dashboard/calendar/:year/:month': member({ plain: () => get(`/api/dashboard/calendar/${calendar}`), showsNames: true }),

  'GET /api/parts': member({ plain: () => get('/api/parts'), showsNames: true }),
  // Part names are unique per workspace only: the owner's name is free here, and nothing of theirs moves.
  'POST /api/parts': member({ plain: (t) => ({ url: '/api/parts', body: { name: t.partName, current_stock: 3 } }) }),
  'GET /api/parts/low-stock': member({ plain: () => get('/api/parts/low-stock'), showsNames: true }),
  'GET /api/parts/export/csv': member({ plain: () => get('/api/parts/export/csv'), showsNames: true }),
  // An import names parts by name: the owner's names create parts here and update nothing there.
  'POST /api/parts/import/csv': member({
    plain: (t) => ({ url: '/api/parts/import/csv', ...csvUpload(`部品名,単位,単価,現在在庫,最小在庫アラート\n${t.partName},個,5,99,1\n`) }),
  }),
  'GET /api/parts/tags/bulk': member({ plain: () => get('/api/parts/tags/bulk') }),
  'GET /api/parts/search/by-tags': member({
    ids: [(t) => get(`/api/parts/search/by-tags?tag_ids=${t.tag}`), (t, own) => get(`/api/parts/search/by-tags?tag_ids=${own.tag},${t.tag}`)],
    filter: true,
  }),
  'GET /api/parts/:id': member({ ids: [(t) => get(`/api/parts/${t.part}`)] }),
  'PUT /api/parts/:id': member({ ids: [(t) => ({ url: `/api/parts/${t.part}`, body: partPatch })] }),
  'DELETE /api/parts/:id': member({ ids: [(t) => ({ url: `/api/parts/${t.loosePart}` })] }),
  'GET /api/parts/:id/tags': member({ ids: [(t) => get(`/api/parts/${t.part}/tags`)] }),
  'POST /api/parts/:id/tags': member({
    ids: [
      (t, own) => ({ url: `/api/parts/${t.part}/tags`, body: { tag_id: own.looseTag } }),
      (t, own) => ({ url: `/api/parts/${own.part}/tags`, body: { tag_id: t.looseTag } }),
    ],
  }),
  'DELETE /api/parts/:id/tags/:tagId': member({
    ids: [(t, own) => ({ url: `/api/parts/${t.part}/tags/${own.tag}` }), (t, own) => ({ url: `/api/parts/${own.part}/tags/${t.tag}` })],
  }),
  'POST /api/parts/:id/stock-entry': member({ ids: [(t) => ({ url: `/api/parts/${t.part}/stock-entry`, body: { quantity: 4, entry_date: today } })] }),
  'POST /api/parts/:id/order': member({ ids: [(t) => ({ url: `/api/parts/${t.part}/order`, body: { quantity: 4, order_date: today } })] }),
  'GET /api/parts/:id/movements': member({ ids: [(t) => get(`/api/parts/${t.part}/movements`)] }),

  'GET /api/tags': member({ plain: () => get('/api/tags'), showsNames: true }),
  'POST /api/tags': member({ plain: (t) => ({ url: '/api/tags', body: { name: t.tagName } }) }),
  'GET /api/tags/:id': member({ ids: [(t) => get(`/api/tags/${t.tag}`)] }),
  'PUT /api/tags/:id': member({ ids: [(t) => ({ url: `/api/tags/${t.tag}`, body: { color: '#ef4444' } })] }),
  'DELETE /api/tags/:id': member({ ids: [(t) => ({ url: `/api/tags/${t.looseTag}` })] }),
  'DELETE /api/tags/:id/force': member({ ids: [(t) => ({ url: `/api/tags/${t.tag}/force` })] }),

  'GET /api/stock-entries': member({ plain: () => get('/api/stock-entries'), showsNames: true }),
  'GET /api/stock-entries/part/:partId': member({ ids: [(t) => get(`/api/stock-entries/part/${t.part}`)] }),

  'GET /api/orders': member({ plain: () => get('/api/orders'), showsNames: true }),
  'GET /api/orders/calendar/:year/:month': member({ plain: () => get(`/api/orders/calendar/${calendar}`), showsNames: true }),
  'GET /api/orders/:id': member({ ids: [(t) => get(`/api/orders/${t.order}`)] }),
  'PUT /api/orders/:id': member({ ids: [(t) => ({ url: `/api/orders/${t.order}`, body: { status: 'shipped' } })] }),
  'DELETE /api/orders/:id': member({ ids: [(t) => ({ url: `/api/orders/${t.order}` })] }),
  'POST /api/orders/:id/deliver': member({ ids: [(t) => ({ url: `/api/orders/${t.order}/deliver` })] }),

  'GET /api/products': member({ plain: () => get('/api/products'), showsNames: true }),
  'POST /api/products': member({ plain: (t) => ({ url: '/api/products', body: { name: t.productName, current_stock: 2 } }) }),
  'GET /api/products/cost/all': member({ plain: () => get('/api/products/cost/all'), showsNames: true }),
  'GET /api/products/:id': member({ ids: [(t) => get(`/api/products/${t.product}`)] }),
  'PUT /api/products/:id': member({ ids: [(t) => ({ url: `/api/products/${t.product}`, body: { selling_price: 2500 } })] }),
  'DELETE /api/products/:id': member({ ids: [(t) => ({ url: `/api/products/${t.product}` })] }),
  'GET /api/products/:id/recipe': member({ ids: [(t) => get(`/api/products/${t.product}/recipe`)] }),
  'POST /api/products/:id/recipe': member({
    ids: [
      (t, own) => ({ url: `/api/products/${t.product}/recipe`, body: { recipes: [{ part_id: own.loosePart, quantity_required: 2 }] } }),
      (t, own) => ({
        url: `/api/products/${own.product}/recipe`,
        body: { recipes: [{ part_id: own.part, quantity_required: 1 }, { part_id: t.loosePart, quantity_required: 2 }] },
      }),
    ],
  }),
  'GET /api/products/:id/cost': member({ ids: [(t) => get(`/api/products/${t.product}/cost`)] }),
  'POST /api/products/:id/copy': member({ ids: [(t) => ({ url: `/api/products/${t.product}/copy`, body: { name: `${OTHER_MARK}の写し` } })] }),
  'POST /api/products/:id/sell': member({
    ids: [(t) => ({ url: `/api/products/${t.product}/sell`, body: { quantity: 1, unit_price: 1000, sale_date: today } })],
  }),
  'GET /api/products/:id/movements': member({ ids: [(t) => get(`/api/products/${t.product}/movements`)] }),

  'GET /api/scan/*': member({
    ids: [(t) => get(`/api/scan/${encodeURIComponent(`http://localhost:3000/s/part/${t.part}`)}`), (t) => get(`/api/scan/${encodeURIComponent(`/s/product/${t.product}`)}`)],
  }),
  'POST /api/labels': member({
    ids: [(t) => ({ url: '/api/labels', body: { part_ids: [t.part] } }), (t, own) => ({ url: '/api/labels', body: { part_ids: [own.part], product_ids: [t.product] } })],
  }),

  'GET /api/manufacturing/plans': member({ plain: () => get('/api/manufacturing/plans'), showsNames: true }),
  'POST /api/manufacturing/plans': member({ ids: [(t) => ({ url: '/api/manufacturing/plans', body: { product_id: t.product, ...planBody } })] }),
  'GET /api/manufacturing/plans/active/list': member({ plain: () => get('/api/manufacturing/plans/active/list'), showsNames: true }),
  'GET /api/manufacturing/plans/range/:start/:end': member({
    plain: () => get(`/api/manufacturing/plans/range/${addDays(today, -10)}/${addDays(today, 10)}`),
    showsNames: true,
  }),
  'GET /api/manufacturing/plans/:id': member({ ids: [(t) => get(`/api/manufacturing/plans/${t.plan}`)] }),
  'PUT /api/manufacturing/plans/:id': member({ ids: [(t) => ({ url: `/api/manufacturing/plans/${t.plan}`, body: planBody })] }),
  'DELETE /api/manufacturing/plans/:id': member({ ids: [(t) => ({ url: `/api/manufacturing/plans/${t.plan}` })] }),
  'GET /api/manufacturing/plans/:id/requirements': member({ ids: [(t) => get(`/api/manufacturing/plans/${t.plan}/requirements`)] }),
  'POST /api/manufacturing/plans/:id/order-shortages': member({
    ids: [(t) => ({ url: `/api/manufacturing/plans/${t.plan}/order-shortages`, body: {} })],
  }),
  'POST /api/manufacturing/products/:id/manufacture': member({
    ids: [(t) => ({ url: `/api/manufacturing/products/${t.product}/manufacture`, body: { quantity: 1, manufacturing_date: today } })],
  }),
  'GET /api/manufacturing/records': member({
    plain: () => get('/api/manufacturing/records'),
    showsNames: true,
    ids: [(t) => get(`/api/manufacturing/records?product_id=${t.product}`)],
  }),
  'GET /api/manufacturing/capacity/all': member({ plain: () => get('/api/manufacturing/capacity/all') }),
  'GET /api/manufacturing/capacity/:id': member({ ids: [(t) => get(`/api/manufacturing/capacity/${t.product}`)] }),
  'GET /api/manufacturing/calendar/:year/:month': member({ plain: () => get(`/api/manufacturing/calendar/${calendar}`), showsNames: true }),
  'POST /api/manufacturing/requirements': member({
    ids: [
      (t) => ({ url: '/api/manufacturing/requirements', body: { orders: [{ product_id: t.product, quantity: 5 }] } }),
      (t, own) => ({
        url: '/api/manufacturing/requirements',
        body: { orders: [{ product_id: own.product, quantity: 5 }, { product_id: t.product, quantity: 5 }] },
      }),
    ],
  }),
  'POST /api/manufacturing/requirements/order-shortages': member({
    ids: [
      (t) => ({ url: '/api/manufacturing/requirements/order-shortages', body: { requirements: { orders: [{ product_id: t.product, quantity: 500 }] } } }),
      (t, own) => ({
        url: '/api/manufacturing/requirements/order-shortages',
        body: { requirements: { orders: [{ product_id: own.product, quantity: 500 }, { product_id: t.product, quantity: 500 }] } },
      }),
    ],
  }),

  'GET /api/sales': member({ plain: () => get('/api/sales'), showsNames: true, ids: [(t) => get(`/api/sales?product_id=${t.product}`)] }),
  'GET /api/sales/summary': member({ plain: () => get('/api/sales/summary'), ids: [(t) => get(`/api/sales/summary?product_id=${t.product}`)] }),
  'GET /api/sales/by-product': member({
    plain: () => get('/api/sales/by-product'),
    showsNames: true,
    ids: [(t) => get(`/api/sales/by-product?product_id=${t.product}`)],
  }),
  'GET /api/sales/trend': member({ plain: () => get('/api/sales/trend') }),
  'PUT /api/sales/:id': member({
    ids: [(t, own) => ({ url: `/api/sales/${t.sale}`, body: saleBody(own.product) }), (t, own) => ({ url: `/api/sales/${own.sale}`, body: saleBody(t.product) })],
  }),
  'DELETE /api/sales/:id': member({ ids: [(t) => ({ url: `/api/sales/${t.sale}` })] }),
  'POST /api/sales/import/sample': member({ plain: (t) => ({ url: '/api/sales/import/sample', ...csvUpload(`注文番号,商品名\n1,${t.productName}\n`) }) }),
  // The owner's product names in a file match nothing of the caller's; the owner's format ids are 404.
  'POST /api/sales/import/preview': member({
    plain: (t) => ({ url: '/api/sales/import/preview', ...orderFile('shopify', t.productName) }),
    ids: [(t, own) => ({ url: '/api/sales/import/preview', ...orderFile(String(t.format), own.productName) })],
  }),
  'POST /api/sales/import': member({
    plain: (t) => ({ url: '/api/sales/import', ...orderFile('shopify', t.productName) }),
    ids: [(t, own) => ({ url: '/api/sales/import', ...orderFile(String(t.format), own.productName) })],
  }),
  'GET /api/sales/import/formats': member({ plain: () => get('/api/sales/import/formats'), showsNames: true }),
  'POST /api/sales/import/formats': member({ plain: () => ({ url: '/api/sales/import/formats', body: importFormatBody(`${OTHER_MARK}形式${randomUUID().slice(0, 6)}`) }) }),
  'PUT /api/sales/import/formats/:id': member({
    ids: [(t) => ({ url: `/api/sales/import/formats/${t.format}`, body: importFormatBody(`形式${t.format}`) })],
  }),
  'DELETE /api/sales/import/formats/:id': member({ ids: [(t) => ({ url: `/api/sales/import/formats/${t.format}` })] }),
  'POST /api/sales/import/aliases': member({
    ids: [
      (t, own) => ({ url: '/api/sales/import/aliases', body: { source: String(t.format), external_sku: 'SKU-1', external_name: '品', product_id: own.product } }),
      (t) => ({ url: '/api/sales/import/aliases', body: { source: 'shopify', external_sku: 'SKU-1', external_name: '品', product_id: t.product } }),
      (t, own) => ({ url: '/api/sales/import/aliases', body: { source: String(own.format), external_sku: 'SKU-1', external_name: '品', product_id: t.product } }),
    ],
  }),
  'GET /api/sales/import/history': member({ plain: () => get('/api/sales/import/history'), showsNames: true }),

  'GET /api/stocktakes': member({ plain: () => get('/api/stocktakes'), showsNames: true }),
  'POST /api/stocktakes': member({
    // Named after one of the owner's parts: the snapshot holds the caller's parts of that name (made by POST /api/parts above), never the owner's.
    plain: (t) => ({ url: '/api/stocktakes', body: { name: `${t.partName}の棚卸し`, scope: { kind: 'all' } } }),
    ids: [(t) => ({ url: '/api/stocktakes', body: { name: '棚卸し', scope: { kind: 'parts', tag_ids: [t.tag] } } })],
  }),
  'GET /api/stocktakes/:id': member({ ids: [(t) => get(`/api/stocktakes/${t.stocktake}`)] }),
  'PUT /api/stocktakes/:id/counts': member({
    ids: [
      (t, own) => ({ url: `/api/stocktakes/${t.stocktake}/counts`, body: { counts: [{ part_id: own.part, counted: 1 }] } }),
      (t, own) => ({ url: `/api/stocktakes/${own.stocktake}/counts`, body: { counts: [{ part_id: t.part, counted: 1 }] } }),
      (t, own) => ({ url: `/api/stocktakes/${own.stocktake}/counts`, body: { counts: [{ product_id: t.product, counted: 1 }] } }),
    ],
  }),
  'POST /api/stocktakes/:id/commit': member({ ids: [(t) => ({ url: `/api/stocktakes/${t.stocktake}/commit`, body: {} })] }),
  'DELETE /api/stocktakes/:id': member({ ids: [(t) => ({ url: `/api/stocktakes/${t.stocktake}` })] }),

  'GET /api/inventory/valuation': member({ plain: () => get(`/api/inventory/valuation?date=${today}`), showsNames: true }),
  'GET /api/inventory/valuation.csv': member({ plain: () => get(`/api/inventory/valuation.csv?date=${today}&method=moving_average`), showsNames: true }),

  'GET /api/management-console/announcements/active': member({ plain: () => get('/api/management-console/announcements/active') }),
  'GET /api/management-console/stats': console_(() => get('/api/management-console/stats')),
  'GET /api/management-console/announcements': console_(() => get('/api/management-console/announcements')),
  'POST /api/management-console/announcements': console_(() => ({ url: '/api/management-console/announcements', body: announcementBody })),
  'PUT /api/management-console/announcements/:id': console_((id) => ({ url: `/api/management-console/announcements/${id}`, body: announcementBody })),
  'DELETE /api/management-console/announcements/:id': console_((id) => ({ url: `/api/management-console/announcements/${id}` })),
};

/**
 * `METHOD /url` of each registered route. Prefixed plugins answer with and without the trailing
 * slash (one route); Fastify adds a HEAD to every GET, running the GET's handler and hooks.
 */
function routeKeys(routes: RegisteredRoute[]): Set<string> {
  const keyOf = ({ method, url }: RegisteredRoute) => `${method} ${url.length > 1 ? url.replace(/\/$/, '') : url}`;
  const gets = new Set(routes.filter((route) => route.method === 'GET').map(keyOf));
  return new Set(routes.map(keyOf).filter((key) => !(key.startsWith('HEAD ') && gets.has(key.replace(/^HEAD/, 'GET')))));
}

const methodOf = (key: string) => key.slice(0, key.indexOf(' ')) as 'GET';

// ---------------------------------------------------------------------------------------------
// The whole database, row by row, and who a row belongs to.

interface Scope {
  workspaceId: number;
  userIds: Set<number>;
  emails: Set<string>;
}
type Row = Record<string, unknown>;
/** Every table's rows, each with its JSON, in the order of their JSON. */
type Snapshot = Map<string, Array<{ row: Row; json: string }>>;

/** Tables without workspace_id, and when one of their rows belongs to a caller. */
const GLOBAL_TABLES: Record<string, (row: Row, scope: Scope) => boolean> = {
  users: (row, scope) => scope.userIds.has(Number(row.id)),
  workspaces: (row, scope) => Number(row.id) === scope.workspaceId,
  sessions: (row, scope) => scope.userIds.has(Number(row.user_id)),
  verification_tokens: (row, scope) => scope.userIds.has(Number(row.user_id)),
  login_failures: (row, scope) => scope.emails.has(String(row.email)),
  password_reset_tokens: (row, scope) => scope.userIds.has(Number(row.user_id)),
  recovery_codes: (row, scope) => scope.userIds.has(Number(row.user_id)),
  mfa_challenges: (row, scope) => scope.userIds.has(Number(row.user_id)),
  passkeys: (row, scope) => scope.userIds.has(Number(row.user_id)),
  webauthn_challenges: (row, scope) => row.user_id !== null && scope.userIds.has(Number(row.user_id)),
  oauth_states: () => false,
  announcements: () => false,
};

// session_activity is the clock of each session's last use (written at most once a minute by
// any signed-in request, refused or not): not data a call could change for someone else.
const tables = (await app.db.introspection.getTables())
  .filter((table) => !table.name.startsWith('kysely_') && table.name !== 'session_activity')
  .map((table) => ({ name: table.name, scoped: table.columns.some((column) => column.name === 'workspace_id') }));

async function snapshot(): Promise<Snapshot> {
  const all = await Promise.all(tables.map((table) => app.db.selectFrom(table.name as 'parts').selectAll().execute()));
  return new Map(
    tables.map((table, index) => [
      table.name,
      (all[index] as Row[]).map((row) => ({ row, json: JSON.stringify(row) })).sort((a, b) => (a.json < b.json ? -1 : a.json > b.json ? 1 : 0)),
    ]),
  );
}

const belongsTo = (table: string, row: Row, scope: Scope) =>
  tables.find((t) => t.name === table)!.scoped ? Number(row.workspace_id) === scope.workspaceId : GLOBAL_TABLES[table]!(row, scope);

/** Tables whose rows differ, leaving out the rows of `except` (the caller's own, which a successful call may change). */
function changedTables(before: Snapshot, after: Snapshot, except?: Scope): string[] {
  const view = (table: string, rows: Array<{ row: Row; json: string }>) =>
    (except ? rows.filter(({ row }) => !belongsTo(table, row, except)) : rows).map(({ json }) => json).join('\n');
  return tables.map((t) => t.name).filter((name) => view(name, before.get(name)!) !== view(name, after.get(name)!));
}

const scopeOf = (ws: Workspace): Scope => ({
  workspaceId: ws.workspaceId,
  userIds: new Set([ws.user.id]),
  emails: new Set([ws.email]),
});

// ---------------------------------------------------------------------------------------------
// The people: the owner's workspace (admin and member) and another one's, a super admin, seeds.

const owner = await workspaceWithMember('持ち主', OWNER_MARK);
const other = await workspaceWithMember('よそ者', OTHER_MARK);
const ownerIds = await seed(owner);
const superAdmin = await registerUser(app, { email: superAdminEmail, name: '運営' });
await app.db.updateTable('users').set({ email_verified: 1, super_admin_proven_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', superAdmin.user.id).execute();

const send = (token: string, method: string, req: Req): Promise<LightMyRequestResponse> =>
  call(app, method as 'GET', req.url, { token, ...(req.body !== undefined ? { body: req.body } : {}), ...(req.headers ? { headers: req.headers } : {}) });

const isSuccess = (response: LightMyRequestResponse) => response.statusCode >= 200 && response.statusCode < 300;

const entries = Object.entries(ROUTES);
const withIds = entries.flatMap(([key, route]) =>
  (route.access === 'member' || route.access === 'admin') && route.ids ? route.ids.map((build, index) => ({ key, route, build, index })) : [],
);

type IdCase = (typeof withIds)[number];

/**
 * `caller` sends a request with the owner's ids: 404 (a filter: what unknown ids answer), the
 * same answer as with unknown ids, no row of the database changed, nothing of the owner's shown.
 * `own` are the caller's rows, for the parts of the request that are not under test.
 */
async function expectWall(caller: Workspace, own: Ids, { key, route, build, index }: IdCase) {
  const label = `${key} #${index}`;
  const method = methodOf(key);
  const before = await snapshot();
  const foreign = await send(caller.token, method, build(ownerIds, own));
  const unknown = await send(caller.token, method, build(unknownIds, own));
  expect.soft(changedTables(before, await snapshot()), `${label}: rows changed by a refused call`).toEqual([]);
  expect.soft(foreign.statusCode, `${label}: ${foreign.body}`).toBe(route.filter ? 200 : 404);
  expect.soft({ status: foreign.statusCode, body: foreign.body }, `${label}: other workspace vs unknown id`).toEqual({
    status: unknown.statusCode,
    body: unknown.body,
  });
  expect.soft(foreign.body, `${label}: shows the owner's data`).not.toContain(OWNER_MARK);
}

describe('the route table', () => {
  it('names every route the app registers, and only those', () => {
    const keys = routeKeys(registered);
    expect([...keys].filter((key) => !(key in ROUTES)), 'registered routes missing from ROUTES').toEqual([]);
    expect(Object.keys(ROUTES).filter((key) => !keys.has(key)), 'ROUTES lines for routes that do not exist').toEqual([]);
  });

  it('marks as admin exactly the routes guarded by requireWorkspaceAdmin, and as console everything under /management-console but the active banners', () => {
    const guarded = routeKeys(registered.filter((r) => r.preHandlers.includes(app.requireWorkspaceAdmin)));
    expect(entries.filter(([, route]) => route.access === 'admin').map(([key]) => key).sort()).toEqual([...guarded].sort());
    const consoleRoutes = entries.filter(([key]) => key.includes(' /api/management-console/') && !key.endsWith('/announcements/active'));
    expect(consoleRoutes.filter(([, route]) => route.access !== 'super-admin').map(([key]) => key)).toEqual([]);
    expect(entries.filter(([, route]) => route.access === 'super-admin').length).toBe(consoleRoutes.length);
  });

  it('classifies every table: scoped by workspace_id, or a known global table', () => {
    expect(tables.filter((t) => !t.scoped && !(t.name in GLOBAL_TABLES)).map((t) => t.name)).toEqual([]);
    expect(tables.filter((t) => t.scoped).length).toBeGreaterThan(10);
  });
});

describe('another workspace', () => {
  it("gets 404 for every route with the owner's ids, the same answer as for unknown ids, and nothing changes", { timeout: 120_000 }, async () => {
    const ownerBefore = await snapshot();
    let own = await seed(other);
    for (const item of withIds) {
      await expectWall(other, own, item);
      // The same request with the caller's own ids succeeds, so the 404 above is the wall, not a
      // bad request. A control that may have changed the caller's rows gets fresh ones after it.
      const method = methodOf(item.key);
      const control = await send(other.token, method, item.build(own, own));
      expect.soft(isSuccess(control), `${item.key} #${item.index} with the caller's own ids: ${control.statusCode} ${control.body}`).toBe(true);
      if (method !== 'GET') own = await seed(other);
    }
    // Not one of the owner's rows changed over the whole run (the controls changed the caller's own).
    expect(changedTables(ownerBefore, await snapshot(), scopeOf(other))).toEqual([]);
  });

  it("never sees the owner's data on routes without ids, and changes nothing of theirs", { timeout: 60_000 }, async () => {
    // Reads first: some writes below carry the owner's names into the caller's own workspace.
    const plain = entries.filter(([, route]) => (route.access === 'member' || route.access === 'admin') && route.plain);
    plain.sort(([a], [b]) => Number(methodOf(a) !== 'GET') - Number(methodOf(b) !== 'GET'));
    for (const [key, route] of plain) {
      if ((route.access !== 'member' && route.access !== 'admin') || !route.plain) continue;
      const method = methodOf(key);
      const req = route.plain(ownerIds, ownerIds);
      const before = await snapshot();
      const response = await send(other.token, method, req);
      expect.soft(isSuccess(response), `${key}: ${response.statusCode} ${response.body}`).toBe(true);
      // A write that was given one of the owner's names may answer it back; nothing else may.
      if (!String(Buffer.isBuffer(req.body) ? req.body : JSON.stringify(req.body)).includes(OWNER_MARK)) {
        expect.soft(response.body, `${key}: shows the owner's data`).not.toContain(OWNER_MARK);
      }
      expect.soft(changedTables(before, await snapshot(), scopeOf(other)), `${key}: rows outside the caller's changed`).toEqual([]);
      if (route.showsNames && method === 'GET') {
        // The owner's own answer does show their data, so the check above could fail.
        const own = await send(owner.token, method, route.plain(ownerIds, ownerIds));
        expect.soft(own.body, `${key}: the owner's own answer`).toContain(OWNER_MARK);
      }
    }
  });

  it('is still walled off when the caller is also a member of the owner’s workspace (the token decides)', { timeout: 120_000 }, async () => {
    const dual = await workspaceWithMember('両方', OTHER_MARK);
    const joined = await call(app, 'POST', '/api/workspace/join', {
      token: dual.token,
      body: { invitation_code: await storeInviteCode(app, owner.workspaceId) },
    });
    expect(joined.statusCode, joined.body).toBe(200);
    // Refused calls change nothing (checked each time), so one set of the caller's own rows serves all.
    const own = await seed(dual);
    for (const item of withIds) {
      if (item.route.grantedByMembership) continue;
      await expectWall(dual, own, item);
    }
  });
});

describe('roles', () => {
  it('a member gets 403 on every workspace-admin route and nothing changes; the admin gets through', { timeout: 60_000 }, async () => {
    for (const [key, route] of entries) {
      if (route.access !== 'admin') continue;
      const own = await seed(other);
      const req = route.ids ? route.ids[0]!(own, own) : route.plain!(own, own);
      const before = await snapshot();
      const refused = await send(other.member.token, methodOf(key), req);
      expect.soft(refused.statusCode, `${key}: ${refused.body}`).toBe(403);
      expect.soft(refused.json(), key).toEqual({ error: '管理者権限が必要です' });
      expect.soft(changedTables(before, await snapshot()), `${key}: rows changed`).toEqual([]);
      const allowed = await send(other.token, methodOf(key), req);
      expect.soft(isSuccess(allowed), `${key} as the admin: ${allowed.statusCode} ${allowed.body}`).toBe(true);
    }
  });

  it('a member and a workspace admin get 403 on every console route and nothing changes; the super admin gets through', async () => {
    for (const [key, route] of entries) {
      if (route.access !== 'super-admin') continue;
      const now = new Date().toISOString();
      const { id } = await app.db
        .insertInto('announcements')
        .values({ title: '告知', content: '本文', type: 'info', is_active: 0, created_by: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const req = route.request(id);
      for (const [who, token] of [
        ['member', other.member.token],
        ['workspace admin', other.token],
      ] as const) {
        const before = await snapshot();
        const refused = await send(token, methodOf(key), req);
        expect.soft(refused.statusCode, `${key} as ${who}: ${refused.body}`).toBe(403);
        expect.soft(refused.json(), `${key} as ${who}`).toEqual({ error: 'アクセス権限がありません' });
        expect.soft(changedTables(before, await snapshot()), `${key} as ${who}: rows changed`).toEqual([]);
      }
      const allowed = await send(superAdmin.token, methodOf(key), req);
      expect.soft(isSuccess(allowed), `${key} as the super admin: ${allowed.statusCode} ${allowed.body}`).toBe(true);
    }
  });

  it("routes on the caller's own account change nothing of anyone else's", async () => {
    for (const [key, route] of entries) {
      if (route.access !== 'own-account') continue;
      const user = await registerUser(app, { name: '本人' });
      const scope = { workspaceId: user.user.current_workspace.id, userIds: new Set([user.user.id]), emails: new Set([user.email]) };
      const before = await snapshot();
      const response = await send(user.token, methodOf(key), route.request(user));
      expect.soft(isSuccess(response), `${key}: ${response.statusCode} ${response.body}`).toBe(true);
      expect.soft(changedTables(before, await snapshot(), scope), `${key}: rows outside the caller's changed`).toEqual([]);
    }
  });
});
