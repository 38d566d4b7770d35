import type { PartMovementKind } from '@inventory/contracts/parts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/create-database.ts';
import { chunks, inWorkspace } from '../../db/sql-helpers.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';

// The one place that changes a part's stock. Every change is a conditional UPDATE (never
// read-compute-write) plus a row in the stock_movements ledger, inside the caller's
// transaction, so a part's stock always equals the sum of its movements.

export interface StockActor {
  workspaceId: number;
  userId: number | null;
}

export const PART_NOT_FOUND = '部品が見つかりません';
export const insufficientStockMessage = (name: string, stock: number, needed: number) =>
  `部品「${name}」の在庫が不足しています（在庫: ${stock}、必要: ${needed}）`;

interface MovementRow {
  partId: number;
  delta: number;
  balance: number;
  kind: PartMovementKind;
  referenceId?: number | null;
  note?: string | null;
}

async function recordMovements(trx: DbOrTx, actor: StockActor, rows: MovementRow[]) {
  const now = nowIso();
  for (const chunk of chunks(rows)) {
    await trx
      .insertInto('stock_movements')
      .values(
        chunk.map((row) => ({
          workspace_id: actor.workspaceId,
          part_id: row.partId,
          product_id: null,
          kind: row.kind,
          quantity_delta: row.delta,
          balance_after: row.balance,
          reference_id: row.referenceId ?? null,
          note: row.note ?? null,
          user_id: actor.userId,
          created_at: now,
        })),
      )
      .execute();
  }
}

/**
 * Adds delta (negative to take stock out) to one part. Refuses with 409 when the stock would go
 * below zero and 404 when the part is not in the actor's workspace. Returns the new balance.
 */
export async function changePartStock(
  trx: DbOrTx,
  actor: StockActor,
  change: { partId: number; delta: number; kind: PartMovementKind; referenceId?: number | null; note?: string | null },
): Promise<number> {
  const updated = await trx
    .updateTable('parts')
    .set((eb) => ({ current_stock: eb('current_stock', '+', change.delta), updated_at: nowIso() }))
    .where('id', '=', change.partId)
    .where('workspace_id', '=', actor.workspaceId)
    .where('current_stock', '>=', Math.max(0, -change.delta))
    .returning('current_stock')
    .executeTakeFirst();
  if (!updated) {
    const part = await trx
      .selectFrom('parts')
      .select(['name', 'current_stock'])
      .where('id', '=', change.partId)
      .where('workspace_id', '=', actor.workspaceId)
      .executeTakeFirst();
    if (!part) throw notFound(PART_NOT_FOUND);
    throw conflict(insufficientStockMessage(part.name, part.current_stock, -change.delta));
  }
  await recordMovements(trx, actor, [{ ...change, balance: updated.current_stock }]);
  return updated.current_stock;
}

/**
 * Takes the write lock on the given parts of the workspace (a no-op update) and answers their
 * stock as it is under that lock: later writes in the transaction cannot race with anyone.
 */
async function lockPartStocks(trx: DbOrTx, workspaceId: number, partIds: number[]): Promise<Map<number, number>> {
  const stocks = new Map<number, number>();
  const sorted = [...new Set(partIds)].sort((a, b) => a - b);
  for (const ids of chunks(sorted)) {
    const rows = await trx
      .updateTable('parts')
      .set((eb) => ({ current_stock: eb.ref('current_stock') }))
      .where('id', 'in', ids)
      .where(inWorkspace(workspaceId))
      .returning(['id', 'current_stock'])
      .execute();
    for (const row of rows) stocks.set(row.id, row.current_stock);
  }
  return stocks;
}

/**
 * Sets parts to absolute stock values (an inline edit, a CSV import, a new part's opening
 * stock), recording the difference of each in the ledger. Parts whose stock does not change
 * get no movement. Throws 404 when a part is not in the workspace.
 */
export async function setPartStocks(
  trx: DbOrTx,
  actor: StockActor,
  targets: Array<{ partId: number; stock: number }>,
  kind: PartMovementKind,
  note: string | null = null,
): Promise<void> {
  if (targets.length === 0) return;
  const current = await lockPartStocks(
    trx,
    actor.workspaceId,
    targets.map((target) => target.partId),
  );
  const changes: MovementRow[] = [];
  for (const target of targets) {
    const before = current.get(target.partId);
    if (before === undefined) throw notFound(PART_NOT_FOUND);
    if (target.stock < 0) throw conflict('在庫数は0以上にしてください');
    if (before !== target.stock) {
      changes.push({ partId: target.partId, delta: target.stock - before, balance: target.stock, kind, note });
    }
  }
  const now = nowIso();
  for (const chunk of chunks(changes)) {
    // One UPDATE … FROM (VALUES …) per chunk; the VALUES columns are column1/column2 on both
    // databases, and the casts give PostgreSQL their types.
    const rows = sql.join(
      chunk.map((change) => sql`(cast(${change.partId} as integer), cast(${change.balance} as integer))`),
    );
    await sql`update parts set current_stock = v.column2, updated_at = ${now}
      from (values ${rows}) as v
      where parts.id = v.column1 and parts.workspace_id = ${actor.workspaceId}`.execute(trx);
  }
  await recordMovements(trx, actor, changes);
}
