import type { StockMovement } from '@inventory/contracts/parts';
import type { DbOrTx } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { listMovements } from '../stock/item-stock.ts';
import { PART_NOT_FOUND } from '../stock/part-stock.ts';
import { findPartName } from './parts-repository.ts';

/** The part's stock ledger (在庫履歴), newest first; a part of another workspace is a 404. */
export async function listPartMovements(db: DbOrTx, workspaceId: number, partId: number, limit: number): Promise<StockMovement[]> {
  if ((await findPartName(db, workspaceId, partId)) === undefined) throw notFound(PART_NOT_FOUND);
  return listMovements(db, workspaceId, 'part', partId, limit);
}
