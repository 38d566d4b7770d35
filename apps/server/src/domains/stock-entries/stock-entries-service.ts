import type { StockEntry } from '@inventory/contracts/parts';
import type { DbOrTx } from '../../db/create-database.ts';
import { notFound } from '../../lib/http-error.ts';
import { findPartName } from '../parts/parts-repository.ts';
import { PART_NOT_FOUND } from '../stock/part-stock.ts';
import { listStockEntries, listStockEntriesOfPart } from './stock-entries-repository.ts';

export const listWorkspaceStockEntries = (db: DbOrTx, workspaceId: number): Promise<StockEntry[]> => listStockEntries(db, workspaceId);

/** Receipts of one part; a part of another workspace is a 404 like an unknown one. */
export async function listPartStockEntries(db: DbOrTx, workspaceId: number, partId: number): Promise<StockEntry[]> {
  if ((await findPartName(db, workspaceId, partId)) === undefined) throw notFound(PART_NOT_FOUND);
  return listStockEntriesOfPart(db, workspaceId, partId);
}
