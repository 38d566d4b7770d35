import { parse } from 'csv-parse/sync';
import type { Part } from '@inventory/contracts/parts';
import type { Tag } from '@inventory/contracts/tags';
import { STOCK_MAX } from '@inventory/contracts/fields';
import { describe, expect, it } from 'vitest';
import { signedInWorkspace } from '../factories/users.ts';
import { createTag } from '../factories/tags.ts';
import { createPart, snapshotWorkspace, uploadCsv } from '../factories/parts.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

const HEADER = ['部品名', '単位', '単価', '現在在庫', '最小在庫アラート', 'バーコード', '品番', 'カテゴリ', 'URL', 'タグ'];

const localToday = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
};

async function exportCsv(token: string) {
  const response = await call(app, 'GET', '/api/parts/export/csv', { token });
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

const link = (token: string, partId: number, tagId: number) => call(app, 'POST', `/api/parts/${partId}/tags`, { token, body: { tag_id: tagId } });

describe('GET /api/parts/export/csv', () => {
  it('answers a UTF-8 CSV with BOM, the template and extra columns, named parts_{today}.csv', async () => {
    const { token } = await signedInWorkspace(app);
    const led = await createPart(app, token, {
      name: 'LED 赤',
      unit: '個',
      unit_price: 12.5,
      current_stock: 200,
      min_stock_alert: 50,
      part_number: 'LED-R',
      category: '電子部品',
      url: 'https://example.com/led?a=1,2',
    });
    await createPart(app, token, { name: 'ケーブル, "太"' });
    await link(token, led.id, (await createTag(app, token, { name: '光' })).id);
    await link(token, led.id, (await createTag(app, token, { name: '電子' })).id);

    const response = await exportCsv(token);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="parts_${localToday()}.csv"`);
    expect([...response.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(response.body).toBe(
      '\uFEFF部品名,単位,単価,現在在庫,最小在庫アラート,バーコード,品番,カテゴリ,URL,タグ\r\n' +
        'LED 赤,個,12.5,200,50,,LED-R,電子部品,"https://example.com/led?a=1,2",光;電子\r\n' +
        '"ケーブル, ""太""",,,0,0,,,,,\r\n',
    );
  });

  it('answers just the header for a workspace without parts, and needs a session', async () => {
    const { token } = await signedInWorkspace(app);
    expect((await exportCsv(token)).body).toBe(`\uFEFF${HEADER.join(',')}\r\n`);
    expect((await call(app, 'GET', '/api/parts/export/csv')).statusCode).toBe(401);
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const names = ['=SUM(A1:A9)', '+81-3-1234', '-5V レギュレータ', '@cmd', '\t先頭タブ', '\r先頭CR', "'引用符", '普通=の名前'];
    // Stored directly: the API trims names, so leading tabs and CRs only arrive through old data.
    const now = new Date().toISOString();
    await app.db
      .insertInto('parts')
      .values(names.map((name) => ({ workspace_id: workspaceId, name, category: '=HYPERLINK("http://evil")', created_at: now, updated_at: now })))
      .execute();
    const rows: string[][] = parse((await exportCsv(token)).body, { bom: true });
    expect(rows.slice(1).map((row) => row[0])).toEqual([
      "'=SUM(A1:A9)",
      "'+81-3-1234",
      "'-5V レギュレータ",
      "'@cmd",
      "'\t先頭タブ",
      "'\r先頭CR",
      "'引用符",
      '普通=の名前',
    ]);
    expect(new Set(rows.slice(1).map((row) => row[7]))).toEqual(new Set(['\'=HYPERLINK("http://evil")']));
  });

  it('round trip: export, import into an empty workspace, and get the same parts and tags', async () => {
    const source = await signedInWorkspace(app);
    const red = await createTag(app, source.token, { name: '赤' });
    const blue = await createTag(app, source.token, { name: '青' });
    const first = await createPart(app, source.token, {
      name: '=危険な名前',
      unit: '本',
      unit_price: 1234.56,
      current_stock: 7,
      min_stock_alert: 3,
      part_number: '-001',
      category: 'カテゴリ,カンマ',
      url: 'https://example.com/a',
      barcode: '4901234567894',
    });
    const second = await createPart(app, source.token, { name: '改行\nを含む名前', unit_price: 0 });
    await createPart(app, source.token, { name: 'タグなし' });
    await link(source.token, first.id, blue.id);
    await link(source.token, first.id, red.id);
    await link(source.token, second.id, red.id);
    const exported = (await exportCsv(source.token)).rawPayload;

    const target = await signedInWorkspace(app);
    const imported = await uploadCsv(app, target.token, exported);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: 3, created: 3, updated: 0, unchanged: 0, errors: [] });

    const comparable = async (token: string) => {
      const parts: Part[] = (await call(app, 'GET', '/api/parts', { token })).json();
      const tags: Tag[] = (await call(app, 'GET', '/api/tags', { token })).json();
      const tagName = new Map(tags.map((tag) => [tag.id, tag.name]));
      return parts
        .map(({ id: _id, created_at: _c, updated_at: _u, tag_ids, ...fields }) => ({
          ...fields,
          tags: tag_ids.map((tagId) => tagName.get(tagId)).sort(),
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    };
    expect(await comparable(target.token)).toEqual(await comparable(source.token));

    // Importing the export back into its own workspace finds every part unchanged and changes nothing.
    const before = await snapshotWorkspace(app, source.workspaceId);
    const again = await uploadCsv(app, source.token, exported);
    expect(again.json()).toEqual({ imported: 3, created: 0, updated: 0, unchanged: 3, errors: [] });
    const after = await snapshotWorkspace(app, source.workspaceId);
    expect(after.movements).toEqual(before.movements);
    expect(after.links).toEqual(before.links);
    expect(after.parts.map(({ updated_at: _u, ...part }) => part)).toEqual(before.parts.map(({ updated_at: _u, ...part }) => part));
  });

  it('round trip with an edit: a cell changed in the exported file changes only that field', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { name: 'ワッシャー', unit: '枚', unit_price: 5, current_stock: 100, min_stock_alert: 10 });
    const text = (await exportCsv(token)).body.replace('ワッシャー,枚,5,100,10', 'ワッシャー,枚,6.5,80,10');
    const response = await uploadCsv(app, token, text);
    expect(response.json()).toEqual({ imported: 1, created: 0, updated: 1, unchanged: 0, errors: [] });
    expect((await call(app, 'GET', `/api/parts/${part.id}`, { token })).json()).toMatchObject({
      unit: '枚',
      unit_price: 6.5,
      current_stock: 80,
      min_stock_alert: 10,
    });
    const movements = (await snapshotWorkspace(app, workspaceId)).movements;
    expect(movements.map((row) => [row.kind, row.quantity_delta, row.balance_after])).toEqual([
      ['initial', 100, 100],
      ['csv_import', -20, 80],
    ]);
  });
});

/** The parts of a workspace as the API shows them, with tag names instead of ids, by name. */
async function comparableParts(token: string) {
  const parts: Part[] = (await call(app, 'GET', '/api/parts', { token })).json();
  const tags: Tag[] = (await call(app, 'GET', '/api/tags', { token })).json();
  const tagName = new Map(tags.map((tag) => [tag.id, tag.name]));
  return parts
    .map(({ id: _id, created_at: _c, updated_at: _u, tag_ids, ...fields }) => ({ ...fields, tags: tag_ids.map((tagId) => tagName.get(tagId)).sort() }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

describe('CSV export of texts with line breaks, full-width signs and apostrophes', () => {
  it('quotes a cell with a bare LF or CR and neutralises a formula after the line break', async () => {
    const { token } = await signedInWorkspace(app);
    await createPart(app, token, { name: 'a\n=1+1', category: 'b\r@SUM(A1)', part_number: 'c\r\n-2' });
    await createPart(app, token, { name: '＝全角', unit: '＋', category: '－1', part_number: '＠x' });
    const body = (await exportCsv(token)).body;
    expect(body).toContain(`"a\n'=1+1"`);
    expect(body).toContain(`"b\r'@SUM(A1)"`);
    expect(body).toContain(`"c\r\n'-2"`);
    expect(body).toContain(`'＝全角,'＋,`);
    expect(body).toContain(`,'＠x,'－1,`);
    // Read as a spreadsheet would: two rows after the header, no line of the file starts a formula.
    const rows: string[][] = parse(body, { bom: true });
    expect(rows).toHaveLength(3);
    expect(body.split(/\r\n|\r|\n/).filter((line) => /^[=+\-@＝＋－＠]/.test(line))).toEqual([]);
  });

  it('round trip of nasty texts: export, import into an empty workspace and back into itself, lossless and without errors', async () => {
    const names = [
      "'先頭アポストロフィ",
      "'=SUM(1,2)",
      "''@二重",
      '=1+1',
      '+81-3',
      '-5V',
      '@cmd',
      '＝全角イコール',
      '＋全角プラス',
      '－全角マイナス',
      '＠全角アット',
      'タブ\t入り',
      '改行\n=1+1',
      'CR\r+1',
      'CRLF\r\n@x',
      "改行\n'=後ろ",
      '空行\n\n-1',
      'ダブル"クォート"',
      'カンマ,入り',
      '絵文字🔩😀',
    ];
    const source = await signedInWorkspace(app);
    const tags = [await createTag(app, source.token, { name: '=タグ' }), await createTag(app, source.token, { name: "'引用\n＋改行" })];
    for (const [index, name] of names.entries()) {
      const part = await createPart(app, source.token, {
        name,
        unit: index % 2 ? '＠' : "'個",
        unit_price: index % 3 ? 0.01 : null,
        current_stock: index === 0 ? STOCK_MAX : index,
        min_stock_alert: index,
        part_number: index % 2 ? `-${index}` : null,
        category: `${name}\tカテゴリ`,
        url: index % 2 ? `https://example.com/${index}?a=1,2` : null,
      });
      if (index % 2) await link(source.token, part.id, tags[index % 4 === 1 ? 0 : 1]!.id);
    }
    const exported = (await exportCsv(source.token)).rawPayload;

    const target = await signedInWorkspace(app);
    const imported = await uploadCsv(app, target.token, exported);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ imported: names.length, created: names.length, updated: 0, unchanged: 0, errors: [] });
    expect(await comparableParts(target.token)).toEqual(await comparableParts(source.token));

    const before = await snapshotWorkspace(app, source.workspaceId);
    const again = await uploadCsv(app, source.token, exported);
    expect(again.json()).toEqual({ imported: names.length, created: 0, updated: 0, unchanged: names.length, errors: [] });
    const after = await snapshotWorkspace(app, source.workspaceId);
    expect(after.movements).toEqual(before.movements);
    expect(after.links).toEqual(before.links);
    expect(after.parts.map(({ updated_at: _u, ...part }) => part)).toEqual(before.parts.map(({ updated_at: _u, ...part }) => part));
  });
});
