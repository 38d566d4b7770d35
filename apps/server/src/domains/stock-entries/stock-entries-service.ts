import type { StockEntry } from '@inventory/contracts/parts';
import type { DbOrTx } from '../../db/database.ts';
import type { HistoryPage } from '../../db/sql-helpers.ts';
import { notFound } from '../../lib/http-error.ts';
import { findPartName } from '../parts/parts-repository.ts';
import { PART_NOT_FOUND } from '../stock/part-stock.ts';
import { listStockEntries } from './stock-entries-repository.ts';

export const listWorkspaceStockEntries = (db: DbOrTx, workspaceId: number, page: HistoryPage): Promise<StockEntry[]> =>
  listStockEntries(db, workspaceId, page);

/** Receipts of one part; a part of another workspace is a 404 like an unknown one. */
export async function listPartStockEntries(db: DbOrTx, workspaceId: number, partId: number, page: HistoryPage): Promise<StockEntry[]> {
  if ((await findPartName(db, workspaceId, partId)) === undefined) throw notFound(PART_NOT_FOUND);
  return listStockEntries(db, workspaceId, page, partId);
}
