import type { Sale } from '@inventory/contracts/sales';
import type { ProductSalesStatistics, SalesSummary, SalesTrendPoint } from '@inventory/contracts/sales';
import { describe, expect, it } from 'vitest';
import { getSalesTrend } from '../../src/domains/sales/sales-reports.ts';
import { signedInWorkspace } from '../factories/users.ts';
import { createPart } from '../factories/parts.ts';
import { createProduct, sell, setRecipe } from '../factories/products.ts';
import { getJson, insertSales, monthFromNow } from '../factories/sales.ts';
import { call, createTestApp } from '../helpers/test-app.ts';

const app = await createTestApp();

/**
 * A costs 3.3 (one part at 3.3), B has no recipe (cost 0):
 *   1. A 2 × 12.5  on 2026-01-10: 25   cost 6.6  profit 18.4
 *   2. A 3 × 10.5  on 2026-02-05: 31.5 cost 9.9  profit 21.6
 *   3. B 2 × 12.75 on 2026-02-20: 25.5 cost 0    profit 25.5
 */
async function shopWithSales() {
  const owner = await signedInWorkspace(app);
  const part = await createPart(app, owner.token, { unit_price: 3.3 });
  const a = await createProduct(app, owner.token, { name: 'ランプA', current_stock: 10 });
  await setRecipe(app, owner.token, a.id, [{ part_id: part.id, quantity_required: 1 }]);
  const b = await createProduct(app, owner.token, { name: 'ランプB', current_stock: 10 });
  const sales = [
    (await sell(app, owner.token, a.id, { quantity: 2, unit_price: 12.5, sale_date: '2026-01-10' })).sale,
    (await sell(app, owner.token, a.id, { quantity: 3, unit_price: 10.5, sale_date: '2026-02-05', url: 'https://shop.example/2', notes: '店頭' })).sale,
    (await sell(app, owner.token, b.id, { quantity: 2, unit_price: 12.75, sale_date: '2026-02-20' })).sale,
  ];
  // Another workspace's sales on the same dates never count.
  const other = await signedInWorkspace(app);
  const otherProduct = await createProduct(app, other.token, { name: 'ランプA', current_stock: 5 });
  await sell(app, other.token, otherProduct.id, { quantity: 5, unit_price: 1000, sale_date: '2026-02-05' });
  return { owner, a, b, sales: sales as [Sale, Sale, Sale], other, otherProduct };
}

describe('GET /api/sales', () => {
  it('lists the workspace sales newest sale date first, then newest sale, with every field', async () => {
    const { owner, a, sales } = await shopWithSales();
    const [sameDay] = await insertSales(app, owner.workspaceId, [{ product: a, sale_date: '2026-02-05' }]);
    const list: Sale[] = await getJson(app, owner.token, '/api/sales');
    expect(list.map((sale) => sale.id)).toEqual([sales[2].id, sameDay, sales[1].id, sales[0].id]);
    expect(list[2]).toEqual(sales[1]);
    expect(list[2]).toMatchObject({
      product_id: a.id,
      product_name: 'ランプA',
      quantity: 3,
      unit_price: 10.5,
      total_amount: 31.5,
      total_cost: 9.9,
      profit: 21.6,
      profit_margin: 68.6,
      sale_date: '2026-02-05',
      url: 'https://shop.example/2',
      notes: '店頭',
    });
  });

  it('filters by dates (both inclusive) and product, and limits the count', async () => {
    const { owner, a, b, sales } = await shopWithSales();
    const ids = async (query: Record<string, string | number>) => (await getJson<Sale[]>(app, owner.token, '/api/sales', query)).map((sale) => sale.id);
    expect(await ids({ start_date: '2026-02-05' })).toEqual([sales[2].id, sales[1].id]);
    expect(await ids({ end_date: '2026-02-05' })).toEqual([sales[1].id, sales[0].id]);
    expect(await ids({ start_date: '2026-01-10', end_date: '2026-01-10' })).toEqual([sales[0].id]);
    expect(await ids({ product_id: a.id })).toEqual([sales[1].id, sales[0].id]);
    expect(await ids({ product_id: b.id, end_date: '2026-02-19' })).toEqual([]);
    expect(await ids({ limit: 2 })).toEqual([sales[2].id, sales[1].id]);
  });

  it('answers 1,000 sales by default and up to 10,000 with a limit', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const product = { id: null, name: '削除された商品' };
    await insertSales(app, workspaceId, Array.from({ length: 1001 }, (_, index) => ({ product, sale_date: `2026-01-${String((index % 28) + 1).padStart(2, '0')}` })));
    expect(await getJson<Sale[]>(app, token, '/api/sales')).toHaveLength(1000);
    expect(await getJson<Sale[]>(app, token, '/api/sales', { limit: 10_000 })).toHaveLength(1001);
  });
});

describe('GET /api/sales/summary', () => {
  it('sums the sales: totals in yen, margin with 1 decimal, average per sale', async () => {
    const { owner } = await shopWithSales();
    expect(await getJson<SalesSummary>(app, owner.token, '/api/sales/summary')).toEqual({
      total_sales: 82,
      total_cost: 16.5,
      total_profit: 65.5,
      profit_margin: 79.9,
      total_transactions: 3,
      average_transaction: 27.33,
    });
  });

  it('applies the date and product filters', async () => {
    const { owner, a } = await shopWithSales();
    expect(await getJson(app, owner.token, '/api/sales/summary', { start_date: '2026-02-01', end_date: '2026-02-20' })).toEqual({
      total_sales: 57,
      total_cost: 9.9,
      total_profit: 47.1,
      profit_margin: 82.6,
      total_transactions: 2,
      average_transaction: 28.5,
    });
    expect(await getJson(app, owner.token, '/api/sales/summary', { product_id: a.id })).toEqual({
      total_sales: 56.5,
      total_cost: 16.5,
      total_profit: 40,
      profit_margin: 70.8,
      total_transactions: 2,
      average_transaction: 28.25,
    });
    expect(await getJson(app, owner.token, '/api/sales/summary', { product_id: a.id, start_date: '2026-01-11' })).toMatchObject({
      total_sales: 31.5,
      total_transactions: 1,
    });
  });

  it('answers zeros without sales, and a negative margin for a loss', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const zeros = { total_sales: 0, total_cost: 0, total_profit: 0, profit_margin: 0, total_transactions: 0, average_transaction: 0 };
    expect(await getJson(app, token, '/api/sales/summary')).toEqual(zeros);
    await insertSales(app, workspaceId, [{ product: { id: null, name: '赤字' }, sale_date: '2026-03-01', quantity: 3, unit_price_sen: 1000, total_cost_sen: 4000 }]);
    expect(await getJson(app, token, '/api/sales/summary')).toEqual({
      total_sales: 30,
      total_cost: 40,
      total_profit: -10,
      profit_margin: -33.3,
      total_transactions: 1,
      average_transaction: 30,
    });
    expect(await getJson(app, token, '/api/sales/summary', { end_date: '2026-02-28' })).toEqual(zeros);
  });
});

describe('GET /api/sales/by-product', () => {
  it('totals each product, largest sales amount first, with margin and rounded average unit price', async () => {
    const { owner, a, b } = await shopWithSales();
    expect(await getJson<ProductSalesStatistics[]>(app, owner.token, '/api/sales/by-product')).toEqual([
      {
        product_id: a.id,
        product_name: 'ランプA',
        total_quantity: 5,
        total_amount: 56.5,
        total_cost: 16.5,
        total_profit: 40,
        profit_margin: 70.8,
        avg_unit_price: 11,
        total_transactions: 2,
      },
      {
        product_id: b.id,
        product_name: 'ランプB',
        total_quantity: 2,
        total_amount: 25.5,
        total_cost: 0,
        total_profit: 25.5,
        profit_margin: 100,
        avg_unit_price: 13,
        total_transactions: 1,
      },
    ]);
  });

  it('applies the filters', async () => {
    const { owner, a, b } = await shopWithSales();
    const rows = (query: Record<string, string | number>) => getJson<ProductSalesStatistics[]>(app, owner.token, '/api/sales/by-product', query);
    expect(await rows({ start_date: '2026-02-01' })).toEqual([
      expect.objectContaining({ product_id: a.id, total_quantity: 3, total_amount: 31.5, avg_unit_price: 11, total_transactions: 1 }),
      expect.objectContaining({ product_id: b.id, total_quantity: 2, total_amount: 25.5 }),
    ]);
    expect(await rows({ end_date: '2026-01-31' })).toEqual([expect.objectContaining({ product_id: a.id, total_amount: 25, avg_unit_price: 13, profit_margin: 73.6 })]);
    expect(await rows({ product_id: b.id })).toEqual([expect.objectContaining({ product_id: b.id, total_amount: 25.5 })]);
    expect(await rows({ start_date: '2027-01-01' })).toEqual([]);
  });

  it('keeps the names as recorded: a renamed product has a row per name, a deleted one keeps its name', async () => {
    const { token } = await signedInWorkspace(app);
    const product = await createProduct(app, token, { name: '旧名', current_stock: 10 });
    const gone = await createProduct(app, token, { name: '廃番', current_stock: 10 });
    await sell(app, token, product.id, { quantity: 1, unit_price: 100 });
    await call(app, 'PUT', `/api/products/${product.id}`, { token, body: { name: '新名' } });
    await sell(app, token, product.id, { quantity: 2, unit_price: 100 });
    await sell(app, token, gone.id, { quantity: 1, unit_price: 50 });
    expect((await call(app, 'DELETE', `/api/products/${gone.id}`, { token })).statusCode).toBe(200);

    const rows = await getJson<ProductSalesStatistics[]>(app, token, '/api/sales/by-product');
    expect(rows.map((row) => [row.product_id, row.product_name, row.total_amount])).toEqual([
      [product.id, '新名', 200],
      [product.id, '旧名', 100],
      [null, '廃番', 50],
    ]);
  });
});

describe('GET /api/sales/trend', () => {
  it('answers the last 12 months up to this one by default, oldest first, empty months as 0', async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const product = { id: null, name: '商品' };
    await insertSales(app, workspaceId, [
      { product, sale_date: monthFromNow(0, 1).date, quantity: 2, unit_price_sen: 1250, total_cost_sen: 500 },
      { product, sale_date: monthFromNow(0, 28).date, quantity: 1, unit_price_sen: 99, total_cost_sen: 0 },
      { product, sale_date: monthFromNow(-2, 15).date, quantity: 1, unit_price_sen: 10_000, total_cost_sen: 12_000 },
      { product, sale_date: monthFromNow(-11, 1).date, quantity: 1, unit_price_sen: 700 },
      // Outside the window: the month before it, and next month.
      { product, sale_date: monthFromNow(-12, 28).date, quantity: 1, unit_price_sen: 100_000 },
      { product, sale_date: monthFromNow(1, 1).date, quantity: 1, unit_price_sen: 100_000 },
    ]);
    const trend = await getJson<SalesTrendPoint[]>(app, token, '/api/sales/trend');
    const empty = (offset: number) => ({ month: monthFromNow(offset).month, total_sales: 0, total_cost: 0, total_profit: 0, total_transactions: 0 });
    expect(trend).toEqual([
      { month: monthFromNow(-11).month, total_sales: 7, total_cost: 0, total_profit: 7, total_transactions: 1 },
      ...[-10, -9, -8, -7, -6, -5, -4, -3].map(empty),
      { month: monthFromNow(-2).month, total_sales: 100, total_cost: 120, total_profit: -20, total_transactions: 1 },
      empty(-1),
      { month: monthFromNow(0).month, total_sales: 25.99, total_cost: 5, total_profit: 20.99, total_transactions: 2 },
    ]);

    const three = await getJson<SalesTrendPoint[]>(app, token, '/api/sales/trend', { months: 3 });
    expect(three.map((point) => [point.month, point.total_sales])).toEqual([
      [monthFromNow(-2).month, 100],
      [monthFromNow(-1).month, 0],
      [monthFromNow(0).month, 25.99],
    ]);
    const one = await getJson<SalesTrendPoint[]>(app, token, '/api/sales/trend', { months: 1 });
    expect(one).toEqual([{ month: monthFromNow(0).month, total_sales: 25.99, total_cost: 5, total_profit: 20.99, total_transactions: 2 }]);
  });

  it('counts calendar months across a year boundary and up to 120 months', async () => {
    const { workspaceId } = await signedInWorkspace(app);
    await insertSales(app, workspaceId, [
      { product: { id: null, name: '商品' }, sale_date: '2025-12-31', unit_price_sen: 100 },
      { product: { id: null, name: '商品' }, sale_date: '2026-02-28', unit_price_sen: 200 },
      { product: { id: null, name: '商品' }, sale_date: '2016-03-01', unit_price_sen: 300 },
    ]);
    const today = new Date(2026, 1, 28, 23, 59);
    const trend = await getSalesTrend(app.db, workspaceId, { months: 3 }, today);
    expect(trend.map((point) => [point.month, point.total_sales])).toEqual([
      ['2025-12', 1],
      ['2026-01', 0],
      ['2026-02', 2],
    ]);
    const decade = await getSalesTrend(app.db, workspaceId, { months: 120 }, today);
    expect(decade).toHaveLength(120);
    expect(decade[0]).toMatchObject({ month: '2016-03', total_sales: 3 });
    expect(decade.at(-1)).toMatchObject({ month: '2026-02', total_sales: 2 });
  });
});

describe('GET /api/sales/trend?product_id=', () => {
  it("answers one product's months, as the summary and the per-product totals filter it", async () => {
    const { token, workspaceId } = await signedInWorkspace(app);
    const lamp = await createProduct(app, token, { name: 'ランプ' });
    const fan = await createProduct(app, token, { name: 'ファン' });
    await insertSales(app, workspaceId, [
      { product: lamp, sale_date: monthFromNow(0, 1).date, quantity: 2, unit_price_sen: 1000, total_cost_sen: 600 },
      { product: lamp, sale_date: monthFromNow(-2, 10).date, quantity: 1, unit_price_sen: 500, total_cost_sen: 800 },
      { product: fan, sale_date: monthFromNow(0, 2).date, quantity: 1, unit_price_sen: 90_000 },
      { product: fan, sale_date: monthFromNow(-1, 3).date, quantity: 1, unit_price_sen: 70_000 },
      // Outside the three months.
      { product: lamp, sale_date: monthFromNow(-3, 28).date, quantity: 1, unit_price_sen: 100_000 },
    ]);
    const empty = (offset: number) => ({ month: monthFromNow(offset).month, total_sales: 0, total_cost: 0, total_profit: 0, total_transactions: 0 });

    const lampTrend = await getJson<SalesTrendPoint[]>(app, token, '/api/sales/trend', { months: 3, product_id: lamp.id });
    expect(lampTrend).toEqual([
      { month: monthFromNow(-2).month, total_sales: 5, total_cost: 8, total_profit: -3, total_transactions: 1 },
      empty(-1),
      { month: monthFromNow(0).month, total_sales: 20, total_cost: 6, total_profit: 14, total_transactions: 1 },
    ]);
    const fanTrend = await getJson<SalesTrendPoint[]>(app, token, '/api/sales/trend', { months: 3, product_id: fan.id });
    expect(fanTrend.map((point) => point.total_sales)).toEqual([0, 700, 900]);
    const both = await getJson<SalesTrendPoint[]>(app, token, '/api/sales/trend', { months: 3 });
    expect(both.map((point) => point.total_sales)).toEqual([5, 700, 920]);
  });

  it('answers 404 for a product of another workspace or an unknown one, 400 for a bad id', async () => {
    const { token } = await signedInWorkspace(app);
    const other = await signedInWorkspace(app);
    const theirs = await createProduct(app, other.token, { name: '他社の商品' });
    for (const id of [theirs.id, 987654321]) {
      const response = await call(app, 'GET', `/api/sales/trend?product_id=${id}`, { token });
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json()).toEqual({ error: '商品が見つかりません' });
    }
    for (const id of ['abc', '0', '-1', '2147483648']) {
      const response = await call(app, 'GET', `/api/sales/trend?product_id=${id}`, { token });
      expect(response.statusCode, id).toBe(400);
      expect(response.json().error).toBe('商品IDが正しくありません');
    }
  });
});

describe('bad input', () => {
  const cases: Array<[string, string]> = [
    ['/api/sales?start_date=2026-02-30', '開始日はyyyy-MM-dd形式の正しい日付で入力してください'],
    ['/api/sales?end_date=20260101', '終了日はyyyy-MM-dd形式の正しい日付で入力してください'],
    ['/api/sales?start_date=0000-01-01', '開始日はyyyy-MM-dd形式の正しい日付で入力してください'],
    ['/api/sales?start_date=2026-02-01&end_date=2026-01-31', '終了日は開始日以降の日付にしてください'],
    ['/api/sales?product_id=abc', '商品IDが正しくありません'],
    ['/api/sales?product_id=0', '商品IDが正しくありません'],
    ['/api/sales?product_id=2147483648', '商品IDが正しくありません'],
    ['/api/sales?limit=0', '件数は1以上で指定してください'],
    ['/api/sales?limit=10001', '件数は10,000以下で指定してください'],
    ['/api/sales?limit=1.5', '件数は整数で指定してください'],
    ['/api/sales?limit=abc', '件数は数値で指定してください'],
    ['/api/sales/summary?start_date=yesterday', '開始日はyyyy-MM-dd形式の正しい日付で入力してください'],
    ['/api/sales/summary?start_date=2026-02-01&end_date=2026-01-31', '終了日は開始日以降の日付にしてください'],
    ['/api/sales/summary?product_id=-1', '商品IDが正しくありません'],
    ['/api/sales/by-product?end_date=2026-13-01', '終了日はyyyy-MM-dd形式の正しい日付で入力してください'],
    ['/api/sales/by-product?product_id=1e40', '商品IDが正しくありません'],
    ['/api/sales/trend?months=0', '月数は1以上で指定してください'],
    ['/api/sales/trend?months=121', '月数は120以下で指定してください'],
    ['/api/sales/trend?months=2.5', '月数は整数で指定してください'],
    ['/api/sales/trend?months=twelve', '月数は数値で指定してください'],
  ];
  it.each(cases)('%s answers 400 with a Japanese message', async (url, message) => {
    const { token } = await signedInWorkspace(app);
    const response = await call(app, 'GET', url, { token });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error).toBe(message);
  });

  it('needs a signed-in user', async () => {
    for (const url of ['/api/sales', '/api/sales/summary', '/api/sales/by-product', '/api/sales/trend']) {
      expect((await call(app, 'GET', url)).statusCode, url).toBe(401);
    }
  });
});

describe("another workspace's sales", () => {
  it('never appear in the list or the reports, and its product as a filter is a 404', async () => {
    const { owner, other, otherProduct } = await shopWithSales();
    const list = await getJson<Sale[]>(app, other.token, '/api/sales');
    expect(list.map((sale) => sale.total_amount)).toEqual([5000]);
    expect(await getJson(app, other.token, '/api/sales/summary')).toMatchObject({ total_sales: 5000, total_transactions: 1 });
    expect(await getJson<ProductSalesStatistics[]>(app, other.token, '/api/sales/by-product')).toHaveLength(1);
    const trend = await getJson<SalesTrendPoint[]>(app, other.token, '/api/sales/trend', { months: 120 });
    expect(trend.reduce((sum, point) => sum + point.total_sales, 0)).toBe(5000);

    for (const url of ['/api/sales', '/api/sales/summary', '/api/sales/by-product']) {
      const response = await call(app, 'GET', `${url}?product_id=${otherProduct.id}`, { token: owner.token });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toEqual({ error: '商品が見つかりません' });
    }
  });
});
