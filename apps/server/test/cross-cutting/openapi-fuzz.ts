import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';

// Building blocks of the input fuzz test (input-fuzz.test.ts): the operations of the OpenAPI
// document, valid values for their schemas, the hostile values sent in their place, and the
// judge of an answer. Nothing here knows a route by name except through field names.

/** The part of JSON Schema that @fastify/swagger writes for the zod route schemas. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  nullable?: boolean;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  /** `POST /api/parts/{id}/order`: the document's own spelling, used as the test's name. */
  key: string;
  method: string;
  /** With `{name}` placeholders, as in the document. */
  path: string;
  pathParams: Parameter[];
  query: Parameter[];
  body: JsonSchema | null;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: JsonSchema }> } }>>;
}

/** Every operation of the document, in its order. */
export function operationsOf(document: unknown): Operation[] {
  const { paths } = document as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      const parameters = operation.parameters ?? [];
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((parameter) => parameter.in === 'path'),
        query: parameters.filter((parameter) => parameter.in === 'query'),
        body: operation.requestBody?.content['application/json']?.schema ?? null,
      });
    }
  }
  return operations;
}

// ---- Schemas --------------------------------------------------------------------------------

/** The JSON types a schema accepts (`integer` also counts as `number` where a value is judged). */
export function typesOf(schema: JsonSchema): Set<string> {
  if (schema.anyOf) return new Set(schema.anyOf.flatMap((member) => [...typesOf(member)]));
  return new Set(schema.type ? [schema.type] : []);
}

export const acceptsNull = (schema: JsonSchema) => schema.nullable === true || (schema.anyOf ?? []).some((member) => member.nullable === true);

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether a number fits an integer/number schema's type and bounds (refinements are not in the document). */
export function numberFits(schema: JsonSchema, value: number): boolean {
  if (!Number.isFinite(value)) return false;
  const types = typesOf(schema);
  if (!types.has('number') && !(types.has('integer') && Number.isInteger(value))) return false;
  if (schema.minimum !== undefined && (schema.exclusiveMinimum === true ? value <= schema.minimum : value < schema.minimum)) return false;
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) return false;
  if (schema.maximum !== undefined && (schema.exclusiveMaximum === true ? value >= schema.maximum : value > schema.maximum)) return false;
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) return false;
  return true;
}

/** Whether a value's JSON type is certainly outside what the schema accepts (so the answer must be 4xx). */
export function wrongType(schema: JsonSchema, value: unknown): boolean {
  const type = jsonTypeOf(value);
  if (type === 'null') return !acceptsNull(schema);
  const types = typesOf(schema);
  if (types.size === 0) return false;
  if (type === 'integer') return !types.has('integer') && !types.has('number');
  return !types.has(type);
}

// ---- Hostile values -------------------------------------------------------------------------

/** The first two of each go into every text field of every operation; all of them into the random bodies and the round trips. */
export const SQL_PAYLOADS = ["' OR 1=1 --", "'; DROP TABLE parts; --", "1'; SELECT pg_sleep(5); --", 'Robert"); DELETE FROM users; --'];
export const HTML_PAYLOADS = ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', '"><svg onload=alert(1)>', "javascript:alert('x')"];
/** Text that is odd but harmless: it must be refused or stored as sent. */
export const ODD_TEXT = ['\u202eevil', '👩‍👩‍👧 部品', '=HYPERLINK("x")', '${7*7}{{7*7}}', '../../etc/passwd', '%00%27', 'null', '\\u0000'];
/** Text no stored field accepts, and that PostgreSQL could not even store (NUL) or spell (a lone surrogate). */
export const CONTROL_TEXT = ['nul\u0000byte', 'lone\ud800surrogate', 'escape\u001b[31m'];

export const HUGE_TEXT_LENGTH = 100 * 1024;
/** Over the 1 MiB body limit on its own: the answer must be 413. */
export const OVER_BODY_LIMIT_LENGTH = 2 * 1024 * 1024;

/** JSON values of a wrong kind for a scalar or a container. */
export const WRONG_KIND_VALUES: unknown[] = [12345, true, 'text', [], ['x'], { a: 1 }];
/** Numbers spelled as strings: wrong for a number or a boolean (for a string they are just text). */
export const NUMBERS_AS_TEXT = ['12', 'NaN', 'Infinity', '1e308', '-1'];

/** Numbers around every bound the schemas use, and beyond what a double or an int column holds. */
export const NUMBER_VALUES = [0, -1, -0.5, 1.5, 0.001, 2 ** 31, 2 ** 53 + 1, -(2 ** 53 + 1), 1e308, -1e308, 5e-324];

/** Numbers only raw JSON text can carry (JSON.parse turns them into Infinity, 0 and a rounded float). */
export const RAW_NUMBERS = ['1e400', '-1e400', '1e-400', '123456789012345678901234567890'];

export const MALFORMED_JSON = ['{', '{"name":', '[1, 2', 'nul', "{'name': 'x'}", '{"a": NaN}', '{"a": Infinity}', '{"a": 1,}', "' OR 1=1 --", '<script>alert(1)</script>', '\u0000'];

/** Bodies parsed by the JSON parser's prototype-poisoning protection. */
export const PROTOTYPE_POISONING = ['{"__proto__": {"isAdmin": true}}', '{"constructor": {"prototype": {"isAdmin": true}}}'];

/**
 * Path segments that name no row (or no valid value) of any parameter; already URL-encoded. Not
 * `%2e%2e`: URL parsing (the browser's, and app.inject's) resolves it as `..` before the request
 * is sent, so /api/parts/%2e%2e/tags is /api/tags, which is right.
 */
export const ODD_PATH_SEGMENTS = [
  '0',
  '-1',
  '1.5',
  '99999999999',
  '2147483648',
  'abc',
  '%00',
  '1e3',
  '0x10',
  '%20',
  encodeURIComponent("1' OR 1=1 --"),
  encodeURIComponent('<script>alert(1)</script>'),
  '%E3%81%82',
  'x'.repeat(150),
  '%ZZ',
];

/** Query values (raw, before encoding). Repeated parameters are sent separately. */
export const ODD_QUERY_VALUES = ['', 'abc', '-1', '0', '1.5', '1e308', 'NaN', 'Infinity', '9007199254740993', '1,2,abc', '\u0000', ...SQL_PAYLOADS.slice(0, 2), ...HTML_PAYLOADS.slice(0, 2)];

/** One value a scalar or container of any kind could hold, some of them hostile. */
export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(...SQL_PAYLOADS, ...HTML_PAYLOADS, ...ODD_TEXT, ...CONTROL_TEXT, ...NUMBER_VALUES, null, true, false, '', ' '),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
    fc.double(),
    fc.constant('x'.repeat(HUGE_TEXT_LENGTH)),
    fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
  );
}

// ---- Bodies ---------------------------------------------------------------------------------

export type JsonPath = Array<string | number>;

export interface Leaf {
  path: JsonPath;
  name: string;
  schema: JsonSchema;
}

/** Scalars (and empty containers) of a valid body, with the schema that describes each. */
export function leavesOf(schema: JsonSchema, value: unknown, path: JsonPath = []): Leaf[] {
  if (schema.type === 'object' && schema.properties && value && typeof value === 'object') {
    return Object.entries(schema.properties).flatMap(([name, property]) =>
      name in (value as object) ? leavesOf(property, (value as Record<string, unknown>)[name], [...path, name]) : [],
    );
  }
  if (schema.type === 'array' && schema.items && Array.isArray(value) && value.length > 0) {
    return [{ path, name: String(path.at(-1)), schema }, ...leavesOf(schema.items, value[0], [...path, 0])];
  }
  return [{ path, name: String(path.at(-1) ?? ''), schema }];
}

/** Object nodes of the schema reachable in a valid body, with the keys they require. */
export function requiredKeysOf(schema: JsonSchema, value: unknown, path: JsonPath = []): JsonPath[] {
  if (schema.type === 'object' && schema.properties && value && typeof value === 'object') {
    const own = (schema.required ?? []).map((name) => [...path, name]);
    const nested = Object.entries(schema.properties).flatMap(([name, property]) =>
      name in (value as object) ? requiredKeysOf(property, (value as Record<string, unknown>)[name], [...path, name]) : [],
    );
    return [...own, ...nested];
  }
  if (schema.type === 'array' && schema.items && Array.isArray(value) && value.length > 0) return requiredKeysOf(schema.items, value[0], [...path, 0]);
  return [];
}

export function setAt(value: unknown, path: JsonPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = replacement;
  return copy;
}

export function deleteAt(value: unknown, path: JsonPath): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  delete node[path.at(-1)!];
  return copy;
}

export const RAW_MARKER = '\u0001raw\u0001';

/** JSON text of a body where the value at `path` is the raw text `raw` (a number JSON.stringify cannot write). */
export function jsonWithRaw(body: unknown, path: JsonPath, raw: string): string {
  return JSON.stringify(setAt(body, path, RAW_MARKER)).replace(JSON.stringify(RAW_MARKER), raw);
}

/**
 * A random body: each property of the valid body is kept, dropped or replaced by a hostile value,
 * and unknown properties may be added.
 */
export function bodyArbitrary(schema: JsonSchema, valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const properties = Object.keys(schema.properties ?? {});
  const field = (name: string) =>
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(valid[name]) },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 3, arbitrary: hostileValue() },
    );
  const record = fc.record(Object.fromEntries(properties.map((name) => [name, field(name)])) as Record<string, fc.Arbitrary<unknown>>);
  const extra = fc.dictionary(fc.constantFrom('id', 'workspace_id', 'user_id', 'is_super_admin', 'role', 'extra', 'created_at'), hostileValue(), { maxKeys: 2 });
  return fc.oneof(
    { weight: 8, arbitrary: fc.tuple(record, extra).map(([fields, more]) => dropUndefined({ ...more, ...fields })) },
    { weight: 1, arbitrary: hostileValue() },
  );
}

function dropUndefined(value: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined));
}

// ---- Judging an answer ----------------------------------------------------------------------

/** Japanese: at least one character outside ASCII (every message of the app is Japanese). */
const NON_ASCII = /[\u0080-\uffff]/;
/** What a leaked stack, SQL error or framework default would contain. */
const LEAKS = /\bat .+\.(ts|js):\d+|node_modules|SQLITE_|syntax error|relation "|violates|FST_ERR|Internal Server Error|Bad Request|Unsupported Media Type|Payload Too Large|statusCode/;

/**
 * What is wrong with an answer, or null: never 5xx; 4xx when `mustFail`, 2xx when `mustSucceed`;
 * `status` exactly when given; every 4xx is JSON {error: Japanese text, details?: [{path, message: Japanese}]} without a
 * leaked stack, SQL error or English framework text; a 2xx JSON answer parses.
 */
export function judge(
  response: LightMyRequestResponse,
  { mustFail = false, mustSucceed = false, status }: { mustFail?: boolean; mustSucceed?: boolean; status?: number } = {},
): string | null {
  const code = response.statusCode;
  if (code >= 500) return `answered ${code}`;
  if (status !== undefined && code !== status) return `answered ${code}, expected ${status}`;
  if (mustFail && code < 400) return `accepted (${code}) what it must refuse`;
  if (mustSucceed && code >= 300) return `refused (${code}) a valid request`;
  if (code >= 300 && code < 400) return `answered a redirect ${code}`;
  const contentType = String(response.headers['content-type'] ?? '');
  if (code >= 400) {
    if (!contentType.startsWith('application/json')) return `error answer is ${contentType || 'untyped'}, not JSON`;
    let body: unknown;
    try {
      body = response.json();
    } catch {
      return 'error answer is not valid JSON';
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return 'error answer is not an object';
    const { error, details, ...rest } = body as { error?: unknown; details?: unknown };
    if (Object.keys(rest).length > 0) return `error answer has other keys: ${Object.keys(rest).join(', ')}`;
    if (typeof error !== 'string' || !NON_ASCII.test(error)) return `error is not a Japanese message: ${JSON.stringify(error)}`;
    if (details !== undefined) {
      if (!Array.isArray(details)) return 'details is not a list';
      for (const detail of details as Array<{ message?: unknown }>) {
        if (typeof detail.message !== 'string' || !NON_ASCII.test(detail.message)) return `a detail is not Japanese: ${JSON.stringify(detail)}`;
      }
    }
    if (LEAKS.test(response.body)) return 'error answer leaks internals';
    return null;
  }
  if (contentType.startsWith('application/json')) {
    try {
      response.json();
    } catch {
      return '2xx JSON answer does not parse';
    }
  }
  return null;
}

/** Shortens a value or request for a failure message. */
export function preview(value: unknown, max = 160): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  if (text === undefined) return 'undefined';
  return text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text;
}
