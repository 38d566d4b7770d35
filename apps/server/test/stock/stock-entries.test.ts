import type { StockEntry } from '@inventory/contracts/parts';
import { describe, expect, it } from 'vitest';
import { expectPagedHistory } from '../helpers/history-pages.ts';
import { expectStockMatchesLedger } from '../helpers/stock-invariants.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart, receive, snapshotWorkspace } from '../factories/parts.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

describe('POST /api/parts/{id}/stock-entry (入荷)', () => {
  it("records the entry and adds the stock through the ledger ('receipt' pointing at the entry)", async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { name: 'ボルト', current_stock: 4, unit_price: 30 });
    const response = await call(app, 'POST', `/api/parts/${part.id}/stock-entry`, {
      token,
      body: { quantity: 6, unit_price: 27.5, entry_date: '2026-11-21', notes: '  初回入荷  ' },
    });
    expect(response.statusCode).toBe(201);
    const { entry, part: updated } = response.json();
    expect(entry).toEqual({
      id: expect.any(Number),
      part_id: part.id,
      part_name: 'ボルト',
      quantity: 6,
      unit_price: 27.5,
      entry_date: '2026-11-21',
      notes: '初回入荷',
      order_id: null,
      created_at: expect.any(String),
    });
    // The receipt's price is the price of that delivery; the part keeps its own unit price.
    expect(updated).toMatchObject({ id: part.id, current_stock: 10, unit_price: 30 });
    const movements = (await call(app, 'GET', `/api/parts/${part.id}/movements`, { token })).json();
    expect(movements[0]).toMatchObject({ kind: 'receipt', quantity_delta: 6, balance_after: 10, reference_id: entry.id });
    await expectStockMatchesLedger(app, workspaceId);
  });

  it('answers 409 with a Japanese message when a receipt would push the stock past 1,000,000,000, and nothing changes', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { current_stock: 999_999_990 });
    const response = await call(app, 'POST', `/api/parts/${part.id}/stock-entry`, { token, body: { quantity: 11, entry_date: '2026-11-21' } });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe(`部品「${part.name}」の在庫が上限の1,000,000,000を超えるため登録できません（在庫: 999999990、追加: 11）`);
    expect((await call(app, 'GET', `/api/stock-entries/part/${part.id}`, { token })).json()).toEqual([]);
    expect((await call(app, 'POST', `/api/parts/${part.id}/stock-entry`, { token, body: { quantity: 10, entry_date: '2026-11-21' } })).statusCode).toBe(201);
    await expectStockMatchesLedger(app, workspaceId);
  });

  it("shows the receipt's note on its row of the part's stock history (在庫履歴)", async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token);
    const response = await call(app, 'POST', `/api/parts/${part.id}/stock-entry`, { token, body: { quantity: 2, entry_date: '2026-11-21', notes: '棚Bへ' } });
    expect(response.statusCode).toBe(201);
    const movements = (await call(app, 'GET', `/api/parts/${part.id}/movements`, { token })).json();
    expect(movements[0]).toMatchObject({ kind: 'receipt', reference_id: response.json().entry.id, note: '棚Bへ' });
  });

  it('accepts a receipt without price or notes', async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token);
    const response = await receive(app, token, part.id, 1);
    expect(response.statusCode).toBe(201);
    expect(response.json().entry).toMatchObject({ unit_price: null, notes: null, quantity: 1 });
  });

  it('refuses invalid receipts with Japanese messages and changes nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { current_stock: 2 });
    const before = await snapshotWorkspace(app, workspaceId);
    const cases: Array<[unknown, string]> = [
      [{ entry_date: '2026-11-22' }, '数量は数値で入力してください'],
      [{ quantity: 0, entry_date: '2026-11-22' }, '数量は1以上で入力してください'],
      [{ quantity: -5, entry_date: '2026-11-22' }, '数量は1以上で入力してください'],
      [{ quantity: 1.5, entry_date: '2026-11-22' }, '数量は整数で入力してください'],
      [{ quantity: '3', entry_date: '2026-11-22' }, '数量は数値で入力してください'],
      [{ quantity: 1e10, entry_date: '2026-11-22' }, '数量は1,000,000,000以下で入力してください'],
      [{ quantity: 1 }, '入荷日は必須です'],
      [{ quantity: 1, entry_date: '' }, '入荷日は必須です'],
      [{ quantity: 1, entry_date: '22/11/2026' }, '入荷日はyyyy-MM-dd形式の正しい日付で入力してください'],
      [{ quantity: 1, entry_date: '2026-11-22', unit_price: -1 }, '単価は0以上で入力してください'],
      [{ quantity: 1, entry_date: '2026-11-22', notes: 'あ'.repeat(1001) }, '備考は1000文字以内で入力してください'],
    ];
    for (const [body, message] of cases) {
      const response = await call(app, 'POST', `/api/parts/${part.id}/stock-entry`, { token, body: body as object });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error).toBe(message);
    }
    expect(await snapshotWorkspace(app, workspaceId)).toEqual(before);
  });

  it('answers 404 for an unknown part and records nothing', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const response = await receive(app, token, 987654321, 1);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: '部品が見つかりません' });
    expect((await snapshotWorkspace(app, workspaceId)).entries).toEqual([]);
  });

  it('20 simultaneous receipts on one part add up exactly', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const part = await createPart(app, token, { current_stock: 3 });
    const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => receive(app, token, part.id, index + 1)));
    expect(responses.every((response) => response.statusCode === 201)).toBe(true);
    expect((await call(app, 'GET', `/api/parts/${part.id}`, { token })).json().current_stock).toBe(3 + 210);
    expect((await snapshotWorkspace(app, workspaceId)).entries).toHaveLength(20);
    await expectStockMatchesLedger(app, workspaceId);
  });
});

describe('GET /api/stock-entries', () => {
  it("lists the workspace's receipts with part names, newest first, and none of another workspace", async () => {
    const { token } = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    await receive(app, other.token, (await createPart(app, other.token)).id, 9);
    const bolt = await createPart(app, token, { name: 'ボルト' });
    const nut = await createPart(app, token, { name: 'ナット' });
    const post = (partId: number, entry_date: string, quantity: number) =>
      call(app, 'POST', `/api/parts/${partId}/stock-entry`, { token, body: { quantity, entry_date } });
    await post(bolt.id, '2026-11-01', 1);
    await post(nut.id, '2026-11-20', 2);
    await post(bolt.id, '2026-11-20', 3);

    const response = await call(app, 'GET', '/api/stock-entries', { token });
    expect(response.statusCode).toBe(200);
    const entries: StockEntry[] = response.json();
    expect(entries.map((entry) => [entry.part_name, entry.entry_date, entry.quantity])).toEqual([
      ['ボルト', '2026-11-20', 3],
      ['ナット', '2026-11-20', 2],
      ['ボルト', '2026-11-01', 1],
    ]);
    expect((await call(app, 'GET', '/api/stock-entries')).statusCode).toBe(401);
  });
});

describe('GET /api/stock-entries and /api/stock-entries/part/{partId} in pages', () => {
  it('answer the newest 1,000 unless asked (at most 10,000), and page on by before_date and before_id', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    const bolt = await createPart(app, token);
    const nut = await createPart(app, token);
    const otherPart = await createPart(app, other.token);
    const now = new Date().toISOString();
    const row = (workspace: number, partId: number, n: number) => ({
      workspace_id: workspace,
      part_id: partId,
      quantity: 1 + (n % 7),
      entry_date: `2026-${String(1 + (n % 12)).padStart(2, '0')}-${String(1 + (n % 3)).padStart(2, '0')}`,
      created_at: now,
    });
    // Only the listing is under test: the rows go in directly (no stock change), 1,650 for the
    // workspace (a third of them the nut's) on 36 days, the other workspace's in between.
    const inserted: Array<{ id: number; part_id: number; entry_date: string }> = [];
    for (let start = 0; start < 1650; start += 330) {
      const values = Array.from({ length: 330 }, (_, offset) => row(workspaceId, (start + offset) % 3 === 0 ? nut.id : bolt.id, start + offset));
      inserted.push(...(await app.db.insertInto('stock_entries').values(values).returning(['id', 'part_id', 'entry_date']).execute()));
      await app.db.insertInto('stock_entries').values([row(other.workspaceId, otherPart.id, start)]).execute();
    }
    const newestFirst = inserted.sort((a, b) => (a.entry_date === b.entry_date ? b.id - a.id : a.entry_date < b.entry_date ? 1 : -1));
    await expectPagedHistory(app, token, '/api/stock-entries', 'entry_date', newestFirst.map((entry) => entry.id));
    const bolts = newestFirst.filter((entry) => entry.part_id === bolt.id).map((entry) => entry.id);
    await expectPagedHistory(app, token, `/api/stock-entries/part/${bolt.id}`, 'entry_date', bolts);
  });
});

describe('GET /api/stock-entries/part/{partId}', () => {
  it("lists one part's receipts, newest first", async () => {
    const { token } = await signedInWorkspace(app);
    const part = await createPart(app, token);
    const otherPart = await createPart(app, token);
    const first = (await receive(app, token, part.id, 1)).json().entry;
    await receive(app, token, otherPart.id, 5);
    const second = (await receive(app, token, part.id, 2)).json().entry;
    const response = await call(app, 'GET', `/api/stock-entries/part/${part.id}`, { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([second, first]);
  });

  it('answers 404 for an unknown part and 400 for a malformed id', async () => {
    const { token } = await signedInWorkspace(app);
    expect((await call(app, 'GET', '/api/stock-entries/part/987654321', { token })).statusCode).toBe(404);
    const malformed = await call(app, 'GET', '/api/stock-entries/part/abc', { token });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error).toBe('IDが正しくありません');
  });
});
