import { randomUUID } from 'node:crypto';
import type { SalesImportFormatBody, SalesImportResult } from '@inventory/contracts/sales-import';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { call } from '../helpers/test-app.ts';

// Sending shop order files to /sales/import and writing Shopify exports in its documented layout.

export type ImportCall = 'preview' | 'import' | 'sample';

const urlOf: Record<ImportCall, string> = { preview: '/api/sales/import/preview', import: '/api/sales/import', sample: '/api/sales/import/sample' };

/** A multipart request with the file under csv and the text fields given (source first, as the screen sends it). */
export function sendOrderFile(
  app: FastifyInstance,
  token: string,
  what: ImportCall,
  content: string | Uint8Array,
  { source = 'shopify', filename = 'orders_export.csv' }: { source?: string | null; filename?: string } = {},
): Promise<LightMyRequestResponse> {
  const boundary = `----test${randomUUID().replaceAll('-', '')}`;
  const field = source === null ? '' : `--${boundary}\r\nContent-Disposition: form-data; name="source"\r\n\r\n${source}\r\n`;
  const body = Buffer.concat([
    Buffer.from(`${field}--${boundary}\r\nContent-Disposition: form-data; name="csv"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: urlOf[what],
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
  });
}

/** Sends the file and expects 200; answers the result. */
export async function importFile(app: FastifyInstance, token: string, what: 'preview' | 'import', content: string | Uint8Array, source = 'shopify') {
  const response = await sendOrderFile(app, token, what, content, { source });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SalesImportResult;
}

export async function createFormat(app: FastifyInstance, token: string, body: SalesImportFormatBody) {
  const response = await call(app, 'POST', '/api/sales/import/formats', { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: number; name: string };
}

/** Shopify's order export columns, in its documented order. */
export const SHOPIFY_COLUMNS = [
  'Name', 'Email', 'Financial Status', 'Paid at', 'Fulfillment Status', 'Fulfilled at', 'Accepts Marketing', 'Currency',
  'Subtotal', 'Shipping', 'Taxes', 'Total', 'Discount Code', 'Discount Amount', 'Shipping Method', 'Created at',
  'Lineitem quantity', 'Lineitem name', 'Lineitem price', 'Lineitem compare at price', 'Lineitem sku',
  'Lineitem requires shipping', 'Lineitem taxable', 'Lineitem fulfillment status', 'Billing Name', 'Billing Street',
  'Billing Address1', 'Billing Address2', 'Billing Company', 'Billing City', 'Billing Zip', 'Billing Province',
  'Billing Country', 'Billing Phone', 'Shipping Name', 'Shipping Street', 'Shipping Address1', 'Shipping Address2',
  'Shipping Company', 'Shipping City', 'Shipping Zip', 'Shipping Province', 'Shipping Country', 'Shipping Phone',
  'Notes', 'Note Attributes', 'Cancelled at', 'Payment Method', 'Payment Reference', 'Refunded Amount', 'Vendor',
  'Outstanding Balance', 'Employee', 'Location', 'Device ID', 'Id', 'Tags', 'Risk Level', 'Source', 'Lineitem discount',
  'Tax 1 Name', 'Tax 1 Value', 'Phone', 'Receipt Number', 'Duties', 'Billing Province Name', 'Shipping Province Name',
  'Payment ID', 'Payment Terms Name', 'Next Payment Due At', 'Payment References',
] as const;

export interface ShopifyOrder {
  name: string;
  createdAt: string;
  financialStatus?: string;
  cancelledAt?: string;
  lines: Array<{ sku?: string; name: string; quantity: number | string; price: number | string }>;
}

const quote = (cell: string) => (/[",\n\r]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/**
 * A Shopify order export: the order's columns on its first row, its other line items on
 * continuation rows with the same Name and the order columns empty.
 */
export function shopifyCsv(orders: ShopifyOrder[]): string {
  const rows = orders.flatMap((order, orderIndex) =>
    order.lines.map((line, lineIndex) => {
      const cells: Record<string, string> = {
        Name: order.name,
        Email: `buyer${orderIndex}@example.test`,
        'Lineitem quantity': String(line.quantity),
        'Lineitem name': line.name,
        'Lineitem price': String(line.price),
        'Lineitem sku': line.sku ?? '',
        'Lineitem requires shipping': 'true',
        'Lineitem taxable': 'true',
        'Lineitem fulfillment status': 'pending',
        Vendor: 'Atelier',
      };
      if (lineIndex === 0) {
        Object.assign(cells, {
          'Financial Status': order.financialStatus ?? 'paid',
          'Paid at': order.createdAt,
          'Fulfillment Status': 'unfulfilled',
          'Accepts Marketing': 'no',
          Currency: 'JPY',
          Subtotal: '0',
          Shipping: '0',
          Taxes: '0',
          Total: '0',
          'Shipping Method': 'Standard',
          'Created at': order.createdAt,
          'Cancelled at': order.cancelledAt ?? '',
          'Payment Method': 'Shopify Payments',
          Id: String(5_000_000_000 + orderIndex),
          Source: 'web',
        });
      }
      return SHOPIFY_COLUMNS.map((column) => quote(cells[column] ?? '')).join(',');
    }),
  );
  return `${SHOPIFY_COLUMNS.join(',')}\n${rows.join('\n')}\n`;
}
