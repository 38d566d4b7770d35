import type { PartMovementKind } from '@inventory/contracts/parts';
import type { ExpressionBuilder } from 'kysely';
import type { Database, DbOrTx } from '../../db/database.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { changeStock, lockStocks, type MovementContext, setStocks, type StockActor } from './item-stock.ts';

// The stock module (item-stock.ts) bound to parts: the names the parts, receipts, orders and
// CSV code call.

export type { StockActor } from './item-stock.ts';

export const PART_NOT_FOUND = notFoundMessages.part;

/**
 * The low-stock rule in SQL: stock at or below the minimum (a part at 0 with minimum 0 is low), for
 * the parts list's filter, the dashboard's banner and its count, and the workspace's stats.
 */
export const isLowStock = (eb: ExpressionBuilder<Database, 'parts'>) => eb('current_stock', '<=', eb.ref('min_stock_alert'));

export const changePartStock = (
  trx: DbOrTx,
  actor: StockActor,
  { partId, ...change }: { partId: number; delta: number; kind: PartMovementKind; referenceId?: number | null } & MovementContext,
) => changeStock(trx, actor, 'part', { itemId: partId, ...change });

export const setPartStocks = (
  trx: DbOrTx,
  actor: StockActor,
  targets: Array<{ partId: number; stock: number }>,
  kind: PartMovementKind,
  note: string | null = null,
  context: Omit<MovementContext, 'note'> = {},
) =>
  setStocks(
    trx,
    actor,
    'part',
    targets.map(({ partId, stock }) => ({ itemId: partId, stock })),
    kind,
    note,
    context,
  );

export const lockPartStocks = (trx: DbOrTx, workspaceId: number, partIds: number[]) => lockStocks(trx, workspaceId, 'part', partIds);
