import type { ManufacturingRecord } from '@inventory/contracts/manufacturing';
import { type Insertable, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { chunks, inWorkspaceSkippingIndex } from '../../db/sql-helpers.ts';
import type { ManufacturingRecordsTable } from '../../db/database.ts';

// SQL of the manufacturing_records table. A record keeps the product's name, so it outlives the
// product (product_id turns null).

const RECORD_COLUMNS = ['id', 'product_id', 'product_name', 'quantity', 'manufacturing_date', 'notes', 'created_at'] as const;

export async function insertRecord(trx: DbOrTx, values: Insertable<ManufacturingRecordsTable>): Promise<ManufacturingRecord> {
  return trx.insertInto('manufacturing_records').values(values).returning(RECORD_COLUMNS).executeTakeFirstOrThrow();
}

export interface RecordFilters {
  limit: number;
  productId?: number | undefined;
  startDate?: string | undefined;
  endDate?: string | undefined;
}

/**
 * Newest manufacturing date first; the same day's records newest first. Dates are inclusive.
 * With a product, its records are looked up by product (not every record of the workspace).
 */
export function listRecords(db: DbOrTx, workspaceId: number, { limit, productId, startDate, endDate }: RecordFilters): Promise<ManufacturingRecord[]> {
  let query = db.selectFrom('manufacturing_records').select(RECORD_COLUMNS);
  if (productId === undefined) query = query.where('workspace_id', '=', workspaceId);
  else query = query.where('product_id', '=', productId).where(inWorkspaceSkippingIndex(workspaceId));
  if (startDate !== undefined) query = query.where('manufacturing_date', '>=', startDate);
  if (endDate !== undefined) query = query.where('manufacturing_date', '<=', endDate);
  return query.orderBy('manufacturing_date', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Records dated in [from, before), in date order. */
export function listRecordsDatedBetween(db: DbOrTx, workspaceId: number, from: string, before: string): Promise<ManufacturingRecord[]> {
  return db
    .selectFrom('manufacturing_records')
    .select(RECORD_COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .where('manufacturing_date', '>=', from)
    .where('manufacturing_date', '<', before)
    .orderBy('manufacturing_date')
    .orderBy('id')
    .execute();
}

/**
 * What was made in [from, before) per day and product (as named on the records): the day's
 * total, and the first record's id to tell the groups apart. In date order, then by that id.
 */
export function sumRecordsByDayAndProduct(db: DbOrTx, workspaceId: number, from: string, before: string) {
  return db
    .selectFrom('manufacturing_records')
    .select([
      'manufacturing_date',
      'product_id',
      'product_name',
      sql<number>`min(id)`.as('first_id'),
      sql<number>`cast(sum(quantity) as bigint)`.as('quantity'),
    ])
    .where('workspace_id', '=', workspaceId)
    .where('manufacturing_date', '>=', from)
    .where('manufacturing_date', '<', before)
    .groupBy(['manufacturing_date', 'product_id', 'product_name'])
    .orderBy('manufacturing_date')
    .orderBy('first_id')
    .execute();
}

/**
 * Quantity manufactured of each of the given products per day between two dates (both
 * inclusive), looked up by product: the window may hold every record of the workspace.
 */
export async function sumManufacturedByDay(
  db: DbOrTx,
  workspaceId: number,
  productIds: number[],
  startDate: string,
  endDate: string,
): Promise<Array<{ product_id: number; manufacturing_date: string; quantity: number }>> {
  const totals: Array<{ product_id: number; manufacturing_date: string; quantity: number }> = [];
  for (const ids of chunks(productIds)) {
    const rows = await db
      .selectFrom('manufacturing_records')
      .select(['product_id', 'manufacturing_date', sql<number>`cast(sum(quantity) as bigint)`.as('quantity')])
      .where('product_id', 'in', ids)
      .where(inWorkspaceSkippingIndex(workspaceId))
      .where('manufacturing_date', '>=', startDate)
      .where('manufacturing_date', '<=', endDate)
      .groupBy(['product_id', 'manufacturing_date'])
      .execute();
    for (const row of rows) {
      if (row.product_id !== null) totals.push({ product_id: row.product_id, manufacturing_date: row.manufacturing_date, quantity: Number(row.quantity) });
    }
  }
  return totals;
}
