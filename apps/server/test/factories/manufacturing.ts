import type { CreatePlanBody, ManufactureBody, Plan } from '@inventory/contracts/manufacturing';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { PlanStatus } from '../../src/db/database.ts';
import type { RegisteredUser } from './users.ts';
import { call } from '../helpers/test-app.ts';

export function manufacture(app: FastifyInstance, token: string, productId: number, body: Partial<ManufactureBody> = {}) {
  return call(app, 'POST', `/api/manufacturing/products/${productId}/manufacture`, {
    token,
    body: { quantity: 1, manufacturing_date: '2026-11-22', ...body },
  });
}

/** The way tests make a plan: POST /manufacturing/plans. */
export async function createPlan(app: FastifyInstance, token: string, body: CreatePlanBody): Promise<Plan> {
  const response = await call(app, 'POST', '/api/manufacturing/plans', { token, body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/**
 * Stores a plan row straight in the table, for a status the API only reaches by manufacturing
 * (completed, remaining 0) next to plans of other statuses, without touching any stock.
 */
export async function insertPlanWithStatus(
  app: FastifyInstance,
  owner: RegisteredUser,
  { productId, start, end, status }: { productId: number; start: string; end: string; status: PlanStatus },
) {
  const now = new Date().toISOString();
  const { id } = await app.db
    .insertInto('manufacturing_plans')
    .values({
      workspace_id: owner.workspaceId,
      product_id: productId,
      quantity: 4,
      remaining_quantity: status === 'completed' ? 0 : 4,
      start_date: start,
      end_date: end,
      status,
      notes: null,
      created_by: owner.user.id,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * Stores a manufacturing record straight in the table: for reports and counts that only read
 * records, on the dates the test picks, without the recipe, part stock and ledger rows a real
 * manufacture (see `manufacture`) needs and writes. product null: a record of a deleted product.
 */
export async function insertManufacturingRecord(
  app: FastifyInstance,
  workspaceId: number,
  { product, quantity = 1, date = '2026-11-20' }: { product: { id: number | null; name: string }; quantity?: number; date?: string },
) {
  const { id } = await app.db
    .insertInto('manufacturing_records')
    .values({
      workspace_id: workspaceId,
      product_id: product.id,
      product_name: product.name,
      quantity,
      manufacturing_date: date,
      notes: null,
      created_by: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function stockOf(app: FastifyInstance, table: 'parts' | 'products', id: number): Promise<number> {
  return (await app.db.selectFrom(table).select('current_stock').where('id', '=', id).executeTakeFirstOrThrow()).current_stock;
}

/** Everything manufacturing can change in a workspace (for "nothing changed"). */
export async function snapshotManufacturing(app: FastifyInstance, workspaceId: number) {
  const byId = <T extends { id: number }>(rows: T[]) => [...rows].sort((a, b) => a.id - b.id);
  return {
    parts: byId(await app.db.selectFrom('parts').selectAll().where('workspace_id', '=', workspaceId).execute()),
    products: byId(await app.db.selectFrom('products').selectAll().where('workspace_id', '=', workspaceId).execute()),
    recipeLines: byId(await app.db.selectFrom('recipe_lines').selectAll().where('workspace_id', '=', workspaceId).execute()),
    records: byId(await app.db.selectFrom('manufacturing_records').selectAll().where('workspace_id', '=', workspaceId).execute()),
    plans: byId(await app.db.selectFrom('manufacturing_plans').selectAll().where('workspace_id', '=', workspaceId).execute()),
    orders: byId(await app.db.selectFrom('orders').selectAll().where('workspace_id', '=', workspaceId).execute()),
    movements: byId(await app.db.selectFrom('stock_movements').selectAll().where('workspace_id', '=', workspaceId).execute()),
  };
}
