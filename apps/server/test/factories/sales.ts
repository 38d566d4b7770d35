import type { Sale } from '@inventory/contracts/sales';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from '../helpers/test-app.ts';

// Sales are made through POST /products/{id}/sell (`sell` in products.ts). insertSales stores
// rows straight in the table, for reports that need many sales on chosen dates, of deleted
// products or at a loss, without the product stock and ledger rows a real sale needs and writes.

export interface StoredSale {
  product: { id: number | null; name: string };
  sale_date: string;
  quantity?: number;
  /** Sen, like the column. */
  unit_price_sen?: number;
  total_cost_sen?: number;
}

export async function insertSales(app: FastifyInstance, workspaceId: number, sales: StoredSale[]): Promise<number[]> {
  const now = new Date().toISOString();
  const rows = sales.map(({ product, sale_date, quantity = 1, unit_price_sen = 1000, total_cost_sen = 0 }) => ({
    workspace_id: workspaceId,
    product_id: product.id,
    product_name: product.name,
    quantity,
    unit_price_sen,
    total_amount_sen: unit_price_sen * quantity,
    total_cost_sen,
    profit_sen: unit_price_sen * quantity - total_cost_sen,
    sale_date,
    url: null,
    notes: null,
    created_by: null,
    created_at: now,
    updated_at: now,
  }));
  return (await app.db.insertInto('sales').values(rows).returning('id').execute()).map((row) => row.id);
}

/** GET with a query string built from the given values; expects 200 and answers the body. */
export async function getJson<T>(app: FastifyInstance, token: string, path: string, query: Record<string, string | number> = {}): Promise<T> {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)])).toString();
  const response = await call(app, 'GET', search ? `${path}?${search}` : path, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

export async function editSale(app: FastifyInstance, token: string, sale: Sale, changes: Record<string, unknown>) {
  const body = {
    product_id: sale.product_id,
    quantity: sale.quantity,
    unit_price: sale.unit_price,
    sale_date: sale.sale_date,
    url: sale.url,
    notes: sale.notes,
    ...changes,
  };
  return call(app, 'PUT', `/api/sales/${sale.id}`, { token, body });
}

const pad = (value: number) => String(value).padStart(2, '0');

/** yyyy-MM of the month `offset` months from the current one (server local date), and a date in it. */
export function monthFromNow(offset: number, day = 1) {
  const today = new Date();
  const date = new Date(today.getFullYear(), today.getMonth() + offset, day);
  const month = `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;
  return { month, date: `${month}-${pad(day)}` };
}
