import { describe, expect, it } from 'vitest';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart, snapshotWorkspace, uploadCsv } from '../factories/parts.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

// The optional barcode of parts and products: one item per barcode in a workspace, across both
// tables; the parts CSV reads and writes it as the column バーコード.

const app = await createTestApp();

const createProduct = async (token: string, body: Record<string, unknown>) => call(app, 'POST', '/api/products', { token, body: { name: `商品-${Math.random()}`, ...body } });

describe('barcode of parts and products', () => {
  it('is stored, trimmed, cleared with an empty value, and answered by every read', async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token, { barcode: ' 4901234567894 ' });
    expect(part.barcode).toBe('4901234567894');
    const list = (await call(app, 'GET', '/api/parts', { token })).json();
    expect(list[0].barcode).toBe('4901234567894');
    const cleared = await call(app, 'PUT', `/api/parts/${part.id}`, { token, body: { barcode: '' } });
    expect(cleared.json().barcode).toBeNull();

    const product = await createProduct(token, { barcode: 'ABC-128' });
    expect(product.statusCode, product.body).toBe(201);
    expect(product.json().barcode).toBe('ABC-128');
    expect((await call(app, 'GET', '/api/products', { token })).json()[0].barcode).toBe('ABC-128');
  });

  it('refuses a barcode held by another part or product of the workspace with 409 naming it, changing nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const holder = await createPart(app, token, { name: '抵抗 10kΩ', barcode: '4901234567894' });
    const other = await createPart(app, token, { name: 'LED 赤' });
    const before = await snapshotWorkspace(app, workspaceId);

    const create = await call(app, 'POST', '/api/parts', { token, body: { name: '別の部品', barcode: '4901234567894' } });
    expect(create.statusCode).toBe(409);
    expect(create.json().error).toBe('このバーコードは部品「抵抗 10kΩ」で使われています');
    const update = await call(app, 'PUT', `/api/parts/${other.id}`, { token, body: { barcode: '4901234567894', min_stock_alert: 4 } });
    expect(update.statusCode).toBe(409);
    const product = await createProduct(token, { barcode: '4901234567894' });
    expect(product.statusCode).toBe(409);
    expect(product.json().error).toBe('このバーコードは部品「抵抗 10kΩ」で使われています');
    expect(await snapshotWorkspace(app, workspaceId)).toEqual(before);

    // The holder keeps its own barcode through an edit.
    expect((await call(app, 'PUT', `/api/parts/${holder.id}`, { token, body: { barcode: '4901234567894', unit: '個' } })).statusCode).toBe(200);

    const held = await createProduct(token, { name: 'キット', barcode: 'KIT-1' });
    const onPart = await call(app, 'PUT', `/api/parts/${other.id}`, { token, body: { barcode: 'KIT-1' } });
    expect(onPart.statusCode).toBe(409);
    expect(onPart.json().error).toBe('このバーコードは商品「キット」で使われています');
    expect((await call(app, 'PUT', `/api/products/${held.json().id}`, { token, body: { barcode: 'KIT-1' } })).statusCode).toBe(200);
  });

  it('lets another workspace use the same barcode', async () => {
    const first = await signedInWorkspace(app);
    const second = await signedInWorkspace(app);
    await createPart(app, first.token, { barcode: 'SAME-1' });
    await createPart(app, second.token, { barcode: 'SAME-1' });
  });

  it('gives the barcode to one of many simultaneous requests for it', async () => {
    const { token } = await signedInWorkspace(app);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        index % 2 === 0
          ? call(app, 'POST', '/api/parts', { token, body: { name: `同時-${index}`, barcode: 'RACE-1' } })
          : createProduct(token, { barcode: 'RACE-1' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, ...Array(11).fill(409)]);
  });

  it('refuses a barcode that is not printable ASCII or too long with 400', async () => {
    const { token } = await signedInWorkspace(app);
    for (const barcode of ['全角１２３', 'with space', 'x'.repeat(65), 12345]) {
      const answer = await call(app, 'POST', '/api/parts', { token, body: { name: `不正-${String(barcode).slice(0, 5)}`, barcode } });
      expect(answer.statusCode, String(barcode)).toBe(400);
      expect(answer.json().error).toMatch(/バーコード/);
    }
  });

  it('does not copy the barcode with a product', async () => {
    const { token } = await signedInWorkspace(app);
    const product = (await createProduct(token, { barcode: 'COPY-1' })).json();
    const copy = await call(app, 'POST', `/api/products/${product.id}/copy`, { token, body: { name: 'コピー品' } });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json().barcode).toBeNull();
  });
});

describe('parts CSV column バーコード', () => {
  it('imports the column after the template five, exports it there, and refuses taken or repeated barcodes per row', async () => {
    const { token } = await signedInWorkspace(app);
    await createProduct(token, { name: '完成品', barcode: 'PRODUCT-1' });
    await createPart(app, token, { name: '既存', barcode: 'OLD-1' });
    const csv = [
      '部品名,単位,単価,現在在庫,最小在庫アラート,バーコード',
      '新しい部品,個,10,5,1,4901234567894',
      '既存,,,,,OLD-2',
      '奪う部品,,,,,PRODUCT-1',
      '重複,,,,,4901234567894',
      '全角,,,,,１２３',
      '空欄,,,,,',
    ].join('\n');
    const answer = await uploadCsv(app, token, csv);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({
      created: 2,
      updated: 1,
      errors: [
        '4行目: このバーコードは商品「完成品」で使われています',
        '5行目: バーコード「4901234567894」は2行目と重複しています',
        '6行目: バーコードは半角の英数字と記号で64文字以内で入力してください',
      ],
    });
    const parts = (await call(app, 'GET', '/api/parts', { token })).json() as Array<{ name: string; barcode: string | null }>;
    expect(Object.fromEntries(parts.map((part) => [part.name, part.barcode]))).toEqual({ 既存: 'OLD-2', 新しい部品: '4901234567894', 空欄: null });

    const exported = await call(app, 'GET', '/api/parts/export/csv', { token });
    const [header, first] = exported.body.replace('\uFEFF', '').split('\r\n');
    expect(header?.split(',').slice(0, 6)).toEqual(['部品名', '単位', '単価', '現在在庫', '最小在庫アラート', 'バーコード']);
    expect(first?.split(',')[5]).toBe('OLD-2');
  });

  it('leaves barcodes alone when the file has no such column', async () => {
    const { token } = await signedInWorkspace(app);
    await createPart(app, token, { name: 'そのまま', barcode: 'KEEP-1' });
    const answer = await uploadCsv(app, token, '部品名,単位\nそのまま,箱\n');
    expect(answer.json()).toMatchObject({ updated: 1, errors: [] });
    expect((await call(app, 'GET', '/api/parts', { token })).json()[0]).toMatchObject({ unit: '箱', barcode: 'KEEP-1' });
  });
});
