import { readFileSync } from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Part } from '@inventory/contracts/parts';
import { TAG_PALETTE, type Tag } from '@inventory/contracts/tags';
import { describe, expect, it } from 'vitest';
import { signedInWorkspace } from '../factories/users.ts';
import { createTag } from '../factories/tags.ts';
import { createPart, receive, snapshotWorkspace, uploadCsv } from '../factories/parts.ts';
import { createProduct, setRecipe } from '../factories/products.ts';
import { checkStockInvariants, expectStockMatchesLedger, stockInvariantViolations } from '../helpers/stock-invariants.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

const TOO_MANY_COLUMNS = (line: number) => `CSVファイルの列が多すぎます（${line}行目）。1行は100列までです。不要な列を削除してからインポートしてください`;

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

async function importCsv(token: string, content: string | Uint8Array) {
  const response = await uploadCsv(app, token, content);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function partsByName(token: string): Promise<Map<string, Part>> {
  const parts: Part[] = (await call(app, 'GET', '/api/parts', { token })).json();
  return new Map(parts.map((part) => [part.name, part]));
}

describe('POST /api/parts/import/csv', () => {
  it('creates new parts and updates existing ones by name, booking stock as csv_import', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const existing = await createPart(app, token, { name: 'ネジ', unit: '個', unit_price: 10, current_stock: 5, min_stock_alert: 1 });
    const result = await importCsv(token, '部品名,単位,単価,現在在庫,最小在庫アラート\nネジ,本,12,8,2\nナット,個,7.25,30,4\n');
    expect(result).toEqual({ imported: 2, created: 1, updated: 1, unchanged: 0, errors: [] });

    const parts = await partsByName(token);
    expect(parts.get('ネジ')).toMatchObject({ id: existing.id, unit: '本', unit_price: 12, current_stock: 8, min_stock_alert: 2 });
    expect(parts.get('ナット')).toMatchObject({ unit: '個', unit_price: 7.25, current_stock: 30, min_stock_alert: 4, status: 'active', tag_ids: [] });
    const movements = (await snapshotWorkspace(app, workspaceId)).movements;
    expect(movements.map((row) => [row.part_id, row.kind, row.quantity_delta])).toEqual([
      [existing.id, 'initial', 5],
      [existing.id, 'csv_import', 3],
      [parts.get('ナット')!.id, 'csv_import', 30],
    ]);
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('counts rows that equal the stored part as unchanged and writes nothing for them', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const header = '部品名,単位,単価,現在在庫,最小在庫アラート,品番,カテゴリ,URL,タグ';
    const file = [header, 'ネジ,本,12.5,8,2,N-1,締結,https://example.com/n,金属;小物', 'ナット,,,0,0,,,,', '座金,個,3,4,1,,,,小物'].join('\n');
    expect(await importCsv(token, file)).toEqual({ imported: 3, created: 3, updated: 0, unchanged: 0, errors: [] });
    const before = await partsByName(token);
    const movementsBefore = (await snapshotWorkspace(app, workspaceId)).movements.length;

    expect(await importCsv(token, file)).toEqual({ imported: 3, created: 0, updated: 0, unchanged: 3, errors: [] });
    expect(await partsByName(token)).toEqual(before);
    expect((await snapshotWorkspace(app, workspaceId)).movements).toHaveLength(movementsBefore);

    // Tags in another order and empty stock cells (which keep the stored stock) change nothing either.
    const same = [header, 'ネジ,本,12.5,,,N-1,締結,https://example.com/n,小物;金属'].join('\n');
    expect(await importCsv(token, same)).toMatchObject({ updated: 0, unchanged: 1 });

    // One different field, stock or tag makes the row an update.
    const changed = [header, 'ネジ,本,12.5,9,2,N-1,締結,https://example.com/n,小物;金属', 'ナット,,,0,0,,,,小物', '座金,個,3,4,1,,部品,,小物'].join('\n');
    expect(await importCsv(token, changed)).toEqual({ imported: 3, created: 0, updated: 3, unchanged: 0, errors: [] });
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('leaves the fields of absent columns as they are, and gives new parts the defaults', async () => {
    const { token } = await signedInWorkspace(app);
    await createPart(app, token, {
      name: 'ネジ',
      unit: '個',
      unit_price: 10,
      current_stock: 5,
      min_stock_alert: 1,
      part_number: 'N-1',
      category: '締結',
      url: 'https://example.com',
    });
    // Columns in another order, only some of them, and one the import does not know.
    const result = await importCsv(token, '備考,現在在庫,部品名\n無視される,9,ネジ\nx,,新品\n');
    expect(result).toMatchObject({ created: 1, updated: 1, errors: [] });
    const parts = await partsByName(token);
    expect(parts.get('ネジ')).toMatchObject({
      unit: '個',
      unit_price: 10,
      current_stock: 9,
      min_stock_alert: 1,
      part_number: 'N-1',
      category: '締結',
      url: 'https://example.com',
    });
    expect(parts.get('新品')).toMatchObject({ unit: null, unit_price: null, current_stock: 0, min_stock_alert: 0, part_number: null });
  });

  it('an empty cell clears text and price fields but leaves stock fields unchanged (0 on create)', async () => {
    const { token } = await signedInWorkspace(app);
    const tag = await createTag(app, token);
    const part = await createPart(app, token, {
      name: 'ネジ',
      unit: '個',
      unit_price: 10,
      current_stock: 5,
      min_stock_alert: 2,
      part_number: 'N-1',
      category: '締結',
      url: 'https://example.com',
    });
    await call(app, 'POST', `/api/parts/${part.id}/tags`, { token, body: { tag_id: tag.id } });
    const result = await importCsv(token, '部品名,単位,単価,現在在庫,最小在庫アラート,品番,カテゴリ,URL,タグ\nネジ,,,,,,,,\n新品,,,,,,,,\n');
    expect(result).toMatchObject({ created: 1, updated: 1, errors: [] });
    const parts = await partsByName(token);
    expect(parts.get('ネジ')).toMatchObject({
      unit: null,
      unit_price: null,
      current_stock: 5,
      min_stock_alert: 2,
      part_number: null,
      category: null,
      url: null,
      tag_ids: [],
    });
    expect(parts.get('新品')).toMatchObject({ current_stock: 0, min_stock_alert: 0, unit_price: null });
  });

  it('reads prices and counts written the way people write them', async () => {
    const { token } = await signedInWorkspace(app);
    const rows = [
      '部品名,単価,現在在庫',
      'a,"1,200",3',
      'b,"¥1,200","1,000"',
      'c,"￥1,200",0',
      'd,1200円,0',
      'e,１２００,１０',
      'f, 1200.5 ,0',
    ];
    expect(await importCsv(token, rows.join('\n'))).toMatchObject({ imported: 6, errors: [] });
    const parts = await partsByName(token);
    expect(['a', 'b', 'c', 'd', 'e', 'f'].map((name) => [parts.get(name)!.unit_price, parts.get(name)!.current_stock])).toEqual([
      [1200, 3],
      [1200, 1000],
      [1200, 0],
      [1200, 0],
      [1200, 10],
      [1200.5, 0],
    ]);
  });

  it('reports bad rows as `N行目: reason` (the header is line 1) and imports the good ones', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const rows = [
      '部品名,単位,単価,現在在庫,最小在庫アラート,URL,タグ',
      '良い部品,個,10,1,0,,',
      ',個,10,1,0,,',
      '負の在庫,個,10,-1,0,,',
      '文字の単価,個,高い,1,0,,',
      '細かすぎる単価,個,1.234,1,0,,',
      '小数の在庫,個,1,1.5,0,,',
      `長い単位,${'あ'.repeat(21)},1,1,0,,`,
      '悪いURL,個,1,1,0,javascript:alert(1),',
      `長いタグ,個,1,1,0,,${'タ'.repeat(51)}`,
      '',
      '二つの誤り,個,-1,x,0,,',
      '良い部品,個,99,99,0,,',
      '別の良い部品,個,20,2,0,,',
    ];
    const result = await importCsv(token, rows.join('\r\n'));
    expect(result).toEqual({
      imported: 2,
      created: 2,
      updated: 0,
      unchanged: 0,
      errors: [
        '3行目: 部品名は必須です',
        '4行目: 現在在庫は0以上で入力してください',
        '5行目: 単価は数値で入力してください',
        '6行目: 単価は小数第2位までで入力してください',
        '7行目: 現在在庫は整数で入力してください',
        '8行目: 単位は20文字以内で入力してください',
        '9行目: URLはhttp://またはhttps://で始まる正しい形式で入力してください',
        '10行目: タグ名は50文字以内で入力してください',
        '12行目: 単価は0以上で入力してください、現在在庫は数値で入力してください',
        '13行目: 部品名「良い部品」は2行目と重複しています',
      ],
    });
    const parts = await partsByName(token);
    expect([...parts.keys()].sort()).toEqual(['別の良い部品', '良い部品']);
    expect(parts.get('良い部品')).toMatchObject({ unit_price: 10, current_stock: 1 });
    expect((await snapshotWorkspace(app, workspaceId)).tags).toEqual([]);
  });

  it('answers only errors when no row is good, and writes nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    expect(await importCsv(token, '部品名,現在在庫\n,1\nx,-1\n')).toEqual({
      imported: 0,
      created: 0,
      updated: 0,
      unchanged: 0,
      errors: ['2行目: 部品名は必須です', '3行目: 現在在庫は0以上で入力してください'],
    });
    expect(await importCsv(token, '部品名,現在在庫\n')).toEqual({ imported: 0, created: 0, updated: 0, unchanged: 0, errors: [] });
    expect((await snapshotWorkspace(app, workspaceId)).parts).toEqual([]);
  });

  it('links tags by name, creating the missing ones with unused palette colours', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const existing = await createTag(app, token, { name: '既存', color: '#EF4444' });
    const part = await createPart(app, token, { name: '既存部品' });
    const stale = await createTag(app, token, { name: '外れる', color: '#F59E0B' });
    await call(app, 'POST', `/api/parts/${part.id}/tags`, { token, body: { tag_id: stale.id } });

    const result = await importCsv(token, '部品名,タグ\n既存部品,既存; 新規A ;;新規A\n新しい部品,新規B;既存\nタグなし,\n');
    expect(result).toMatchObject({ imported: 3, errors: [] });
    const tags: Tag[] = (await call(app, 'GET', '/api/tags', { token })).json();
    const byName = new Map(tags.map((tag) => [tag.name, tag]));
    expect([...byName.keys()].sort()).toEqual(['外れる', '新規A', '新規B', '既存'].sort());
    const newColors = [byName.get('新規A')!.color, byName.get('新規B')!.color];
    for (const color of newColors) {
      expect(TAG_PALETTE).toContain(color);
      expect(['#EF4444', '#F59E0B']).not.toContain(color);
    }
    expect(newColors[0]).not.toBe(newColors[1]);

    const parts = await partsByName(token);
    expect(parts.get('既存部品')!.tag_ids).toEqual([existing.id, byName.get('新規A')!.id]);
    expect(parts.get('新しい部品')!.tag_ids).toEqual([existing.id, byName.get('新規B')!.id].sort((a, b) => a - b));
    expect(parts.get('タグなし')!.tag_ids).toEqual([]);
    expect(byName.get('外れる')!.part_count).toBe(0);
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('takes off the apostrophe the export puts before formula characters', async () => {
    const { token } = await signedInWorkspace(app);
    await importCsv(token, "部品名,品番\n'=SUM(A1),'-001\n'普通,'abc\n");
    const parts = await partsByName(token);
    expect(parts.get('=SUM(A1)')?.part_number).toBe('-001');
    expect(parts.get("'普通")?.part_number).toBe("'abc");
  });

  it('reads UTF-8 with a BOM (quoted cells, commas, doubled quotes)', async () => {
    const { token } = await signedInWorkspace(app);
    const result = await importCsv(token, fixture('parts-utf8-bom.csv'));
    expect(result).toEqual({ imported: 3, created: 3, updated: 0, unchanged: 0, errors: [] });
    const parts = await partsByName(token);
    expect(parts.get('LED 赤 5mm')).toMatchObject({
      unit: '個',
      unit_price: 15,
      current_stock: 200,
      min_stock_alert: 50,
      part_number: 'LED-R5',
      category: '電子部品',
      url: 'https://example.com/led',
    });
    expect(parts.get('LED 赤 5mm')!.tag_ids).toHaveLength(2);
    expect(parts.get('ケーブル, 1m')).toMatchObject({ unit: '本', unit_price: 300, current_stock: 12, category: '配線', tag_ids: [] });
    expect(parts.get('説明に"引用"付き')).toMatchObject({ current_stock: 3, min_stock_alert: 0 });
  });

  it('reads a Shift_JIS file saved by Excel (CP932 characters, 0x5C trail bytes, ¥ prices)', async () => {
    const { token } = await signedInWorkspace(app);
    const bytes = fixture('parts-excel-shift-jis.csv');
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const result = await importCsv(token, bytes);
    expect(result).toEqual({ imported: 4, created: 4, updated: 0, unchanged: 0, errors: [] });
    const parts = await partsByName(token);
    expect(parts.get('ｶﾞｲﾄﾞﾚｰﾙ')).toMatchObject({ unit: '本', unit_price: 1200, current_stock: 10, min_stock_alert: 5 });
    expect(parts.get('㈱特注ネジ①')).toMatchObject({ unit: '個', unit_price: 12.5, current_stock: 100, min_stock_alert: 20 });
    expect(parts.get('表示器')).toMatchObject({ unit: '台', unit_price: null, current_stock: 0, min_stock_alert: 1 });
    expect(parts.get('ソケット')).toMatchObject({ unit_price: 80, current_stock: 1500 });
  });

  it("never touches another workspace's part of the same name", async () => {
    const { token } = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    await createPart(app, other.token, { name: '共通名', current_stock: 4 });
    const before = await snapshotWorkspace(app, other.workspaceId);
    expect(await importCsv(token, '部品名,現在在庫\n共通名,50\n')).toMatchObject({ created: 1, updated: 0 });
    expect(await snapshotWorkspace(app, other.workspaceId)).toEqual(before);
  });

  describe('refuses files it cannot read with 400 and a Japanese message, changing nothing', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const cases: Array<[string, string | Uint8Array, string]> = [
      ['an empty file', '', 'CSVファイルが空です'],
      ['a file with only a BOM and blank lines', '\uFEFF\r\n\r\n', 'CSVファイルが空です'],
      ['a file without the 部品名 header', '名前,単位\nネジ,個\n', 'CSVファイルの1行目（見出し行）に「部品名」の列がありません'],
      ['a header without 部品名 but the data has it', 'ネジ,個\n部品名,単位\n', 'CSVファイルの1行目（見出し行）に「部品名」の列がありません'],
      ['a repeated column', '部品名,単位,単位\nネジ,個,本\n', '見出し行に「単位」の列が重複しています'],
      ['a binary file', png, 'CSVファイルを読み取れません。UTF-8またはShift_JISで保存したCSVファイルを選択してください'],
      ['an unclosed quote', '部品名,単位\n"ネジ,個\n', 'CSVファイルの形式が正しくありません（2行目付近）'],
      ['a header of 101 columns', `部品名${',列'.repeat(100)}\nネジ\n`, TOO_MANY_COLUMNS(1)],
      ['a row of 101 cells', `部品名,単位\nボルト,個\nネジ${',x'.repeat(100)}\n`, TOO_MANY_COLUMNS(3)],
      ['a row of 101 cells whose last ones are quoted', `部品名,単位\nネジ${',x'.repeat(99)},"a,b",c\n`, TOO_MANY_COLUMNS(2)],
      ['a row over 100,000 characters', `部品名,備考\nネジ,${'x'.repeat(100_000)}\n`, 'CSVファイルの2行目が長すぎます。1行は100,000文字までです'],
    ];
    it.each(cases)('%s', async (_case, content, message) => {
      const { token, workspaceId } = await signedInWorkspace(app);
      await createPart(app, token, { name: 'ネジ' });
      const before = await snapshotWorkspace(app, workspaceId);
      const response = await uploadCsv(app, token, content);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: message });
      expect(await snapshotWorkspace(app, workspaceId)).toEqual(before);
    });
  });

  it('reads rows of 100 cells', async () => {
    const { token } = await signedInWorkspace(app);
    const extra = Array.from({ length: 98 }, (_, index) => `列${index}`);
    const content = `部品名,単位,${extra.join(',')}\nネジ,個,${extra.map(() => 'x').join(',')}\n`;
    expect(await importCsv(token, content)).toMatchObject({ imported: 1, errors: [] });
  });

  it('refuses a 10 MB header of 5 million empty cells while parsing, without seconds of work', async () => {
    const { token } = await signedInWorkspace(app);
    const content = `部品名${','.repeat(5_000_000)}\nネジ\n`;
    const cpu = process.cpuUsage();
    const response = await uploadCsv(app, token, content);
    const { user, system } = process.cpuUsage(cpu);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: TOO_MANY_COLUMNS(1) });
    // Parsed and checked whole, the file took 2 to 7 s of CPU; refused at its 101st cell, the
    // upload itself is most of the work.
    expect((user + system) / 1000).toBeLessThan(1000);
    expect((await call(app, 'GET', '/api/parts', { token })).json()).toEqual([]);
  });

  it('asks for the file when the request carries none', async () => {
    const { token } = await signedInWorkspace(app);
    const wrongField = await uploadCsv(app, token, '部品名\nネジ\n', { field: 'file' });
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json()).toEqual({ error: 'CSVファイルを選択してください' });
    const json = await call(app, 'POST', '/api/parts/import/csv', { token, body: { csv: '部品名\nネジ' } });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: 'CSVファイルを選択してください' });
    const noBody = await call(app, 'POST', '/api/parts/import/csv', { token });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json()).toEqual({ error: 'CSVファイルを選択してください' });
    expect((await uploadCsv(app, undefined, '部品名\nネジ\n')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/api/parts', { token })).json()).toEqual([]);
  });

  it('refuses two files at once, the second also named csv or not, and imports neither', async () => {
    const { token } = await signedInWorkspace(app);
    for (const secondField of ['csv', 'other']) {
      const form = new FormData();
      form.append('csv', new Blob(['部品名\nネジ\n'], { type: 'text/csv' }), 'first.csv');
      form.append(secondField, new Blob(['部品名\nボルト\n'], { type: 'text/csv' }), 'second.csv');
      // The browser's own encoding of the form.
      const encoded = new Request('http://localhost/', { method: 'POST', body: form });
      const response = await app.inject({
        method: 'POST',
        url: '/api/parts/import/csv',
        payload: Buffer.from(await encoded.arrayBuffer()),
        headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')! },
      });
      expect(response.statusCode, secondField).toBe(400);
      expect(response.json()).toEqual({ error: 'CSVファイルは1回に1つずつインポートしてください' });
    }
    expect((await call(app, 'GET', '/api/parts', { token })).json()).toEqual([]);
  });

  it('answers 400 with a Japanese message for multipart without a boundary or with a truncated body', async () => {
    const { token } = await signedInWorkspace(app);
    const auth = { authorization: `Bearer ${token}` };
    const noBoundary = await app.inject({
      method: 'POST',
      url: '/api/parts/import/csv',
      payload: '部品名\nネジ\n',
      headers: { ...auth, 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
    expect(noBoundary.json()).toEqual({ error: 'CSVファイルを読み取れませんでした。ファイルを選択し直してもう一度インポートしてください' });
    const boundary = '----truncated';
    const truncated = await app.inject({
      method: 'POST',
      url: '/api/parts/import/csv',
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="parts.csv"\r\nContent-Type: text/csv\r\n\r\n部品名\nネジ\n`,
      headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(truncated.statusCode, truncated.body).toBe(400);
    expect(truncated.json()).toEqual({ error: 'CSVファイルを読み取れませんでした。ファイルを選択し直してもう一度インポートしてください' });
    expect((await call(app, 'GET', '/api/parts', { token })).json()).toEqual([]);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const { token } = await signedInWorkspace(app);
    const big = `部品名,単位\n${'ネジ,個\n'.repeat(1_100_000)}`;
    expect(Buffer.byteLength(big)).toBeGreaterThan(10 * 1024 * 1024);
    const response = await uploadCsv(app, token, big);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'CSVファイルが大きすぎます（10MBまで）' });
    expect((await call(app, 'GET', '/api/parts', { token })).json()).toEqual([]);
  });

  it('accepts a file over the JSON body limit (1 MB)', async () => {
    const { token } = await signedInWorkspace(app);
    const rows = Array.from({ length: 2_000 }, (_, index) => `部品${index},個,${'長い説明'.repeat(50)}`);
    const content = `部品名,単位,備考\n${rows.join('\n')}\n`;
    expect(Buffer.byteLength(content)).toBeGreaterThan(1024 * 1024);
    expect(await importCsv(token, content)).toMatchObject({ imported: 2_000, errors: [] });
  });
});

describe('CSV import under concurrency', () => {
  it('simultaneous imports of overlapping files create each name once and keep stock equal to the ledger', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    await createPart(app, token, { name: '共有', current_stock: 1 });
    const files = Array.from({ length: 6 }, (_, index) =>
      ['部品名,現在在庫,タグ', `共有,${10 + index},共通タグ`, `新規A,${index},共通タグ;タグ${index}`, `個別${index},1,`].join('\n'),
    );
    const responses = await Promise.all(files.map((file) => uploadCsv(app, token, file)));
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ imported: 3, errors: [] });
    }
    const parts = await partsByName(token);
    expect([...parts.keys()].sort()).toEqual(['共有', '新規A', ...files.map((_, index) => `個別${index}`)].sort());
    expect(responses.reduce((sum, response) => sum + response.json().created, 0)).toBe(7);
    const tags: Tag[] = (await call(app, 'GET', '/api/tags', { token })).json();
    expect(tags.filter((tag) => tag.name === '共通タグ')).toHaveLength(1);
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('an import and simultaneous receipts on the same part lose no movement', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { name: '競合', current_stock: 10 });
    const responses = await Promise.all([
      ...Array.from({ length: 10 }, () => receive(app, token, part.id, 1)),
      uploadCsv(app, token, '部品名,現在在庫\n競合,100\n'),
      ...Array.from({ length: 10 }, () => receive(app, token, part.id, 1)),
    ]);
    expect(responses.map((response) => response.statusCode).filter((status) => status >= 300)).toEqual([]);
    await expectStockMatchesLedger(app, workspaceId);
    const stock = (await call(app, 'GET', `/api/parts/${part.id}`, { token })).json().current_stock;
    // The import sets 100 at some point; the receipts after it add on top, none is lost.
    expect(stock).toBeGreaterThanOrEqual(100);
    expect(stock).toBeLessThanOrEqual(120);
  });
});

describe('CSV import and stored capacities', () => {
  it('leaves the capacity of every product using the imported parts stored and right, across chunks', async () => {
    const owner = await signedInWorkspace(app);
    // 600 parts: two chunks of the import; the product uses one part of each.
    const header = '部品名,現在在庫\n';
    await importCsv(owner.token, header + Array.from({ length: 600 }, (_, index) => `容量部品${index},10`).join('\n'));
    const parts = await partsByName(owner.token);
    const product = await createProduct(app, owner.token);
    await setRecipe(app, owner.token, product.id, [
      { part_id: parts.get('容量部品1')!.id, quantity_required: 2 },
      { part_id: parts.get('容量部品599')!.id, quantity_required: 1 },
    ]);
    const untouched = await createProduct(app, owner.token);
    await setRecipe(app, owner.token, untouched.id, [{ part_id: parts.get('容量部品300')!.id, quantity_required: 1 }]);

    await importCsv(owner.token, `${header}容量部品1,7\n${Array.from({ length: 597 }, (_, index) => `新部品${index},1`).join('\n')}\n容量部品599,2\n`);

    const stored = await app.db.selectFrom('product_recipe_totals').select('product_id').where('workspace_id', '=', owner.workspaceId).orderBy('product_id').execute();
    expect(stored.map((row) => row.product_id)).toEqual([product.id, untouched.id]);
    const capacity = (await call(app, 'GET', `/api/manufacturing/capacity/${product.id}`, { token: owner.token })).json();
    expect(capacity).toMatchObject({ max_manufacturable: 2, limiting_parts: [{ part_name: '容量部品599', current_stock: 2 }] });
    await checkStockInvariants(app.db, owner.workspaceId);
  });
  it('keeps every stored capacity right at each commit, between its chunks too', async () => {
    const owner = await signedInWorkspace(app);
    const header = '部品名,現在在庫\n';
    const names = Array.from({ length: 2_000 }, (_, index) => `途中部品${index}`);
    await importCsv(owner.token, header + names.map((name) => `${name},10`).join('\n'));
    const parts = await partsByName(owner.token);
    // One product per chunk of the import, using a part of that chunk.
    for (const index of [0, 600, 1_200, 1_800]) {
      const product = await createProduct(app, owner.token);
      await setRecipe(app, owner.token, product.id, [{ part_id: parts.get(names[index]!)!.id, quantity_required: 1 }]);
    }

    const importing = importCsv(owner.token, header + names.map((name) => `${name},20`).join('\n'));
    let done = false;
    void importing.finally(() => (done = true));
    const problems = new Set<string>();
    let checks = 0;
    while (!done) {
      for (const problem of await stockInvariantViolations(app.db, owner.workspaceId)) problems.add(problem);
      checks += 1;
      // On SQLite the check can answer without the event loop turning; the import waits for a turn between chunks.
      await nextTurn();
    }
    await importing;
    expect(checks).toBeGreaterThan(1);
    expect([...problems]).toEqual([]);
  });
});

describe('CSV import of 10,000 rows', () => {
  it('creates them, then updates them all from a second file, and counts a third, equal file as unchanged', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const header = '部品名,単位,単価,現在在庫,最小在庫アラート,品番,カテゴリ,URL,タグ';
    const rows = (price: number) =>
      Array.from(
        { length: 10_000 },
        (_, index) => `部品${index},個,${price + index / 100},${index % 50},5,P-${index},cat${index % 7},https://example.com/${index},t${index % 3}`,
      );
    const created = await importCsv(token, [header, ...rows(1)].join('\n'));
    expect(created).toEqual({ imported: 10_000, created: 10_000, updated: 0, unchanged: 0, errors: [] });
    const updated = await importCsv(token, [header, ...rows(2)].join('\n'));
    expect(updated).toEqual({ imported: 10_000, created: 0, updated: 10_000, unchanged: 0, errors: [] });
    const again = await importCsv(token, [header, ...rows(2)].join('\n'));
    expect(again).toEqual({ imported: 10_000, created: 0, updated: 0, unchanged: 10_000, errors: [] });

    const parts: Part[] = (await call(app, 'GET', '/api/parts', { token })).json();
    expect(parts).toHaveLength(10_000);
    const sample = parts.find((part) => part.name === '部品1234')!;
    expect(sample).toMatchObject({ unit_price: 14.34, current_stock: 34, min_stock_alert: 5, part_number: 'P-1234', category: 'cat2' });
    expect(sample.tag_ids).toHaveLength(1);
    expect((await call(app, 'GET', '/api/tags', { token })).json()).toHaveLength(3);
    await expectStockMatchesLedger(app, workspaceId);
  }, 60_000);
});
