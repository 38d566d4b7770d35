import { SALES_IMPORT_HISTORY_LIMIT, type SalesImportHistoryEntry } from '@inventory/contracts/sales-import';
import { type Insertable, sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { SalesImportHistoryTable, SalesImportLineState } from '../../db/database.ts';
import { chunks } from '../../db/sql-helpers.ts';
import { nowIso } from '../../lib/time.ts';

// SQL of the import keys (sales_import_lines: one row per order line ever seen, unique per
// workspace, source, order id and line key) and of the import history.

export interface ImportKey {
  id: number;
  orderId: string;
  lineKey: string;
  state: SalesImportLineState;
  saleId: number | null;
  /** The product and quantity of the sale made from the line, while it exists. */
  saleProductId: number | null;
  saleQuantity: number | null;
}

export const keyOf = (orderId: string, lineKey: string) => `${orderId}\u0000${lineKey}`;

/** The keys of the source's lines of these orders, by keyOf(order id, line key). */
export async function loadImportKeys(db: DbOrTx, workspaceId: number, source: string, orderIds: string[]): Promise<Map<string, ImportKey>> {
  const keys = new Map<string, ImportKey>();
  for (const chunk of chunks([...new Set(orderIds)])) {
    const rows = await db
      .selectFrom('sales_import_lines as line')
      .leftJoin('sales', 'sales.id', 'line.sale_id')
      .select([
        'line.id as id',
        'line.order_id as order_id',
        'line.line_key as line_key',
        'line.state as state',
        'line.sale_id as sale_id',
        'sales.product_id as sale_product_id',
        'sales.quantity as sale_quantity',
      ])
      .where('line.workspace_id', '=', workspaceId)
      .where('line.source', '=', source)
      .where('line.order_id', 'in', chunk)
      .execute();
    for (const row of rows) {
      keys.set(keyOf(row.order_id, row.line_key), {
        id: row.id,
        orderId: row.order_id,
        lineKey: row.line_key,
        state: row.state,
        saleId: row.sale_id,
        saleProductId: row.sale_product_id,
        saleQuantity: row.sale_quantity,
      });
    }
  }
  return keys;
}

/**
 * Stores the keys of new lines, skipping those another import stored meanwhile (the unique
 * constraint decides; on PostgreSQL a simultaneous insert of the same key waits for the other
 * transaction and then skips). Answers the id of each key stored, by keyOf.
 */
export async function insertImportKeys(
  trx: DbOrTx,
  workspaceId: number,
  source: string,
  lines: Array<{ orderId: string; lineKey: string }>,
  state: SalesImportLineState,
): Promise<Map<string, number>> {
  const stored = new Map<string, number>();
  const now = nowIso();
  for (const chunk of chunks(lines)) {
    const rows = await trx
      .insertInto('sales_import_lines')
      .values(
        chunk.map((line) => ({
          workspace_id: workspaceId,
          source,
          order_id: line.orderId,
          line_key: line.lineKey,
          sale_id: null,
          state,
          created_at: now,
          updated_at: now,
        })),
      )
      .onConflict((conflict) => conflict.columns(['workspace_id', 'source', 'order_id', 'line_key']).doNothing())
      .returning(['id', 'order_id', 'line_key'])
      .execute();
    for (const row of rows) stored.set(keyOf(row.order_id, row.line_key), row.id);
  }
  return stored;
}

/** Points each key at the sale made from its line. */
export async function setKeySales(trx: DbOrTx, workspaceId: number, pairs: Array<{ keyId: number; saleId: number }>): Promise<void> {
  for (const chunk of chunks(pairs)) {
    // One UPDATE … FROM (VALUES …) per chunk, as the stock module sets stocks.
    const rows = sql.join(chunk.map((pair) => sql`(cast(${pair.keyId} as integer), cast(${pair.saleId} as integer))`));
    await sql`update sales_import_lines set sale_id = v.column2
      from (values ${rows}) as v
      where sales_import_lines.id = v.column1 and sales_import_lines.workspace_id = ${workspaceId}`.execute(trx);
  }
}

/**
 * Marks an imported line's key as returned (its order was cancelled), if it still points at the
 * sale: answers false when another import returned it first.
 */
export async function markKeyReturned(trx: DbOrTx, workspaceId: number, keyId: number, saleId: number): Promise<boolean> {
  const result = await trx
    .updateTable('sales_import_lines')
    .set({ state: 'returned', sale_id: null, updated_at: nowIso() })
    .where('id', '=', keyId)
    .where('workspace_id', '=', workspaceId)
    .where('state', '=', 'imported')
    .where('sale_id', '=', saleId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertHistory(db: DbOrTx, entry: Insertable<SalesImportHistoryTable>): Promise<void> {
  await db.insertInto('sales_import_history').values(entry).execute();
}

/** The latest imports of the workspace, newest first, with the name of who ran each. */
export async function listHistory(db: DbOrTx, workspaceId: number): Promise<SalesImportHistoryEntry[]> {
  return db
    .selectFrom('sales_import_history as history')
    .leftJoin('users', 'users.id', 'history.user_id')
    .select([
      'history.id as id',
      'history.created_at as created_at',
      'users.name as user_name',
      'history.file_name as file_name',
      'history.source as source',
      'history.source_name as source_name',
      'history.lines as lines',
      'history.imported as imported',
      'history.duplicates as duplicates',
      'history.returned as returned',
    ])
    .where('history.workspace_id', '=', workspaceId)
    .orderBy('history.id', 'desc')
    .limit(SALES_IMPORT_HISTORY_LIMIT)
    .execute();
}
