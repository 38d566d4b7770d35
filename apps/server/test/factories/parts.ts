import { randomUUID } from 'node:crypto';
import type { CreatePartBody, Part } from '@inventory/contracts/parts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { call } from '../helpers/test-app.ts';

export const uniquePartName = (prefix = '部品') => `${prefix}-${randomUUID().slice(0, 8)}`;

/** The one way tests make a part: POST /parts, so an opening `current_stock` is booked in the ledger as production books it. */
export async function createPart(app: FastifyInstance, token: string, overrides: Partial<CreatePartBody> = {}): Promise<Part> {
  const response = await call(app, 'POST', '/api/parts', { token, body: { name: uniquePartName(), ...overrides } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export async function receive(app: FastifyInstance, token: string, partId: number, quantity: number) {
  return call(app, 'POST', `/api/parts/${partId}/stock-entry`, { token, body: { quantity, entry_date: '2026-11-22' } });
}

/** Stored state of the workspace's parts, tags, links, movements, receipts and orders (for "nothing changed"). */
export async function snapshotWorkspace(app: FastifyInstance, workspaceId: number) {
  const byId = <T extends { id: number }>(items: T[]) => [...items].sort((a, b) => a.id - b.id);
  const links = await app.db.selectFrom('part_tags').selectAll().where('workspace_id', '=', workspaceId).execute();
  return {
    parts: byId(await app.db.selectFrom('parts').selectAll().where('workspace_id', '=', workspaceId).execute()),
    tags: byId(await app.db.selectFrom('tags').selectAll().where('workspace_id', '=', workspaceId).execute()),
    links: links.sort((a, b) => a.part_id - b.part_id || a.tag_id - b.tag_id),
    movements: byId(await app.db.selectFrom('stock_movements').selectAll().where('workspace_id', '=', workspaceId).execute()),
    entries: byId(await app.db.selectFrom('stock_entries').selectAll().where('workspace_id', '=', workspaceId).execute()),
    orders: byId(await app.db.selectFrom('orders').selectAll().where('workspace_id', '=', workspaceId).execute()),
  };
}

/** A multipart/form-data upload of one file, as browsers send it. */
export function uploadCsv(
  app: FastifyInstance,
  token: string | undefined,
  content: string | Uint8Array,
  { field = 'csv', filename = 'parts.csv', contentType = 'text/csv' } = {},
): Promise<LightMyRequestResponse> {
  const boundary = `----test${randomUUID().replaceAll('-', '')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    typeof content === 'string' ? Buffer.from(content, 'utf8') : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/parts/import/csv',
    payload: body,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}
