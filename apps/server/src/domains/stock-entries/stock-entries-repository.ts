import type { StockEntry } from '@inventory/contracts/parts';
import type { Insertable } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { HistoryPage } from '../../db/sql-helpers.ts';
import type { StockEntriesTable } from '../../db/database.ts';
import { optionalSenToYen } from '../../lib/money.ts';
import { nowIso } from '../../lib/time.ts';

// All SQL of stock_entries: receipts (入荷) of the workspace, each with its part's name, newest
// first. A receipt and an order delivery both write their entry here.

/** Stores a receipt (created now); answers its id. */
export async function insertStockEntry(db: DbOrTx, values: Omit<Insertable<StockEntriesTable>, 'created_at'>): Promise<number> {
  const { id } = await db
    .insertInto('stock_entries')
    .values({ ...values, created_at: nowIso() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

function selectEntries(db: DbOrTx, workspaceId: number) {
  return db
    .selectFrom('stock_entries')
    .innerJoin('parts', 'parts.id', 'stock_entries.part_id')
    .select([
      'stock_entries.id as id',
      'stock_entries.part_id as part_id',
      'parts.name as part_name',
      'stock_entries.quantity as quantity',
      'stock_entries.unit_price_sen as unit_price_sen',
      'stock_entries.entry_date as entry_date',
      'stock_entries.notes as notes',
      'stock_entries.order_id as order_id',
      'stock_entries.created_at as created_at',
    ])
    .where('stock_entries.workspace_id', '=', workspaceId)
    .orderBy('stock_entries.entry_date', 'desc')
    .orderBy('stock_entries.id', 'desc');
}

type EntryRow = Awaited<ReturnType<ReturnType<typeof selectEntries>['executeTakeFirstOrThrow']>>;

function toStockEntry({ unit_price_sen: unitPriceSen, ...row }: EntryRow): StockEntry {
  return { ...row, unit_price: optionalSenToYen(unitPriceSen) };
}

/** A page of the receipts (of one part when partId is given), after the entry page.before names if given. */
export async function listStockEntries(db: DbOrTx, workspaceId: number, { limit, before }: HistoryPage, partId?: number): Promise<StockEntry[]> {
  let query = selectEntries(db, workspaceId);
  if (partId !== undefined) query = query.where('stock_entries.part_id', '=', partId);
  if (before) {
    query = query.where((eb) => eb(eb.refTuple('stock_entries.entry_date', 'stock_entries.id'), '<', eb.tuple(before.date, before.id)));
  }
  return (await query.limit(limit).execute()).map(toStockEntry);
}

export async function findStockEntry(db: DbOrTx, workspaceId: number, entryId: number): Promise<StockEntry | undefined> {
  const row = await selectEntries(db, workspaceId).where('stock_entries.id', '=', entryId).executeTakeFirst();
  return row && toStockEntry(row);
}
