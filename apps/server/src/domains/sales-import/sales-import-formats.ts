import type { SalesImportColumns, SalesImportFormat, salesImportFormatBody } from '@inventory/contracts/sales-import';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import type { SalesImportFormatsTable } from '../../db/database.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { ensureRoomForOneMore } from '../workspaces/workspace-limits.ts';
import { normaliseStatus, type OrderReading, SHOPIFY_READING } from './order-file.ts';

// The order formats a workspace saved (GET/POST/PUT/DELETE /sales/import/formats): a name, the
// header name of each column, and the status values meaning cancelled. A format's id is the
// source of its imports (keys, aliases); deleting it deletes its aliases and keeps the keys, so
// the sales it made stay imported once.

export const formatMessages = {
  notFound: '取り込み形式が見つかりません',
  duplicateName: (name: string) => `取り込み形式「${name}」はすでに登録されています`,
  deleted: '取り込み形式を削除しました',
} as const;

type FormatBody = z.output<typeof salesImportFormatBody>;
type FormatRow = Selectable<SalesImportFormatsTable>;

function toFormat(row: FormatRow): SalesImportFormat {
  const columns = JSON.parse(row.columns) as SalesImportColumns;
  return {
    id: row.id,
    name: row.name,
    columns: { ...columns, order_id: columns.order_id!, order_date: columns.order_date!, quantity: columns.quantity!, unit_price: columns.unit_price! },
    cancelled_values: JSON.parse(row.cancelled_values) as string[],
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export async function listFormats(db: DbOrTx, workspaceId: number): Promise<SalesImportFormat[]> {
  const rows = await db.selectFrom('sales_import_formats').selectAll().where('workspace_id', '=', workspaceId).orderBy('name').orderBy('id').execute();
  return rows.map(toFormat);
}

export async function findFormat(db: DbOrTx, workspaceId: number, formatId: number): Promise<SalesImportFormat | undefined> {
  const row = await db.selectFrom('sales_import_formats').selectAll().where('id', '=', formatId).where('workspace_id', '=', workspaceId).executeTakeFirst();
  return row && toFormat(row);
}

const countFormats = async (trx: DbOrTx, workspaceId: number) =>
  Number(
    (
      await trx
        .selectFrom('sales_import_formats')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('workspace_id', '=', workspaceId)
        .executeTakeFirstOrThrow()
    ).count,
  );

/** A name taken by another format of the workspace answers 409. */
async function withUniqueName<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(formatMessages.duplicateName(name));
    throw error;
  }
}

export function createFormat(db: Db, workspaceId: number, body: FormatBody): Promise<SalesImportFormat> {
  return withUniqueName(body.name, () =>
    db.transaction().execute(async (trx) => {
      await ensureRoomForOneMore(trx, workspaceId, 'salesImportFormats', countFormats);
      const now = nowIso();
      const row = await trx
        .insertInto('sales_import_formats')
        .values({
          workspace_id: workspaceId,
          name: body.name,
          columns: JSON.stringify(body.columns),
          cancelled_values: JSON.stringify(body.cancelled_values),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return toFormat(row);
    }),
  );
}

export async function updateFormat(db: Db, workspaceId: number, formatId: number, body: FormatBody): Promise<SalesImportFormat> {
  const row = await withUniqueName(body.name, () =>
    db
      .updateTable('sales_import_formats')
      .set({ name: body.name, columns: JSON.stringify(body.columns), cancelled_values: JSON.stringify(body.cancelled_values), updated_at: nowIso() })
      .where('id', '=', formatId)
      .where('workspace_id', '=', workspaceId)
      .returningAll()
      .executeTakeFirst(),
  );
  if (!row) throw notFound(formatMessages.notFound);
  return toFormat(row);
}

/** Deletes the format and its aliases; its keys stay (its sales stay imported once). */
export async function deleteFormat(db: Db, workspaceId: number, formatId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('sales_import_formats').where('id', '=', formatId).where('workspace_id', '=', workspaceId).executeTakeFirst();
    if (deleted.numDeletedRows === 0n) throw notFound(formatMessages.notFound);
    await trx.deleteFrom('sales_import_aliases').where('workspace_id', '=', workspaceId).where('source', '=', String(formatId)).execute();
  });
}

/** How to read a file of the source: Shopify's export, or a saved format of the workspace (404 for any other). */
export async function readingOf(db: DbOrTx, workspaceId: number, source: string): Promise<OrderReading> {
  if (source === SHOPIFY_READING.source) return SHOPIFY_READING;
  const format = await findFormat(db, workspaceId, Number(source));
  if (!format) throw notFound(formatMessages.notFound);
  return {
    source,
    sourceName: format.name,
    columns: format.columns,
    cancelledAtColumn: null,
    cancelledValues: new Set(format.cancelled_values.map(normaliseStatus)),
    optionalColumns: new Set(),
  };
}
