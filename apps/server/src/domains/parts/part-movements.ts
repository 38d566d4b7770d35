import type { StockMovement } from '@inventory/contracts/parts';
import type { DbOrTx } from '../../db/create-database.ts';
import { notFound } from '../../lib/http-error.ts';
import { PART_NOT_FOUND } from '../stock/part-stock.ts';
import { findPartName } from './parts-repository.ts';

/** The part's stock ledger, newest first, with the name of the person behind each change. */
export async function listPartMovements(db: DbOrTx, workspaceId: number, partId: number, limit: number): Promise<StockMovement[]> {
  if ((await findPartName(db, workspaceId, partId)) === undefined) throw notFound(PART_NOT_FOUND);
  return db
    .selectFrom('stock_movements')
    .leftJoin('users', 'users.id', 'stock_movements.user_id')
    .select([
      'stock_movements.id as id',
      'stock_movements.kind as kind',
      'stock_movements.quantity_delta as quantity_delta',
      'stock_movements.balance_after as balance_after',
      'stock_movements.reference_id as reference_id',
      'stock_movements.note as note',
      'users.name as user_name',
      'stock_movements.created_at as created_at',
    ])
    .where('stock_movements.workspace_id', '=', workspaceId)
    .where('stock_movements.part_id', '=', partId)
    .orderBy('stock_movements.id', 'desc')
    .limit(limit)
    .execute();
}
