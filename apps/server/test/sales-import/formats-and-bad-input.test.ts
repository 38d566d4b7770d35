import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SalesImportFormatBody } from '@inventory/contracts/sales-import';
import { describe, expect, it } from 'vitest';
import { signedInWorkspace } from '../factories/users.ts';
import { createProduct, productStockState, snapshotProducts } from '../factories/products.ts';
import { call, createTestApp } from '../helpers/test-app.ts';
import { createFormat, importFile, sendOrderFile, shopifyCsv } from './sales-import-helpers.ts';

// Saved formats (GET/POST/PUT/DELETE /sales/import/formats) and files read through them: a
// Shift_JIS export with Japanese headers, a tab-separated file; and the answers to bad input.

const app = await createTestApp();

const BASE_FORMAT: SalesImportFormatBody = {
  name: 'BASE',
  columns: {
    order_id: '注文ID',
    order_date: '注文日時',
    sku: '商品コード',
    product_name: '商品名',
    variation: 'バリエーション',
    quantity: '数量',
    unit_price: '価格',
    status: '対応状況',
  },
  cancelled_values: ['キャンセル'],
};

describe('saved formats', () => {
  it('reads a Shift_JIS export with Japanese headers: variations, full-width names, yen prices, cancelled and bad rows', async () => {
    const { token } = await signedInWorkspace(app);
    const mug = await createProduct(app, token, { name: 'ガラスマグ 白', part_number: 'MUG-W', current_stock: 10 });
    const coaster = await createProduct(app, token, { name: 'コースター', part_number: 'CST-1', current_stock: 10 });
    const plate = await createProduct(app, token, { name: '(株)工房の小皿1', current_stock: 3 });
    const format = await createFormat(app, token, BASE_FORMAT);
    const bytes = readFileSync(path.join(import.meta.dirname, 'fixtures/base-orders-shift-jis.csv'));

    const result = await importFile(app, token, 'import', bytes, String(format.id));
    expect(result).toMatchObject({
      lines: 4,
      orders: 3,
      imported: 3,
      skipped: 1,
      errors: ['6行目: 数量「二」は1以上の整数ではありません'],
    });
    expect((await productStockState(app, mug.id)).stock).toBe(8);
    expect((await productStockState(app, coaster.id)).stock).toBe(9);
    expect((await productStockState(app, plate.id)).stock).toBe(2);
    const sales = (await call(app, 'GET', '/api/sales', { token })).json();
    expect(sales.find((sale: { product_id: number }) => sale.product_id === plate.id)).toMatchObject({
      sale_date: '2026-11-22',
      unit_price: 900,
      notes: 'BASE 注文 A0003',
      imported_from: { source: 'BASE', order_id: 'A0003' },
    });
    expect(sales.find((sale: { product_id: number }) => sale.product_id === mug.id)).toMatchObject({ unit_price: 1800, quantity: 2, sale_date: '2026-11-20' });
  });

  it('reads tab-separated files, and answers the header and first rows for the mapping', async () => {
    const { token } = await signedInWorkspace(app);
    await createProduct(app, token, { name: 'ブローチ', current_stock: 5 });
    const file = '注文番号\t注文日\t商品名\t数量\t単価\nM-1\t2026-11-20\tブローチ\t1\t2,500\nM-2\t2026-11-21\tブローチ, 金\t1\t2500\n';
    const sample = await sendOrderFile(app, token, 'sample', file, { source: null });
    expect(sample.statusCode, sample.body).toBe(200);
    expect(sample.json()).toEqual({
      headers: ['注文番号', '注文日', '商品名', '数量', '単価'],
      rows: [
        ['M-1', '2026-11-20', 'ブローチ', '1', '2,500'],
        ['M-2', '2026-11-21', 'ブローチ, 金', '1', '2500'],
      ],
    });
    const format = await createFormat(app, token, {
      name: 'minne',
      columns: { order_id: '注文番号', order_date: '注文日', sku: null, product_name: '商品名', variation: null, quantity: '数量', unit_price: '単価', status: null },
    });
    const preview = await importFile(app, token, 'preview', file, String(format.id));
    expect(preview).toMatchObject({ lines: 2, to_import: 1, unmatched: [{ external_sku: '', external_name: 'ブローチ, 金', count: 1 }] });
  });

  it('lists, renames and deletes formats; a taken name is 409; the fields are checked', async () => {
    const { token } = await signedInWorkspace(app);
    const first = await createFormat(app, token, BASE_FORMAT);
    const second = await createFormat(app, token, { ...BASE_FORMAT, name: 'STORES' });
    expect((await call(app, 'GET', '/api/sales/import/formats', { token })).json().map((format: { name: string }) => format.name)).toEqual(['BASE', 'STORES']);

    const taken = await call(app, 'PUT', `/api/sales/import/formats/${second.id}`, { token, body: BASE_FORMAT });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: '取り込み形式「BASE」はすでに登録されています' });
    expect((await call(app, 'POST', '/api/sales/import/formats', { token, body: BASE_FORMAT })).statusCode).toBe(409);

    const renamed = await call(app, 'PUT', `/api/sales/import/formats/${second.id}`, { token, body: { ...BASE_FORMAT, name: 'Creema' } });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ id: second.id, name: 'Creema', cancelled_values: ['キャンセル'] });

    const invalid: Array<[unknown, string]> = [
      [{ ...BASE_FORMAT, name: '' }, '形式名は必須です'],
      [{ ...BASE_FORMAT, columns: { ...BASE_FORMAT.columns, order_id: null } }, '注文番号の列を選択してください'],
      [{ ...BASE_FORMAT, columns: { ...BASE_FORMAT.columns, sku: null, product_name: null } }, 'SKU・商品コードか商品名の列を選択してください'],
      [{ ...BASE_FORMAT, cancelled_values: [] }, 'キャンセルを表すステータスの値を入力してください'],
    ];
    for (const [body, message] of invalid) {
      const response = await call(app, 'POST', '/api/sales/import/formats', { token, body });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error).toBe(message);
    }

    const deleted = await call(app, 'DELETE', `/api/sales/import/formats/${first.id}`, { token });
    expect(deleted.json()).toEqual({ message: '取り込み形式を削除しました' });
    expect((await call(app, 'DELETE', `/api/sales/import/formats/${first.id}`, { token })).statusCode).toBe(404);
    const gone = await sendOrderFile(app, token, 'preview', '注文ID\n1\n', { source: String(first.id) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ error: '取り込み形式が見つかりません' });
  });

  it("answers 404 for another workspace's format and product, and changes nothing", async () => {
    const owner = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    const format = await createFormat(app, owner.token, BASE_FORMAT);
    const product = await createProduct(app, owner.token, { name: 'よその商品', current_stock: 4 });
    const before = await snapshotProducts(app, owner.workspaceId);
    for (const what of ['preview', 'import'] as const) {
      const response = await sendOrderFile(app, other.token, what, readFileSync(path.join(import.meta.dirname, 'fixtures/base-orders-shift-jis.csv')), { source: String(format.id) });
      expect(response.statusCode).toBe(404);
    }
    expect((await call(app, 'PUT', `/api/sales/import/formats/${format.id}`, { token: other.token, body: BASE_FORMAT })).statusCode).toBe(404);
    expect((await call(app, 'DELETE', `/api/sales/import/formats/${format.id}`, { token: other.token })).statusCode).toBe(404);
    const alias = (source: string, productId: number | null) =>
      call(app, 'POST', '/api/sales/import/aliases', { token: other.token, body: { source, external_sku: 'X', external_name: 'Y', product_id: productId } });
    expect((await alias(String(format.id), null)).statusCode).toBe(404);
    expect((await alias('shopify', product.id)).json()).toEqual({ error: '商品が見つかりません' });
    expect(await snapshotProducts(app, owner.workspaceId)).toEqual(before);
    expect((await call(app, 'GET', '/api/sales/import/formats', { token: other.token })).json()).toEqual([]);
  });
});

describe('bad input', () => {
  it('reports bad rows as N行目: reason and imports the rest', async () => {
    const { token } = await signedInWorkspace(app);
    const mug = await createProduct(app, token, { name: 'マグ', part_number: 'MUG', current_stock: 10 });
    const file = shopifyCsv([
      { name: '#1', createdAt: '2026-11-20 10:00:00 +0900', lines: [{ sku: 'MUG', name: 'マグ', quantity: 1, price: 100 }] },
      { name: '#2', createdAt: '2026-11-20 10:00:00 +0900', lines: [{ sku: 'MUG', name: 'マグ', quantity: 0, price: 100 }] },
      { name: '#3', createdAt: '2026-11-20 10:00:00 +0900', lines: [{ sku: 'MUG', name: 'マグ', quantity: 1.5, price: 100 }] },
      { name: '#4', createdAt: '2026-11-20 10:00:00 +0900', lines: [{ sku: 'MUG', name: 'マグ', quantity: 1, price: 'abc' }] },
      { name: '#5', createdAt: '昨日', lines: [{ sku: 'MUG', name: 'マグ', quantity: 1, price: 100 }] },
      { name: '#6', createdAt: '2026-02-30 10:00:00 +0900', lines: [{ sku: 'MUG', name: 'マグ', quantity: 1, price: 100 }] },
      { name: '#7', createdAt: '2026-11-20 10:00:00 +0900', lines: [{ name: '', quantity: 1, price: 100 }] },
      { name: '#8', createdAt: '2026-11-20 10:00:00 +0900', lines: [{ sku: 'MUG', name: 'マグ', quantity: 1, price: -5 }] },
    ]);
    const result = await importFile(app, token, 'import', file);
    expect(result.imported).toBe(1);
    expect(result.errors).toEqual([
      '3行目: 数量「0」は1以上の整数ではありません',
      '4行目: 数量「1.5」は1以上の整数ではありません',
      '5行目: 単価「abc」は数値ではありません',
      '6行目: 注文日「昨日」は日付として読み取れません',
      '7行目: 注文日「2026-02-30 10:00:00 +0900」は日付として読み取れません',
      '8行目: SKU・商品コードも商品名も入力されていません',
      '9行目: 単価は0以上10,000,000,000以下にしてください',
    ]);
    expect((await productStockState(app, mug.id)).stock).toBe(9);
  });

  it('refuses a file it cannot read with 400 and a Japanese message, changing nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    await createProduct(app, token, { name: 'マグ', part_number: 'MUG', current_stock: 10 });
    const before = await snapshotProducts(app, workspaceId);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    const cases: Array<[string, string | Uint8Array, string, string]> = [
      ['an empty file', '', 'shopify', 'CSVファイルが空です'],
      ['a binary file', png, 'shopify', 'CSVファイルを読み取れません。UTF-8またはShift_JISで保存したCSVファイルを選択してください'],
      ['a file without the mapped columns', '注文番号,商品名\n1,マグ\n', 'shopify', 'CSVファイルの1行目（見出し行）に「Name」の列（注文番号）がありません'],
      ['an unclosed quote', 'Name,Created at\n"#1,2026-11-20\n', 'shopify', 'CSVファイルの形式が正しくありません（2行目付近）'],
      ['no source', 'Name\n#1\n', '', '取り込み元を選択してください'],
      ['an unknown source', 'Name\n#1\n', 'base', '取り込み元を選択してください'],
    ];
    for (const [label, content, source, message] of cases) {
      for (const what of ['preview', 'import'] as const) {
        const response = await sendOrderFile(app, token, what, content, { source });
        expect(response.statusCode, `${label} (${what}): ${response.body}`).toBe(400);
        expect(response.json(), label).toEqual({ error: message });
      }
    }
    const noFile = await call(app, 'POST', '/api/sales/import', { token, body: { source: 'shopify' } });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ error: 'CSVファイルを選択してください' });
    const badAlias = await call(app, 'POST', '/api/sales/import/aliases', { token, body: { source: 'shopify', external_sku: '', external_name: '', product_id: null } });
    expect(badAlias.statusCode).toBe(400);
    expect(badAlias.json().error).toBe('SKUか商品名を指定してください');
    expect(await snapshotProducts(app, workspaceId)).toEqual(before);
  });
});
