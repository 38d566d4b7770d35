import { describe, expect, it } from 'vitest';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart, receive } from '../factories/parts.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

// GET /scan/{code} resolves a label URL or a barcode in the caller's workspace; POST /labels
// answers what each label prints.

const app = await createTestApp();

const scan = (token: string, code: string) => call(app, 'GET', `/api/scan/${encodeURIComponent(code)}`, { token });

describe('GET /api/scan/{code}', () => {
  it('resolves a label URL of a part with its last receipt, of a product, and a barcode of either', async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token, { name: 'ネジ M3', unit: '本', part_number: 'M3-10', barcode: '4901234567894', current_stock: 2 });
    await call(app, 'POST', `/api/parts/${part.id}/stock-entry`, { token, body: { quantity: 100, unit_price: 2.5, entry_date: '2026-11-01' } });
    await call(app, 'POST', `/api/parts/${part.id}/stock-entry`, { token, body: { quantity: 50, unit_price: 3, entry_date: '2026-11-20' } });
    const product = (await call(app, 'POST', '/api/products', { token, body: { name: 'キット', barcode: 'KIT-128', current_stock: 4 } })).json();

    const expectedPart = {
      kind: 'part',
      id: part.id,
      name: 'ネジ M3',
      current_stock: 152,
      unit: '本',
      part_number: 'M3-10',
      barcode: '4901234567894',
      last_receipt: { quantity: 50, unit_price: 3, entry_date: '2026-11-20' },
    };
    for (const code of [`http://localhost:3000/s/part/${part.id}`, `https://stock.example.com/s/part/${part.id}/`, `/s/part/${part.id}`, '4901234567894', ' 4901234567894\n']) {
      const answer = await scan(token, code);
      expect(answer.statusCode, `${code}: ${answer.body}`).toBe(200);
      expect(answer.json()).toEqual(expectedPart);
    }
    const expectedProduct = { kind: 'product', id: product.id, name: 'キット', current_stock: 4, unit: null, part_number: null, barcode: 'KIT-128', last_receipt: null };
    expect((await scan(token, `http://localhost:3000/s/product/${product.id}`)).json()).toEqual(expectedProduct);
    expect((await scan(token, 'KIT-128')).json()).toEqual(expectedProduct);
  });

  it('answers a part never received with no last receipt', async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token);
    expect((await scan(token, `/s/part/${part.id}`)).json().last_receipt).toBeNull();
  });

  it("answers 404 in Japanese for another workspace's label or barcode and for unknown codes", async () => {
    const owner = await signedInWorkspace(app);
    const stranger = await signedInWorkspace(app);
    const part = await createPart(app, owner.token, { barcode: 'OWNER-1' });
    await receive(app, owner.token, part.id, 3);
    for (const code of [`http://localhost:3000/s/part/${part.id}`, 'OWNER-1', 'unknown', '/s/part/999999999', '/s/widget/1', 'http://localhost:3000/s/part/0']) {
      const answer = await scan(stranger.token, code);
      expect(answer.statusCode, code).toBe(404);
      expect(answer.json()).toEqual({ error: 'このコードの部品・商品は見つかりません' });
    }
  });

  it('answers 400 for a blank or too long code and 401 without a session', async () => {
    const { token } = await signedInWorkspace(app);
    const blank = await scan(token, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error).toBe('コードを読み取れませんでした');
    const long = await scan(token, 'x'.repeat(301));
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toBe('コードが長すぎます');
    expect([400, 404]).toContain((await call(app, 'GET', '/api/scan/', { token })).statusCode);
    expect((await call(app, 'GET', '/api/scan/abc')).statusCode).toBe(401);
  });
});

describe('POST /api/labels', () => {
  it('answers each label with its QR code URL from APP_URL, parts then products in the order asked', async () => {
    const { token } = await signedInWorkspace(app);
    const first = await createPart(app, token, { name: '部品A', unit: '個', part_number: 'A-1', barcode: '12345670' });
    const second = await createPart(app, token, { name: '部品B' });
    const product = (await call(app, 'POST', '/api/products', { token, body: { name: '商品C', part_number: 'C-1' } })).json();
    const answer = await call(app, 'POST', '/api/labels', { token, body: { part_ids: [second.id, first.id], product_ids: [product.id] } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toEqual([
      { kind: 'part', id: second.id, name: '部品B', part_number: null, unit: null, barcode: null, code_url: `http://localhost:3000/s/part/${second.id}` },
      { kind: 'part', id: first.id, name: '部品A', part_number: 'A-1', unit: '個', barcode: '12345670', code_url: `http://localhost:3000/s/part/${first.id}` },
      { kind: 'product', id: product.id, name: '商品C', part_number: 'C-1', unit: null, barcode: null, code_url: `http://localhost:3000/s/product/${product.id}` },
    ]);
  });

  it('refuses no items and more than 1,000 with a clear message, and another workspace\'s ids with 404', async () => {
    const owner = await signedInWorkspace(app);
    const stranger = await signedInWorkspace(app);
    const part = await createPart(app, owner.token);
    const none = await call(app, 'POST', '/api/labels', { token: owner.token, body: { part_ids: [] } });
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('ラベルを印刷する部品・商品を選択してください');
    const many = await call(app, 'POST', '/api/labels', {
      token: owner.token,
      body: { part_ids: Array.from({ length: 600 }, (_, i) => i + 1), product_ids: Array.from({ length: 401 }, (_, i) => i + 1) },
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().error).toBe('ラベルは一度に1,000件まで印刷できます');
    const foreign = await call(app, 'POST', '/api/labels', { token: stranger.token, body: { part_ids: [part.id] } });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe('部品が見つかりません');
  });
});
