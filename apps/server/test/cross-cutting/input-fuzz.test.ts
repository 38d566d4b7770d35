import { randomUUID } from 'node:crypto';
import { CONTROL_CHARACTERS, LONE_SURROGATE } from '@inventory/contracts/fields';
import type { LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { storeInviteCode, decodeToken, registerUser, uniqueEmail } from '../factories/users.ts';
import { startLocalOidcProvider } from '../helpers/local-oidc-provider.ts';
import {
  acceptsNull,
  bodyArbitrary,
  CONTROL_TEXT,
  deleteAt,
  HTML_PAYLOADS,
  HUGE_TEXT_LENGTH,
  jsonWithRaw,
  judge,
  type JsonSchema,
  leavesOf,
  MALFORMED_JSON,
  NUMBER_VALUES,
  NUMBERS_AS_TEXT,
  numberFits,
  ODD_PATH_SEGMENTS,
  ODD_QUERY_VALUES,
  ODD_TEXT,
  type Operation,
  operationsOf,
  OVER_BODY_LIMIT_LENGTH,
  type Parameter,
  preview,
  PROTOTYPE_POISONING,
  RAW_NUMBERS,
  requiredKeysOf,
  setAt,
  SQL_PAYLOADS,
  typesOf,
  WRONG_KIND_VALUES,
  wrongType,
} from './openapi-fuzz.ts';
import { createPrivateDatabaseApp } from '../helpers/private-database-app.ts';
import { call } from '../helpers/test-app.ts';

// Input fuzz generated from the OpenAPI document (app.swagger(), built from the zod route
// schemas): every operation gets malformed JSON, wrong content types, missing, extra and
// wrongly-typed fields, huge strings and numbers, SQL and HTML text, odd path segments and query
// values, then random bodies from fast-check. Every answer must be 2xx (valid input) or a 4xx
// {error: Japanese text} -- never 5xx, never a stack or a framework's English default -- and a
// value the schema itself rules out must be refused. Accepted text must come back as it was sent
// (trimmed, as the forms' fields trim). A route added to the app is fuzzed without a change here;
// a path parameter this file cannot fill fails the run with a message saying what to add.

/** fast-check seed: the same cases on every run (change it to explore, then fix it again). */
const SEED = 20_261_210;
/** Random bodies per operation with a JSON body (on top of the enumerated cases). */
const RANDOM_BODIES_PER_ROUTE = 10;
/** Random path segments per operation with path parameters, and random query strings per operation with query parameters. */
const RANDOM_PATHS_PER_ROUTE = 4;
const RANDOM_QUERIES_PER_ROUTE = 6;
/** Random texts (any Unicode but control characters) stored and read back in the round-trip test. */
const ROUND_TRIP_RANDOM_TEXTS = 25;
/** Per operation: a route's enumerated and random cases together take well under this. */
const ROUTE_TIMEOUT_MS = 60_000;

const superAdminEmail = uniqueEmail('fuzz-root');
// Google sign-in is configured (a real OpenID provider on a local port), so its two routes read
// their input instead of answering 503 "not configured".
const provider = await startLocalOidcProvider();
afterAll(() => provider.close());
// Announcements are system-wide: a database of its own keeps them out of other files' counts.
const app = await createPrivateDatabaseApp({
  superAdminEmails: [superAdminEmail],
  google: { clientId: provider.clientId, clientSecret: provider.clientSecret },
  oidcIssuer: provider.issuer,
});
await app.ready();
const operations = operationsOf(app.swagger());

// The caller: a workspace admin who is also a verified super admin, so no guard stops a case
// before its input is read. A member of the workspace (for /auth/users/{id}), a stranger in a
// workspace of their own (the e-mail the login cases try, the workspace the join cases enter),
// and an inviter whose workspace the sign-up cases join.
const admin = await registerUser(app, { name: 'ファズ管理者', email: superAdminEmail });
await app.db.updateTable('users').set({ email_verified: 1, super_admin_proven_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', admin.user.id).execute();
const workspaceId = admin.user.current_workspace.id;
const member = await registerUser(app, { name: 'ファズメンバー', invitation_code: await storeInviteCode(app, workspaceId) });
const stranger = await registerUser(app, { name: 'ファズ部外者' });
const strangerCode = await storeInviteCode(app, stranger.user.current_workspace.id);
// The sign-ups join another workspace: they fill it up, and the join cases need room in the stranger's.
const inviter = await registerUser(app, { name: 'ファズ招待元' });
const signUpCode = await storeInviteCode(app, inviter.user.current_workspace.id);
const session = { token: admin.token, password: admin.password };

/**
 * Starts a new session when a case ended the caller's (logout, logout-all, a password change).
 * From an address of its own: the cases' wrong current passwords count as failed sign-ins of
 * this e-mail from the cases' address, and lock that address out for a while (as they should).
 */
async function ensureSession() {
  if ((await call(app, 'GET', '/api/auth/me', { token: session.token })).statusCode === 200) return;
  const login = await call(app, 'POST', '/api/auth/login', {
    body: { email: admin.email, password: session.password },
    remoteAddress: '203.0.113.10',
  });
  expect(login.statusCode, `signing in again with ${JSON.stringify(session.password)}: ${login.body}`).toBe(200);
  session.token = login.json().token;
}

// ---- Fixtures: a real row for every path parameter -----------------------------------------

interface Fixtures {
  /** A state the app issued for a Google sign-in (single use: later cases meet it spent). */
  googleState: string;
  part: number;
  tag: number;
  product: number;
  order: number;
  plan: number;
  sale: number;
  stocktake: number;
  /** A saved shop order format of the sales import. */
  format: number;
  /** The part's barcode, which GET /scan/{*} resolves. */
  barcode: string;
  announcement: number;
  member: number;
  workspace: number;
  /** A passkey of the caller (a row: its ceremony is tested in test/auth/passkeys.test.ts). */
  passkey: number;
  /** A second session of the caller (ending it leaves the caller's own). */
  session: string;
}

let seeded = 0;
async function created(method: 'POST' | 'PUT', url: string, body: unknown): Promise<Record<string, unknown>> {
  const response = await call(app, method, url, { token: session.token, body });
  expect(response.statusCode, `seeding ${method} ${url}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

/** A part with stock, a tag on it, a product made of it with stock, an order, a plan, a sale and an announcement. */
async function seed(): Promise<Fixtures> {
  const n = ++seeded;
  const barcode = `FUZZ-PART-${n}`;
  const part = await created('POST', '/api/parts', { name: `ファズ部品${n}`, unit_price: 10, current_stock: 1000, barcode });
  const tag = await created('POST', '/api/tags', { name: `ファズタグ${n}` });
  await created('POST', `/api/parts/${part.id}/tags`, { tag_id: tag.id });
  const product = await created('POST', '/api/products', { name: `ファズ商品${n}`, selling_price: 100, current_stock: 100 });
  await created('POST', `/api/products/${product.id}/recipe`, { recipes: [{ part_id: part.id, quantity_required: 1 }] });
  const order = await created('POST', `/api/parts/${part.id}/order`, { quantity: 5, order_date: '2026-11-20', expected_delivery_date: '2026-11-27' });
  const plan = await created('POST', '/api/manufacturing/plans', { product_id: product.id, quantity: 10, start_date: '2026-11-01', end_date: '2026-11-30' });
  const sold = await created('POST', `/api/products/${product.id}/sell`, { quantity: 1, unit_price: 100, sale_date: '2026-11-20' });
  const stocktake = await created('POST', '/api/stocktakes', { name: `ファズ棚卸し${n}`, scope: { kind: 'all' } });
  // A workspace holds at most 50 formats, and every change operation seeds: the earlier ones go.
  const formats = await call(app, 'GET', '/api/sales/import/formats', { token: session.token });
  for (const old of formats.json() as Array<{ id: number }>) await call(app, 'DELETE', `/api/sales/import/formats/${old.id}`, { token: session.token });
  const format = await created('POST', '/api/sales/import/formats', {
    name: `ファズ形式${n}`,
    columns: { order_id: '注文番号', order_date: '注文日', sku: '商品コード', product_name: null, variation: null, quantity: '数量', unit_price: '単価', status: null },
  });
  const announcement = await created('POST', '/api/management-console/announcements', { title: `ファズ告知${n}`, content: '本文', type: 'info' });
  const googleUrl = await call(app, 'GET', '/api/auth/google/url', { token: session.token });
  expect(googleUrl.statusCode, googleUrl.body).toBe(200);
  const passkey = await app.db
    .insertInto('passkeys')
    .values({ user_id: admin.user.id, credential_id: `fuzz-${n}-${Date.now()}`, public_key: 'AA', name: `ファズ鍵${n}`, created_at: new Date().toISOString(), last_used_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const secondSession = await call(app, 'POST', '/api/auth/login', { body: { email: admin.email, password: session.password }, remoteAddress: '203.0.113.10' });
  expect(secondSession.statusCode, secondSession.body).toBe(200);
  return {
    googleState: googleUrl.json().state as string,
    part: part.id as number,
    tag: tag.id as number,
    product: product.id as number,
    order: order.id as number,
    plan: plan.id as number,
    sale: (sold.sale as { id: number }).id,
    stocktake: stocktake.id as number,
    format: format.id as number,
    barcode,
    announcement: announcement.id as number,
    member: member.user.id,
    workspace: workspaceId,
    passkey: passkey.id,
    session: String(decodeToken(secondSession.json().token).sid),
  };
}

/** Which fixture a path parameter names, by the path segment before it. */
const FIXTURE_BY_SEGMENT: Record<string, Exclude<keyof Fixtures, 'googleState'>> = {
  formats: 'format',
  scan: 'barcode',
  users: 'member',
  switch: 'workspace',
  parts: 'part',
  part: 'part',
  tags: 'tag',
  orders: 'order',
  products: 'product',
  capacity: 'product',
  plans: 'plan',
  sales: 'sale',
  stocktakes: 'stocktake',
  announcements: 'announcement',
  passkeys: 'passkey',
  sessions: 'session',
  'previous-workspaces': 'workspace',
};
const PATH_VALUES: Record<string, string> = { year: '2026', month: '11', start: '2026-11-01', end: '2026-11-30' };

function pathValue(operation: Operation, parameter: Parameter, fixtures: Fixtures): string {
  if (PATH_VALUES[parameter.name]) return PATH_VALUES[parameter.name]!;
  if (parameter.name === 'tagId') return String(fixtures.tag);
  const segments = operation.path.split('/');
  const before = segments[segments.indexOf(`{${parameter.name}}`) - 1] ?? '';
  const fixture = FIXTURE_BY_SEGMENT[before];
  if (!fixture) throw new Error(`${operation.key}: no fixture for {${parameter.name}} after "${before}" -- add it to FIXTURE_BY_SEGMENT`);
  return String(fixtures[fixture]);
}

// ---- Valid values, by schema and field name ----------------------------------------------------

/** Replaced by a new address in each request, so a sign-up case is not refused as a second sign-up of one address. */
const FRESH_EMAIL = 'fresh-address@example.test';

const DATES: Record<string, string> = { start_date: '2026-11-01', end_date: '2026-11-30', expected_delivery_date: '2026-11-27' };
let textCounter = 0;

function validValue(operation: Operation, schema: JsonSchema, name: string, fixtures: Fixtures): unknown {
  if (schema.anyOf) return validValue(operation, schema.anyOf[0]!, name, fixtures);
  if (schema.enum) return schema.enum[0];
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, property]) => [key, validValue(operation, property, key, fixtures)]));
    case 'array':
      return [validValue(operation, schema.items ?? {}, name, fixtures)];
    case 'boolean':
      return name === 'is_active';
    case 'integer': {
      const ids: Record<string, number> = {
        part_id: fixtures.part,
        product_id: fixtures.product,
        tag_id: fixtures.tag,
        tag_ids: fixtures.tag,
        part_ids: fixtures.part,
        product_ids: fixtures.product,
        max_members: 5,
        limit: 10,
        months: 12,
      };
      return ids[name] ?? Math.max(1, schema.minimum ?? 1);
    }
    case 'number':
      return 100;
    case 'string':
      return validText(operation, schema, name, fixtures);
    default:
      return null;
  }
}

function validText(operation: Operation, schema: JsonSchema, name: string, fixtures: Fixtures): string {
  if (name.endsWith('date')) return DATES[name] ?? '2026-11-20';
  const login = operation.path.endsWith('/login');
  switch (name) {
    case 'email':
      if (operation.path.endsWith('/register')) return FRESH_EMAIL;
      return login ? stranger.email : admin.email;
    case 'password':
      return login ? stranger.password : 'password123';
    case 'current_password':
      return session.password;
    case 'new_password':
      // A new password must differ from the current one.
      return session.password === 'password123' ? 'password456' : 'password123';
    case 'invitation_code':
      return operation.path.endsWith('/register') ? signUpCode : strangerCode;
    case 'color':
      return '#3366FF';
    case 'url':
      return 'https://example.com/item?id=1';
    case 'tag_ids':
      return String(fixtures.tag);
    case 'token':
      return 'a'.repeat(43);
    case 'state':
      return fixtures.googleState;
    case 'not_counted_since':
      return '2026-11-20';
    case 'barcode':
      // Unique in the workspace, in the characters a scanner reads.
      return `FUZZ-${++textCounter}`;
    case 'source':
      return 'shopify';
    default:
      return `ファズ${++textCounter}`.slice(0, schema.maxLength ?? 100);
  }
}

// ---- Sending and judging -----------------------------------------------------------------------

interface Case {
  label: string;
  url: string;
  payload?: string;
  contentType?: string;
  /** The payload is bytes written as latin1 text (a multipart body). */
  binary?: boolean;
  mustSucceed?: boolean;
  mustFail?: boolean;
  status?: number;
  /** The parsed body, for the round-trip check of accepted text. */
  sent?: unknown;
}

const report = {
  requests: 0,
  cases: {} as Record<string, number>,
  roundTrips: 0,
  /** Cases the schema rules out, whose answer had to be a 4xx. */
  mustFail: 0,
  /** Requests and milliseconds per operation, for the figures in the README. */
  routes: new Map<string, { requests: number; ms: number }>(),
};

async function send(operation: Operation, testCase: Case): Promise<LightMyRequestResponse> {
  const payload = testCase.payload?.replaceAll(JSON.stringify(FRESH_EMAIL), () => JSON.stringify(uniqueEmail('fuzz')));
  report.requests++;
  if (testCase.mustFail) report.mustFail++;
  const route = report.routes.get(operation.key) ?? { requests: 0, ms: 0 };
  report.routes.set(operation.key, { ...route, requests: route.requests + 1 });
  const kind = testCase.label.split(':')[0]!;
  report.cases[kind] = (report.cases[kind] ?? 0) + 1;
  return app.inject({
    method: operation.method as 'GET',
    url: testCase.url,
    headers: {
      authorization: `Bearer ${session.token}`,
      ...(testCase.payload !== undefined ? { 'content-type': testCase.contentType ?? 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: testCase.binary ? Buffer.from(payload, 'latin1') : payload } : {}),
  });
}

/** Text fields a person types and reads again: accepted text must come back as sent, trimmed. */
const TEXT_FIELDS = new Set(['name', 'unit', 'part_number', 'category', 'url', 'notes', 'title', 'content', 'workspace_name']);

function expectedText(sent: string): string | null {
  const trimmed = sent.trim();
  return trimmed === '' ? null : trimmed;
}

/** Differences between the text fields sent and those in an answer (an object, or one wrapped in sale/plan/…). */
function textDifferences(sent: Record<string, unknown>, answer: unknown, where: string): string[] {
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return [];
  const record = answer as Record<string, unknown>;
  const differences: string[] = [];
  for (const [field, value] of Object.entries(sent)) {
    if (!TEXT_FIELDS.has(field) || typeof value !== 'string' || !(field in record)) continue;
    report.roundTrips++;
    const expected = expectedText(value);
    // A required text cannot be blank, so an empty optional one is the only null.
    if (record[field] !== expected && !(expected === null && record[field] === '')) {
      differences.push(`${where}: ${field} sent ${preview(value)} came back ${preview(record[field])}`);
    }
  }
  return differences;
}

/** After an accepted change: the text fields in the answer and in a fresh read of the row. */
async function roundTripProblems(operation: Operation, testCase: Case, response: LightMyRequestResponse): Promise<string[]> {
  const sent = testCase.sent;
  if (!sent || typeof sent !== 'object' || Array.isArray(sent)) return [];
  if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) return [];
  const answer = response.json() as Record<string, unknown>;
  const problems = textDifferences(sent as Record<string, unknown>, answer, 'answer');
  // The same row read again: POST /x/ -> GET /x/{id}; PUT /x/{id} -> GET /x/{id}.
  const id = typeof answer.id === 'number' ? answer.id : undefined;
  const readUrl =
    operation.method === 'PUT' ? testCase.url.split('?')[0]! : id !== undefined && operation.path.endsWith('/') ? `${testCase.url.split('?')[0]}${id}` : undefined;
  const readTemplate = operation.method === 'PUT' ? operation.path : `${operation.path}{id}`;
  if (readUrl && operations.some((other) => other.method === 'GET' && other.path === readTemplate)) {
    const read = await call(app, 'GET', readUrl, { token: session.token });
    if (read.statusCode === 200) problems.push(...textDifferences(sent as Record<string, unknown>, read.json(), `GET ${readUrl}`));
  }
  return problems;
}

async function run(operation: Operation, testCase: Case, problems: string[]) {
  if (operation.path.startsWith('/api/auth/') && operation.method !== 'GET') await ensureSession();
  const response = await send(operation, testCase);
  const problem = judge(response, testCase);
  if (problem) {
    problems.push(`${testCase.label} ${preview(testCase.url, 80)} ${preview(testCase.payload ?? '', 120)}: ${problem}: ${preview(response.body, 300)}`);
    return;
  }
  if (response.statusCode < 300 && (operation.method === 'POST' || operation.method === 'PUT')) {
    problems.push(...(await roundTripProblems(operation, testCase, response)).map((text) => `${testCase.label}: ${text}`));
    // The caller's password changed: the next sign-in uses the new one.
    const body = testCase.sent as { new_password?: unknown } | undefined;
    if (operation.path.endsWith('/change-password') && typeof body?.new_password === 'string') session.password = body.new_password;
  }
}

// ---- The cases of one operation ---------------------------------------------------------------

function urlOf(operation: Operation, fixtures: Fixtures, { segment, query }: { segment?: [string, string]; query?: string } = {}): string {
  let path = operation.path;
  for (const parameter of operation.pathParams) {
    const value = segment?.[0] === parameter.name ? segment[1] : encodeURIComponent(pathValue(operation, parameter, fixtures));
    path = path.replace(`{${parameter.name}}`, value);
  }
  const required = operation.query
    .filter((parameter) => parameter.required && !query?.startsWith(`${parameter.name}=`))
    .map((parameter) => `${parameter.name}=${encodeURIComponent(String(validValue(operation, parameter.schema, parameter.name, fixtures)))}`);
  const parts = [...required, ...(query !== undefined ? [query] : [])];
  return parts.length ? `${path}?${parts.join('&')}` : path;
}

function queryMustFail(parameter: Parameter, value: string): boolean {
  if (value === '') return false;
  if (parameter.schema.enum) return !parameter.schema.enum.includes(value);
  if (typesOf(parameter.schema).has('integer')) return !(/^\d+$/.test(value) && numberFits(parameter.schema, Number(value)));
  return false;
}

function pathAndQueryCases(operation: Operation, fixtures: Fixtures, body: unknown): Case[] {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const withBody = { payload, sent: body };
  const cases: Case[] = [];
  for (const parameter of operation.pathParams) {
    for (const segment of ODD_PATH_SEGMENTS) {
      // A scanned code is any text (a barcode may hold any ASCII symbol): an odd one may name an item.
      const mustFail = parameter.name !== '*';
      cases.push({ label: `path:{${parameter.name}}=${segment.slice(0, 20)}`, url: urlOf(operation, fixtures, { segment: [parameter.name, segment] }), ...withBody, mustFail });
    }
  }
  for (const parameter of operation.query) {
    const values = [...ODD_QUERY_VALUES, 'x'.repeat(HUGE_TEXT_LENGTH)];
    for (const value of values) {
      const query = `${parameter.name}=${encodeURIComponent(value)}`;
      cases.push({ label: `query:${parameter.name}=${preview(value, 20)}`, url: urlOf(operation, fixtures, { query }), ...withBody, mustFail: queryMustFail(parameter, value) });
    }
    cases.push({ label: `query:${parameter.name} twice`, url: urlOf(operation, fixtures, { query: `${parameter.name}=1&${parameter.name}=2` }), ...withBody });
    if (parameter.required) {
      const path = urlOf(operation, fixtures).split('?')[0]!;
      cases.push({ label: `query:${parameter.name} missing`, url: path, ...withBody, mustFail: true });
    }
  }
  return cases;
}

/**
 * Operations whose valid request is still refused here, and why; every other valid request must
 * succeed (so the cases reach the handler, not a guard or a missing row). A listed one that starts
 * succeeding fails the run: take it off the list.
 */
const VALID_BUT_REFUSED: Record<string, string> = {
  'POST /api/auth/verify-email': 'the token is only in the mail',
  'POST /api/auth/google/callback': "the code comes from the provider's login page",
  'DELETE /api/parts/{id}': 'the seeded part is in a recipe (409 by design)',
  'DELETE /api/tags/{id}': 'the seeded tag is on a part (409 by design; /force deletes it)',
  'POST /api/parts/import/csv': 'no file: its valid case is upload:hostile-text',
  'POST /api/sales/import/sample': 'no file: its valid case is upload:hostile-text',
  'POST /api/sales/import/preview': 'no file: its valid case is upload:hostile-text',
  'POST /api/sales/import/': 'no file: its valid case is upload:hostile-text',
  'POST /api/auth/reset-password': 'the token is only in the mail',
  'POST /api/auth/login/totp': 'the mfa_token comes from a sign-in with TOTP on',
  'POST /api/auth/totp/enable': "the code comes from the authenticator app (and TOTP was never set up here)",
  'POST /api/auth/totp/disable': 'TOTP is off for the caller (400 by design)',
  'POST /api/auth/passkeys/register/verify': "the answer is an authenticator's, signed over a challenge",
  'POST /api/auth/passkeys/login/verify': "the answer is an authenticator's, signed over a challenge",
  'POST /api/auth/previous-workspaces/{id}/keep': 'the workspace was never taken over (404 by design)',
  'DELETE /api/auth/previous-workspaces/{id}': 'the workspace was never taken over (404 by design)',
  'PUT /api/stocktakes/{id}/counts': 'the built count names a part and a product; a count names one (stocktakes tests)',
};

function validCase(operation: Operation, url: string, body?: unknown): Case {
  const refused = operation.key in VALID_BUT_REFUSED;
  return { label: 'valid', url, ...(body !== undefined ? { payload: JSON.stringify(body), sent: body } : {}), mustSucceed: !refused, mustFail: refused };
}

function bodyCases(operation: Operation, schema: JsonSchema, valid: unknown, url: string): Case[] {
  const json = (value: unknown, label: string, mustFail = false): Case => ({ label, url, payload: JSON.stringify(value), sent: value, mustFail });
  const cases: Case[] = [validCase(operation, url, valid)];
  for (const text of MALFORMED_JSON) cases.push({ label: 'malformed-json', url, payload: text, mustFail: true });
  for (const text of PROTOTYPE_POISONING) cases.push({ label: 'prototype-poisoning', url, payload: text, mustFail: true });
  cases.push({ label: 'empty-body', url, payload: '', mustFail: true });
  for (const text of ['[]', '"text"', '42', 'null', 'true']) cases.push({ label: 'body-not-object', url, payload: text, mustFail: true });
  for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
    cases.push({ label: `content-type:${contentType}`, url, payload: JSON.stringify(valid), contentType, mustFail: true });
  }
  cases.push({ label: 'content-type:json-utf16', url, payload: JSON.stringify(valid), contentType: 'application/json; charset=utf-16' });
  // Over the 1 MiB body limit: 413 with {error}, whatever the fields are.
  cases.push({ label: 'over-body-limit', url, payload: JSON.stringify({ ...(valid as object), padding: 'x'.repeat(OVER_BODY_LIMIT_LENGTH) }), status: 413 });
  cases.push(json({ ...(valid as object), extra: 'x', id: 999_999, workspace_id: stranger.user.current_workspace.id, user_id: stranger.user.id, is_super_admin: true, created_at: 'x' }, 'extra-fields'));

  for (const path of requiredKeysOf(schema, valid)) cases.push(json(deleteAt(valid, path), `missing:${path.join('.')}`, true));

  for (const leaf of leavesOf(schema, valid)) {
    const at = leaf.path.join('.');
    const types = typesOf(leaf.schema);
    const put = (value: unknown, kind: string, mustFail = false) => cases.push(json(setAt(valid, leaf.path, value), `${kind}:${at}`, mustFail));
    for (const value of [...WRONG_KIND_VALUES, ...(types.has('string') ? [] : NUMBERS_AS_TEXT)]) put(value, 'wrong-type', wrongType(leaf.schema, value));
    put(null, 'null', !acceptsNull(leaf.schema));
    if (types.has('integer') || types.has('number')) {
      for (const value of NUMBER_VALUES) put(value, 'number', !numberFits(leaf.schema, value));
      for (const raw of RAW_NUMBERS) {
        const parsed = JSON.parse(raw) as number;
        cases.push({ label: `raw-number:${at}=${raw}`, url, payload: jsonWithRaw(valid, leaf.path, raw), mustFail: !numberFits(leaf.schema, parsed) });
      }
    }
    if (types.has('string')) {
      const onlyString = leaf.schema.type === 'string';
      put('', 'empty-string', onlyString && (leaf.schema.minLength ?? 0) > 0);
      put('   ', 'blank-string');
      for (const filler of ['x', 'あ']) {
        put(filler.repeat(HUGE_TEXT_LENGTH), 'huge-string', onlyString && (leaf.schema.maxLength ?? Infinity) < HUGE_TEXT_LENGTH);
      }
      // In every text field: two SQL, two HTML, NUL, a lone surrogate, an RTL override and an emoji
      // sequence; the other payloads come in the random bodies.
      for (const text of [...SQL_PAYLOADS.slice(0, 2), ...HTML_PAYLOADS.slice(0, 2), ...CONTROL_TEXT.slice(0, 2), ...ODD_TEXT.slice(0, 2)]) put(text, 'payload');
    }
    if (types.has('array')) {
      put([], 'empty-array', (leaf.schema.minItems ?? 0) > 0);
      const many = Array.from({ length: (leaf.schema.maxItems ?? 200) + 1 }, () => (valid as Record<string, unknown[]>)[String(leaf.name)]?.[0] ?? 1);
      put(many, 'too-many-items', leaf.schema.maxItems !== undefined);
    }
  }
  return cases;
}

const csvCell = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** An upload route: the text fields sent before the file (field csv), and a valid file holding the given texts. */
interface Upload {
  fields: Record<string, string>;
  file: (texts: string[]) => string;
}

const partsFile = (texts: string[]) =>
  ['部品名,単位,品番,カテゴリ,現在在庫', ...texts.map((text, i) => [csvCell(`${text}#${i}`), csvCell(text.slice(0, 20)), csvCell(text), csvCell(text), '1'].join(','))].join('\n');
/** Shopify's order export, one order line per text (as SKU and product name): none matches a product. */
const shopifyFile = (texts: string[]) =>
  [
    'Name,Created at,Lineitem quantity,Lineitem price,Lineitem sku,Lineitem name',
    ...texts.map((text, i) => [`#F${i}`, '2026-11-20 10:00:00 +0900', '1', '100', csvCell(text.slice(0, 50)), csvCell(text)].join(',')),
  ].join('\n');

/**
 * Uploads: the document has no JSON body for them (multipart/form-data), so their fields are
 * named here. A new upload route fails the document test below until it is added.
 */
const MULTIPART_UPLOADS: Record<string, Upload> = {
  'POST /api/parts/import/csv': { fields: {}, file: partsFile },
  'POST /api/sales/import/sample': { fields: {}, file: shopifyFile },
  'POST /api/sales/import/preview': { fields: { source: 'shopify' }, file: shopifyFile },
  'POST /api/sales/import/': { fields: { source: 'shopify' }, file: shopifyFile },
};

function multipartBody(field: string, content: string | Buffer, { end = true, fields = {} }: { end?: boolean; fields?: Record<string, string> } = {}) {
  const boundary = `----fuzz${randomUUID().replaceAll('-', '')}`;
  const texts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  const head = `${texts.join('')}--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="upload.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.from(content), Buffer.from(end ? `\r\n--${boundary}--\r\n` : '')]);
  return { payload: payload.toString('latin1'), contentType: `multipart/form-data; boundary=${boundary}`, binary: true };
}

/** A CSV import: files of hostile text, broken multipart bodies, other fields and types. */
function uploadCases({ fields, file }: Upload, url: string): Case[] {
  const field = 'csv';
  const upload = (name: string, content: string | Buffer, options: { end?: boolean } = {}) => multipartBody(name, content, { ...options, fields });
  return [
    { label: 'upload:hostile-text', url, ...upload(field, file([...SQL_PAYLOADS, ...HTML_PAYLOADS, ...ODD_TEXT])), mustSucceed: true },
    // NUL and lone surrogates make the bytes no text file at all (refused whole, in Japanese).
    { label: 'upload:control-text', url, ...upload(field, file(CONTROL_TEXT)) },
    { label: 'upload:formulas', url, ...upload(field, '部品名,単位\n=1+1,@SUM(A1)\n+cmd,-2\n') },
    { label: 'upload:huge-cell', url, ...upload(field, `部品名\n${'x'.repeat(2 * 1024 * 1024)}\n`) },
    { label: 'upload:binary', url, ...upload(field, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 37) % 256))) },
    { label: 'upload:empty', url, ...upload(field, '') },
    { label: 'upload:other-field', url, ...upload('file', '部品名\nネジ\n'), mustFail: true },
    { label: 'upload:truncated', url, ...upload(field, '部品名\nネジ\n', { end: false }), mustFail: true },
    { label: 'upload:no-boundary', url, payload: '部品名\nネジ\n', contentType: 'multipart/form-data', mustFail: true },
    { label: 'upload:json', url, payload: JSON.stringify({ [field]: '部品名\nネジ' }), mustFail: true },
    { label: 'upload:text', url, payload: '部品名\nネジ\n', contentType: 'text/csv', mustFail: true },
  ];
}

/** Bodies where the route takes none: the parser must still answer in Japanese, never 5xx. */
function strayBodyCases(url: string): Case[] {
  return [
    { label: 'stray-body:malformed', url, payload: '{"a":' },
    { label: 'stray-body:over-limit', url, payload: JSON.stringify({ padding: 'x'.repeat(OVER_BODY_LIMIT_LENGTH) }) },
    { label: 'stray-body:text', url, payload: '<script>alert(1)</script>', contentType: 'text/plain' },
  ];
}

// ---- Random cases (fast-check) ----------------------------------------------------------------

const fuzzSettings = (numRuns: number) => ({ seed: SEED, numRuns, endOnFailure: true });

async function randomCases(operation: Operation, fixtures: Fixtures, valid: unknown, problems: string[]) {
  const url = urlOf(operation, fixtures);
  if (operation.body?.type === 'object') {
    await fc.assert(
      fc.asyncProperty(bodyArbitrary(operation.body, valid as Record<string, unknown>), async (body) => {
        await run(operation, { label: 'random-body', url, payload: JSON.stringify(body), sent: body }, problems);
      }),
      fuzzSettings(RANDOM_BODIES_PER_ROUTE),
    );
  }
  const payload = valid === undefined ? undefined : JSON.stringify(valid);
  if (operation.pathParams.length > 0) {
    // Any text at all in a path segment (never a bare number, which could name a real row).
    const segment = fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).filter((text) => !/^\d+$/.test(text));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...operation.pathParams), segment, async (parameter, text) => {
        const target = urlOf(operation, fixtures, { segment: [parameter.name, encodeURIComponent(text)] });
        await run(operation, { label: 'random-path', url: target, payload, sent: valid }, problems);
      }),
      fuzzSettings(RANDOM_PATHS_PER_ROUTE),
    );
  }
  if (operation.query.length > 0) {
    const value = fc.oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.integer().map(String), fc.double().map(String));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...operation.query), value, async (parameter, text) => {
        const target = urlOf(operation, fixtures, { query: `${parameter.name}=${encodeURIComponent(text)}` });
        await run(operation, { label: 'random-query', url: target, payload, sent: valid }, problems);
      }),
      fuzzSettings(RANDOM_QUERIES_PER_ROUTE),
    );
  }
}

// ---- The tests --------------------------------------------------------------------------------

describe('the OpenAPI document', () => {
  it('lists every area of the API, with a JSON body schema for each change that takes one', () => {
    const prefixes = new Set(operations.map((operation) => operation.path.split('/')[2]));
    expect([...prefixes].sort()).toEqual(
      [
        'auth',
        'dashboard',
        'health',
        'inventory',
        'labels',
        'management-console',
        'manufacturing',
        'orders',
        'parts',
        'products',
        'sales',
        'scan',
        'stock-entries',
        'stocktakes',
        'tags',
        'workspace',
      ].sort(),
    );
    expect(operations.length).toBeGreaterThanOrEqual(90);
    expect(operations.filter((operation) => operation.body).length).toBeGreaterThanOrEqual(30);
  });

  it('names the field of every upload (a change with a JSON body or none at all is fuzzed as such)', () => {
    const uploads = operations.filter((operation) => operation.method === 'POST' && /multipart|upload|import/i.test(operation.key) && !operation.body);
    expect(uploads.map((operation) => operation.key)).toEqual(Object.keys(MULTIPART_UPLOADS));
  });
});

// Text as a person could type it: SQL and HTML that must be stored and shown as plain text.
const ROUND_TRIP_TEXTS = [...SQL_PAYLOADS, ...HTML_PAYLOADS, ...ODD_TEXT];
const ROUND_TRIP_URLS = ["https://example.com/?q=<script>alert(1)</script>", "https://example.com/?q='OR'1'='1'--", 'https://example.com/"><img/src=x>'];

async function json<T = Record<string, unknown>>(method: 'GET' | 'POST' | 'PUT', url: string, token: string, body?: unknown): Promise<T> {
  const response = await call(app, method, url, { token, body });
  expect(response.statusCode, `${method} ${url} ${preview(body)}: ${response.body}`).toBeLessThan(300);
  return response.json();
}

describe('stored text comes back as sent', () => {
  it('SQL and HTML in every kind of text field: parts, products, tags, receipts, sales, plans, announcements, workspace and user names', async () => {
    const owner = await registerUser(app, { name: '往復確認' });
    const token = owner.token;
    for (const [i, text] of ROUND_TRIP_TEXTS.entries()) {
      const unit = text.slice(0, 20);
      const part = await json('POST', '/api/parts', token, { name: text, unit, part_number: text, category: text, current_stock: 10 });
      for (const read of [part, await json('GET', `/api/parts/${part.id}`, token)]) {
        expect({ name: read.name, unit: read.unit, part_number: read.part_number, category: read.category }).toEqual({ name: text, unit, part_number: text, category: text });
      }
      const listed = await json<Array<Record<string, unknown>>>('GET', '/api/parts', token);
      expect(listed.find((row) => row.id === part.id)?.name).toBe(text);

      const product = await json('POST', '/api/products', token, { name: text, part_number: text, current_stock: 5 });
      expect(await json('GET', `/api/products/${product.id}`, token)).toMatchObject({ name: text, part_number: text });

      if (!text.includes(';')) {
        // A tag name cannot hold ';' (the CSV タグ cell separates names with it): refused, not altered.
        const tag = await json('POST', '/api/tags', token, { name: text });
        expect((await json('GET', `/api/tags/${tag.id}`, token)).name).toBe(text);
      }

      await json('POST', `/api/parts/${part.id}/stock-entry`, token, { quantity: 1, entry_date: '2026-11-20', notes: text });
      const entries = await json<Array<Record<string, unknown>>>('GET', `/api/stock-entries/part/${part.id}`, token);
      expect(entries.map((entry) => entry.notes)).toEqual([text]);

      const sold = await json<{ sale: { id: number } }>('POST', `/api/products/${product.id}/sell`, token, { quantity: 1, unit_price: 100, sale_date: '2026-11-20', notes: text });
      const sales = await json<Array<Record<string, unknown>>>('GET', `/api/sales?product_id=${product.id}`, token);
      expect(sales.find((sale) => sale.id === sold.sale.id)).toMatchObject({ notes: text, product_name: text });

      const plan = await json('POST', '/api/manufacturing/plans', token, { product_id: product.id, quantity: 1, start_date: '2026-11-01', end_date: '2026-11-30', notes: text });
      expect(await json('GET', `/api/manufacturing/plans/${plan.id}`, token)).toMatchObject({ notes: text, product_name: text });

      const announcement = await json('POST', '/api/management-console/announcements', session.token, { title: text, content: `${text}\n${text}`, type: 'warning' });
      const active = await json<Array<Record<string, unknown>>>('GET', '/api/management-console/announcements/active', token);
      expect(active.find((row) => row.id === announcement.id)).toMatchObject({ title: text, content: `${text}\n${text}` });

      await json('PUT', '/api/workspace/settings', token, { workspace_name: text, max_members: 5 });
      expect((await json('GET', '/api/workspace/settings', token)).workspace_name).toBe(text);

      if (i % 4 === 0) {
        // Sign-ups hash a password (slow on purpose): every fourth text is a user's name.
        const user = await registerUser(app, { name: text });
        expect((await json<{ user: { name: string } }>('GET', '/api/auth/me', user.token)).user.name).toBe(text);
      }
    }
    for (const url of ROUND_TRIP_URLS) {
      const part = await json('POST', '/api/parts', token, { name: `URL ${url}`, url });
      expect((await json('GET', `/api/parts/${part.id}`, token)).url).toBe(url);
    }
  });

  it('SQL and HTML in a CSV import come back through the parts list', async () => {
    const owner = await registerUser(app, { name: 'CSV往復確認' });
    const rows = ROUND_TRIP_TEXTS.map((text) => [csvCell(text), csvCell(text.slice(0, 20)), csvCell(text), csvCell(text)].join(','));
    const upload = multipartBody('csv', ['部品名,単位,品番,カテゴリ', ...rows].join('\n'));
    const response = await app.inject({
      method: 'POST',
      url: '/api/parts/import/csv',
      payload: Buffer.from(upload.payload, 'latin1'),
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': upload.contentType },
    });
    expect(response.statusCode, response.body).toBe(200);
    const parts = await json<Array<Record<string, unknown>>>('GET', '/api/parts', owner.token);
    expect(parts.map(({ name, unit, part_number, category }) => ({ name, unit, part_number, category })).sort((a, b) => String(a.name).localeCompare(String(b.name)))).toEqual(
      ROUND_TRIP_TEXTS.map((text) => ({ name: text, unit: text.slice(0, 20), part_number: text, category: text })).sort((a, b) => a.name.localeCompare(b.name)),
    );
  });

  it('random text (any Unicode a person could type) is stored trimmed and otherwise unchanged', async () => {
    const owner = await registerUser(app, { name: 'ランダム往復確認' });
    const typed = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 40 })
      // A grapheme may take several UTF-16 units; the limits (100) count units.
      .filter((text) => text.length <= 95 && text.trim() !== '' && !CONTROL_CHARACTERS.test(text) && !LONE_SURROGATE.test(text));
    let n = 0;
    await fc.assert(
      fc.asyncProperty(typed, async (text) => {
        // A counter keeps names unique; the text itself is stored in notes and the category as it is.
        const name = `${++n} ${text.trim()}`;
        const part = await json('POST', '/api/parts', owner.token, { name, category: text });
        const read = await json('GET', `/api/parts/${part.id}`, owner.token);
        expect({ name: read.name, category: read.category }).toEqual({ name, category: text.trim() });
        await json('POST', `/api/parts/${part.id}/stock-entry`, owner.token, { quantity: 1, entry_date: '2026-11-20', notes: text });
        const entries = await json<Array<Record<string, unknown>>>('GET', `/api/stock-entries/part/${part.id}`, owner.token);
        expect(entries.map((entry) => entry.notes)).toEqual([text.trim()]);
      }),
      fuzzSettings(ROUND_TRIP_RANDOM_TEXTS),
    );
  });
});

/** Rows the reads share; a change gets rows of its own (it may delete or use them up). */
let shared: Fixtures | undefined;

describe.each(operations.map((operation) => [operation.key, operation] as const))('%s', (_key, operation) => {
  it(
    'answers every malformed, mistyped, oversized and hostile input with 2xx or a Japanese 4xx, never 5xx',
    async () => {
      await ensureSession();
      const fixtures = operation.method === 'GET' ? (shared ??= await seed()) : await seed();
      const valid = operation.body ? validValue(operation, operation.body, '', fixtures) : undefined;
      const url = urlOf(operation, fixtures);
      const upload = MULTIPART_UPLOADS[operation.key];
      const cases = [
        ...(operation.body ? bodyCases(operation, operation.body, valid, url) : [validCase(operation, url), ...strayBodyCases(url)]),
        ...(upload ? uploadCases(upload, url) : []),
        ...pathAndQueryCases(operation, fixtures, valid),
      ];
      const problems: string[] = [];
      const started = performance.now();
      for (const testCase of cases) await run(operation, testCase, problems);
      await randomCases(operation, fixtures, valid, problems);
      report.routes.get(operation.key)!.ms = performance.now() - started;
      expect(problems).toEqual([]);
    },
    ROUTE_TIMEOUT_MS,
  );
});

describe('the fuzz as a whole', () => {
  it('sent every kind of case to every operation', () => {
    for (const kind of ['malformed-json', 'wrong-type', 'missing', 'number', 'raw-number', 'huge-string', 'payload', 'path', 'query', 'random-body']) {
      expect(report.cases[kind] ?? 0, kind).toBeGreaterThan(0);
    }
    expect(report.roundTrips).toBeGreaterThan(100);
    expect(report.routes.size).toBe(operations.length);
    const perRoute = [...report.routes.values()].map((route) => route.requests);
    const slowest = [...report.routes].sort(([, a], [, b]) => b.ms - a.ms).slice(0, 5);
    console.info(
      `[input fuzz] ${operations.length} operations, ${report.requests} requests (${Math.min(...perRoute)}–${Math.max(...perRoute)} per operation), ` +
        `${report.mustFail} of them refusals the schema requires, ${report.roundTrips} stored texts compared; slowest: ${slowest.map(([key, route]) => `${key} ${Math.round(route.ms)} ms`).join(', ')}`,
      report.cases,
    );
  });
});
