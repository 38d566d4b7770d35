import { WORKSPACE_LIMITS } from '@inventory/contracts/limits';
import type { CsvImportResult } from '@inventory/contracts/parts';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { storeRecipeTotals } from '../../src/domains/recipe-totals/stored-recipe-totals.ts';
import { expectStockMatchesLedger } from '../helpers/stock-invariants.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { createTag } from '../factories/tags.ts';
import { createPart, uploadCsv } from '../factories/parts.ts';
import { createProduct, setRecipe } from '../factories/products.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

// Per-workspace limits on parts, tags and products (contracts/limits.ts): at the limit a create,
// a copy or the new rows of a CSV import are refused with a Japanese message (409, or the
// import's `N行目:` rows), nothing else changes, other workspaces are not affected, and
// simultaneous requests never take a workspace past its limit. Workspaces are filled straight
// through app.db up to a few rows below the limit (products with their recipe totals stored by
// the call a product's creation makes).

const app = await createTestApp();

const PARTS_FULL = '部品は1つのワークスペースにつき最大20,000件までです';
const TAGS_FULL = 'タグは1つのワークスペースにつき最大500件までです';
const PRODUCTS_FULL = '商品は1つのワークスペースにつき最大2,000件までです';
/** Simultaneous requests in the races at the limit. */
const RACERS = 8;

const ROWS_PER_INSERT = 500;

/** A signed-in workspace holding `count` parts, tags or products (named 既存N) stored straight through app.db. */
async function workspaceWith(kind: 'parts' | 'tags' | 'products', count: number) {
  const owner = await signedInWorkspace(app);
  const now = new Date().toISOString();
  await app.db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += ROWS_PER_INSERT) {
      const names = Array.from({ length: Math.min(ROWS_PER_INSERT, count - start) }, (_, offset) => `既存${start + offset}`);
      const common = { workspace_id: owner.workspaceId, created_at: now, updated_at: now };
      if (kind === 'parts') await trx.insertInto('parts').values(names.map((name) => ({ ...common, name, unit: '個' }))).execute();
      if (kind === 'tags') await trx.insertInto('tags').values(names.map((name) => ({ ...common, name, color: '#3B82F6' }))).execute();
      if (kind === 'products') {
        const products = await trx.insertInto('products').values(names.map((name) => ({ ...common, name, selling_price_sen: null, url: null, part_number: null }))).returning('id').execute();
        await storeRecipeTotals(
          trx,
          owner.workspaceId,
          products.map((product) => product.id),
        );
      }
    }
  });
  return owner;
}

async function countOf(target: FastifyInstance, table: 'parts' | 'tags' | 'products', workspaceId: number) {
  const row = await target.db.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow();
  return Number(row.n);
}

const statusesOf = (responses: Array<{ statusCode: number }>) => responses.map((response) => response.statusCode).sort();

async function importCsv(token: string, lines: string[]): Promise<CsvImportResult> {
  const response = await uploadCsv(app, token, lines.join('\n'));
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

it('the limits are the documented ones', () => {
  expect(WORKSPACE_LIMITS).toEqual({ parts: 20_000, tags: 500, products: 2_000, salesImportFormats: 50, salesImportAliases: 10_000 });
});

describe(`parts: at most ${WORKSPACE_LIMITS.parts} per workspace`, () => {
  it(`${RACERS} simultaneous creates with room for 2: exactly 2 are created, the others answer 409 and write nothing`, async () => {
    const owner = await workspaceWith('parts', WORKSPACE_LIMITS.parts - 2);
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, n) => call(app, 'POST', '/api/parts', { token: owner.token, body: { name: `新部品${n}`, current_stock: 5 } })),
    );
    expect(statusesOf(responses)).toEqual([201, 201, ...Array(RACERS - 2).fill(409)]);
    for (const response of responses.filter((response) => response.statusCode === 409)) expect(response.json()).toEqual({ error: PARTS_FULL });
    expect(await countOf(app, 'parts', owner.workspaceId)).toBe(WORKSPACE_LIMITS.parts);
    await expectStockMatchesLedger(app, owner.workspaceId);
  });

  it('at the limit: a create is refused, an edit still works, and after a delete a create works again; other workspaces are not affected', async () => {
    const owner = await workspaceWith('parts', WORKSPACE_LIMITS.parts - 1);
    const last = await createPart(app, owner.token, { name: '最後の部品' });

    const refused = await call(app, 'POST', '/api/parts', { token: owner.token, body: { name: 'はみ出し部品' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: PARTS_FULL });
    expect(await countOf(app, 'parts', owner.workspaceId)).toBe(WORKSPACE_LIMITS.parts);

    expect((await call(app, 'PUT', `/api/parts/${last.id}`, { token: owner.token, body: { current_stock: 7 } })).statusCode).toBe(200);
    const other = await signedInWorkspace(app);
    await createPart(app, other.token);

    expect((await call(app, 'DELETE', `/api/parts/${last.id}`, { token: owner.token })).statusCode).toBe(200);
    await createPart(app, owner.token, { name: 'はみ出し部品' });
    expect(await countOf(app, 'parts', owner.workspaceId)).toBe(WORKSPACE_LIMITS.parts);
  });

  it('a CSV import creates new parts up to the limit in file order, reports the rest as N行目 with the bad rows, and still updates existing parts', async () => {
    const owner = await workspaceWith('parts', WORKSPACE_LIMITS.parts - 2);
    const result = await importCsv(owner.token, [
      '部品名,単位,現在在庫',
      '既存0,箱,4',
      '新A,個,1',
      '新B,個,2',
      '新C,個,3',
      '新D,個,x',
      '既存1,袋,6',
      '新E,個,5',
    ]);
    expect(result).toEqual({
      imported: 4,
      created: 2,
      updated: 2,
      unchanged: 0,
      errors: [`5行目: ${PARTS_FULL}`, '6行目: 現在在庫は数値で入力してください', `8行目: ${PARTS_FULL}`],
    });
    const names = (await app.db.selectFrom('parts').select(['name', 'unit', 'current_stock']).where('workspace_id', '=', owner.workspaceId).where('name', 'in', ['既存0', '既存1', '新A', '新B', '新C', '新E']).orderBy('name').execute());
    expect(names).toEqual([
      { name: '新A', unit: '個', current_stock: 1 },
      { name: '新B', unit: '個', current_stock: 2 },
      { name: '既存0', unit: '箱', current_stock: 4 },
      { name: '既存1', unit: '袋', current_stock: 6 },
    ]);
    expect(await countOf(app, 'parts', owner.workspaceId)).toBe(WORKSPACE_LIMITS.parts);
    await expectStockMatchesLedger(app, owner.workspaceId);
  });

  it('simultaneous imports and creates with room for 3 create exactly 3 parts between them', async () => {
    const owner = await workspaceWith('parts', WORKSPACE_LIMITS.parts - 3);
    const file = (prefix: string) => ['部品名,現在在庫', ...Array.from({ length: 3 }, (_, n) => `${prefix}${n},1`)].join('\n');
    const [first, second, ...creates] = await Promise.all([
      uploadCsv(app, owner.token, file('インポートA')),
      uploadCsv(app, owner.token, file('インポートB')),
      ...Array.from({ length: RACERS - 2 }, (_, n) => call(app, 'POST', '/api/parts', { token: owner.token, body: { name: `同時部品${n}` } })),
    ]);
    const imports = [first!.json() as CsvImportResult, second!.json() as CsvImportResult];
    const created = imports.reduce((sum, result) => sum + result.created, 0) + creates.filter((response) => response.statusCode === 201).length;
    expect(created).toBe(3);
    expect(imports.flatMap((result) => result.errors)).toHaveLength(6 - imports.reduce((sum, result) => sum + result.created, 0));
    for (const error of imports.flatMap((result) => result.errors)) expect(error).toMatch(new RegExp(`^[234]行目: ${PARTS_FULL}$`));
    for (const response of creates.filter((response) => response.statusCode !== 201)) expect([response.statusCode, response.json()]).toEqual([409, { error: PARTS_FULL }]);
    expect(await countOf(app, 'parts', owner.workspaceId)).toBe(WORKSPACE_LIMITS.parts);
    await expectStockMatchesLedger(app, owner.workspaceId);
  });
});

describe(`tags: at most ${WORKSPACE_LIMITS.tags} per workspace`, () => {
  it(`${RACERS} simultaneous creates with room for 2: exactly 2 are created, the others answer 409`, async () => {
    const owner = await workspaceWith('tags', WORKSPACE_LIMITS.tags - 2);
    const responses = await Promise.all(Array.from({ length: RACERS }, (_, n) => call(app, 'POST', '/api/tags', { token: owner.token, body: { name: `新タグ${n}` } })));
    expect(statusesOf(responses)).toEqual([201, 201, ...Array(RACERS - 2).fill(409)]);
    for (const response of responses.filter((response) => response.statusCode === 409)) expect(response.json()).toEqual({ error: TAGS_FULL });
    expect(await countOf(app, 'tags', owner.workspaceId)).toBe(WORKSPACE_LIMITS.tags);

    // At the limit, tags can still be renamed and linked, and another workspace can still create.
    const tag = (await call(app, 'GET', '/api/tags', { token: owner.token })).json()[0];
    expect((await call(app, 'PUT', `/api/tags/${tag.id}`, { token: owner.token, body: { name: '改名タグ' } })).statusCode).toBe(200);
    const part = await createPart(app, owner.token);
    expect((await call(app, 'POST', `/api/parts/${part.id}/tags`, { token: owner.token, body: { tag_id: tag.id } })).statusCode).toBe(201);
    await createTag(app, (await signedInWorkspace(app)).token);
  });

  it('a CSV import refuses the rows whose new tags would pass the limit, and writes the rows with existing or fitting tags', async () => {
    const owner = await workspaceWith('tags', WORKSPACE_LIMITS.tags - 2);
    const result = await importCsv(owner.token, [
      '部品名,タグ',
      '部品A,既存0;新X',
      '部品B,新X;新Y',
      '部品C,新Z',
      '部品D,既存1',
      '部品E,新Y;新W',
      '部品F,',
    ]);
    expect(result).toEqual({ imported: 4, created: 4, updated: 0, unchanged: 0, errors: [`4行目: ${TAGS_FULL}`, `6行目: ${TAGS_FULL}`] });
    expect(await countOf(app, 'tags', owner.workspaceId)).toBe(WORKSPACE_LIMITS.tags);
    const parts = await app.db.selectFrom('parts').select('name').where('workspace_id', '=', owner.workspaceId).orderBy('name').execute();
    expect(parts.map((part) => part.name)).toEqual(['部品A', '部品B', '部品D', '部品F']);
    const tags = await app.db.selectFrom('tags').select('name').where('workspace_id', '=', owner.workspaceId).where('name', 'like', '新%').orderBy('name').execute();
    expect(tags.map((tag) => tag.name)).toEqual(['新X', '新Y']);
  });
});

describe(`products: at most ${WORKSPACE_LIMITS.products} per workspace`, () => {
  it(`${RACERS} simultaneous creates and copies with room for 2: exactly 2 are made, the others answer 409`, async () => {
    const owner = await workspaceWith('products', WORKSPACE_LIMITS.products - 3);
    const source = await createProduct(app, owner.token, { name: 'ランプ' });
    await setRecipe(app, owner.token, source.id, [{ part_id: (await createPart(app, owner.token)).id, quantity_required: 2 }]);
    const responses = await Promise.all(
      Array.from({ length: RACERS }, (_, n) =>
        n % 2 === 0
          ? call(app, 'POST', '/api/products', { token: owner.token, body: { name: `新商品${n}`, current_stock: 3 } })
          : call(app, 'POST', `/api/products/${source.id}/copy`, { token: owner.token, body: { name: `ランプ (コピー${n})` } }),
      ),
    );
    expect(statusesOf(responses)).toEqual([201, 201, ...Array(RACERS - 2).fill(409)]);
    for (const response of responses.filter((response) => response.statusCode === 409)) expect(response.json()).toEqual({ error: PRODUCTS_FULL });
    expect(await countOf(app, 'products', owner.workspaceId)).toBe(WORKSPACE_LIMITS.products);
  });

  it("at the limit: create and copy are refused and change nothing; another workspace's product still answers 404; after a delete a copy works", async () => {
    const owner = await workspaceWith('products', WORKSPACE_LIMITS.products - 1);
    const source = await createProduct(app, owner.token, { name: 'ランプ' });
    const other = await signedInWorkspace(app);
    const foreign = await createProduct(app, other.token);
    const before = await app.db.selectFrom('products').selectAll().where('workspace_id', '=', owner.workspaceId).orderBy('id').execute();

    const created = await call(app, 'POST', '/api/products', { token: owner.token, body: { name: 'はみ出し' } });
    const copied = await call(app, 'POST', `/api/products/${source.id}/copy`, { token: owner.token, body: { name: 'ランプ (コピー)' } });
    expect([created.statusCode, created.json()]).toEqual([409, { error: PRODUCTS_FULL }]);
    expect([copied.statusCode, copied.json()]).toEqual([409, { error: PRODUCTS_FULL }]);
    const foreignCopy = await call(app, 'POST', `/api/products/${foreign.id}/copy`, { token: owner.token, body: { name: '他人の商品' } });
    expect([foreignCopy.statusCode, foreignCopy.json()]).toEqual([404, { error: '商品が見つかりません' }]);
    expect(await app.db.selectFrom('products').selectAll().where('workspace_id', '=', owner.workspaceId).orderBy('id').execute()).toEqual(before);
    await createProduct(app, other.token);

    const someone = before[0]!;
    expect((await call(app, 'DELETE', `/api/products/${someone.id}`, { token: owner.token })).statusCode).toBe(200);
    expect((await call(app, 'POST', `/api/products/${source.id}/copy`, { token: owner.token, body: { name: 'ランプ (コピー)' } })).statusCode).toBe(201);
    expect(await countOf(app, 'products', owner.workspaceId)).toBe(WORKSPACE_LIMITS.products);
  });
});
