import type { PartMovementKind, StockMovement } from '@inventory/contracts/parts';
import type { ProductMovementKind } from '@inventory/contracts/products';
import { STOCK_MAX } from '@inventory/contracts/fields';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import { chunks, inWorkspaceSkippingIndex, isPostgres } from '../../db/sql-helpers.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { nowIso, tokyoDateString } from '../../lib/time.ts';
import { refreshRecipeTotalsUsingParts } from '../recipe-totals/stored-recipe-totals.ts';

// The one place that changes the stock of a part or a product. Every change is a conditional
// UPDATE (never read-compute-write) that keeps the stock within [0, STOCK_MAX], plus a row in
// the stock_movements ledger, inside the caller's transaction, so an item's stock always equals
// the sum of its movements. Each ledger row carries the business date of its event
// (effective_date: the receipt's entry date, the sale's date, …; today in Asia/Tokyo for events
// without a date of their own), which the valuation sums by, and the reason of a stock set by
// hand or by a count. This module owns the stock_movements table and the current_stock
// column of parts and products; part-stock.ts binds it to parts (products call it with 'product').
// A change of parts' stock also recomputes the stored recipe totals of the products using them,
// once per call after all its updates (recipe-totals/stored-recipe-totals.ts): a caller that
// changes several parts does it in one call.

export interface StockActor {
  workspaceId: number;
  userId: number | null;
}


interface MovementKinds {
  part: PartMovementKind;
  product: ProductMovementKind;
}
export type StockItemKind = keyof MovementKinds;

/**
 * Where each kind of item keeps its stock. Both tables have id, workspace_id, name,
 * current_stock and updated_at, the only columns this module touches, so the queries are
 * written once against 'parts' and run on the table of the item kind.
 */
const ITEMS = {
  part: { table: 'parts', ledgerColumn: 'part_id', label: '部品', notFound: notFoundMessages.part },
  product: { table: 'products', ledgerColumn: 'product_id', label: '商品', notFound: notFoundMessages.product },
} as const;
const tableOf = (item: StockItemKind) => ITEMS[item].table as 'parts';

export const insufficientStockMessage = (item: StockItemKind, name: string, stock: number, needed: number) =>
  `${ITEMS[item].label}「${name}」の在庫が不足しています（在庫: ${stock}、必要: ${needed}）`;

export const stockCapMessage = (item: StockItemKind, name: string, stock: number, added: number) =>
  `${ITEMS[item].label}「${name}」の在庫が上限の${STOCK_MAX.toLocaleString('ja-JP')}を超えるため登録できません（在庫: ${stock}、追加: ${added}）`;

export const stockRangeMessage = `在庫数は0以上${STOCK_MAX.toLocaleString('ja-JP')}以下にしてください`;

/** What a ledger row says besides the quantity: the business date of its event and why. */
export interface MovementContext {
  /** yyyy-MM-dd; default today in Asia/Tokyo. */
  effectiveDate?: string;
  /** A code of STOCK_REASONS, for stock set by hand or by a count. */
  reason?: string | null;
  note?: string | null;
}

export interface StockChange<K extends StockItemKind> extends MovementContext {
  itemId: number;
  delta: number;
  kind: MovementKinds[K];
  referenceId?: number | null;
}

interface MovementRow extends MovementContext {
  itemId: number;
  delta: number;
  balance: number;
  kind: string;
  referenceId?: number | null;
}

async function recordMovements(trx: DbOrTx, actor: StockActor, item: StockItemKind, rows: MovementRow[]) {
  const now = nowIso();
  const today = tokyoDateString();
  for (const chunk of chunks(rows)) {
    await trx
      .insertInto('stock_movements')
      .values(
        chunk.map((row) => ({
          workspace_id: actor.workspaceId,
          part_id: item === 'part' ? row.itemId : null,
          product_id: item === 'product' ? row.itemId : null,
          kind: row.kind,
          quantity_delta: row.delta,
          balance_after: row.balance,
          reference_id: row.referenceId ?? null,
          note: row.note ?? null,
          reason: row.reason ?? null,
          effective_date: row.effectiveDate ?? today,
          user_id: actor.userId,
          created_at: now,
        })),
      )
      .execute();
  }
}

/**
 * Adds delta (negative to take stock out) to one item. Refuses with 409 when the stock would go
 * below zero or above STOCK_MAX, and 404 when the item is not in the actor's workspace. Returns
 * the new balance.
 */
export async function changeStock<K extends StockItemKind>(trx: DbOrTx, actor: StockActor, item: K, change: StockChange<K>): Promise<number> {
  const [balance] = await changeStocks(trx, actor, item, [change]);
  return balance!;
}

/**
 * changeStock for several items, applied in the order given (give them in id order: that is the
 * order every multi-item change takes its locks in). The first refusal stops the change; the
 * caller's transaction then rolls it back. Returns the new balances in the same order.
 */
export async function changeStocks<K extends StockItemKind>(trx: DbOrTx, actor: StockActor, item: K, changes: Array<StockChange<K>>): Promise<number[]> {
  const balances: number[] = [];
  for (const change of changes) balances.push(await applyChange(trx, actor, item, change));
  if (item === 'part') await refreshRecipeTotalsUsingParts(trx, actor.workspaceId, changes.map((change) => change.itemId));
  return balances;
}

async function applyChange<K extends StockItemKind>(trx: DbOrTx, actor: StockActor, item: K, change: StockChange<K>): Promise<number> {
  const balance = await applyStockUpdate(trx, actor, item, change.itemId, change.delta);
  await recordMovements(trx, actor, item, [{ ...change, balance }]);
  return balance;
}

/** The conditional UPDATE of one item's stock by delta; answers the new balance, or refuses (409, 404). */
async function applyStockUpdate(trx: DbOrTx, actor: StockActor, item: StockItemKind, itemId: number, delta: number): Promise<number> {
  const table = tableOf(item);
  // Taking out checks the floor, adding checks the cap (a stock stored over the cap before the
  // cap existed can still be taken out).
  const updated = await trx
    .updateTable(table)
    .set((eb) => ({ current_stock: eb('current_stock', '+', delta), updated_at: nowIso() }))
    .where('id', '=', itemId)
    .where('workspace_id', '=', actor.workspaceId)
    .where('current_stock', delta < 0 ? '>=' : '<=', delta < 0 ? -delta : STOCK_MAX - delta)
    .returning('current_stock')
    .executeTakeFirst();
  if (!updated) {
    const row = await trx
      .selectFrom(table)
      .select(['name', 'current_stock'])
      .where('id', '=', itemId)
      .where('workspace_id', '=', actor.workspaceId)
      .executeTakeFirst();
    if (!row) throw notFound(ITEMS[item].notFound);
    if (delta > 0) throw conflict(stockCapMessage(item, row.name, row.current_stock, delta));
    throw conflict(insufficientStockMessage(item, row.name, row.current_stock, -delta));
  }
  return updated.current_stock;
}

/**
 * An item's ledger, newest first, with the name of the person behind each change. A receipt's
 * row shows the receipt's note (入荷 備考), read from its stock entry.
 */
export function listMovements(db: DbOrTx, workspaceId: number, item: StockItemKind, itemId: number, limit: number): Promise<StockMovement[]> {
  return db
    .selectFrom('stock_movements')
    .leftJoin('users', 'users.id', 'stock_movements.user_id')
    .leftJoin('stock_entries', (join) =>
      join.onRef('stock_entries.id', '=', 'stock_movements.reference_id').on('stock_movements.kind', '=', 'receipt'),
    )
    .select((eb) => [
      'stock_movements.id as id',
      'stock_movements.kind as kind',
      'stock_movements.quantity_delta as quantity_delta',
      'stock_movements.balance_after as balance_after',
      'stock_movements.reference_id as reference_id',
      eb.fn.coalesce('stock_movements.note', 'stock_entries.notes').as('note'),
      'stock_movements.reason as reason',
      'stock_movements.effective_date as effective_date',
      'users.name as user_name',
      'stock_movements.created_at as created_at',
    ])
    .where('stock_movements.workspace_id', '=', workspaceId)
    .where(`stock_movements.${ITEMS[item].ledgerColumn}`, '=', itemId)
    .orderBy('stock_movements.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Takes the write lock on the given items of the workspace, in id order, and answers their stock
 * as it is under that lock: later writes in the transaction cannot race with anyone.
 * PostgreSQL: SELECT … ORDER BY id FOR NO KEY UPDATE (the lock a stock update takes). One UPDATE
 * of several rows would lock them in storage order instead, and deadlock with a manufacture that
 * takes the same parts one by one in id order. SQLite has no row locks and needs none: the app's
 * SQLite transactions run one at a time on its single connection.
 */
export async function lockStocks(trx: DbOrTx, workspaceId: number, item: StockItemKind, ids: number[]): Promise<Map<number, number>> {
  const stocks = new Map<number, number>();
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  for (const chunk of chunks(sorted)) {
    const query = trx
      .selectFrom(tableOf(item))
      .select(['id', 'current_stock'])
      .where('id', 'in', chunk)
      .where(inWorkspaceSkippingIndex(workspaceId))
      .orderBy('id');
    for (const row of await (isPostgres(trx) ? query.forNoKeyUpdate() : query).execute()) stocks.set(row.id, row.current_stock);
  }
  return stocks;
}

/**
 * Sets items to absolute stock values (an inline edit, a CSV import, a new item's opening
 * stock), recording the difference of each in the ledger. Items whose stock does not change get
 * no movement, but the recipe totals using every part given are recomputed (a caller that also
 * changed parts' prices gives them with the stock they keep). Throws 404 when an item is not in
 * the workspace, 400 for a value out of range.
 */
export async function setStocks<K extends StockItemKind>(
  trx: DbOrTx,
  actor: StockActor,
  item: K,
  targets: Array<{ itemId: number; stock: number }>,
  kind: MovementKinds[K],
  note: string | null = null,
  context: Omit<MovementContext, 'note'> = {},
): Promise<void> {
  if (targets.length === 0) return;
  if (targets.some((target) => !Number.isInteger(target.stock) || target.stock < 0 || target.stock > STOCK_MAX)) {
    throw badRequest(stockRangeMessage);
  }
  const current = await lockStocks(
    trx,
    actor.workspaceId,
    item,
    targets.map((target) => target.itemId),
  );
  const changes: MovementRow[] = [];
  for (const target of targets) {
    const before = current.get(target.itemId);
    if (before === undefined) throw notFound(ITEMS[item].notFound);
    if (before !== target.stock) {
      changes.push({ ...context, itemId: target.itemId, delta: target.stock - before, balance: target.stock, kind, note });
    }
  }
  await writeStocks(trx, actor, item, changes);
  if (item === 'part') await refreshRecipeTotalsUsingParts(trx, actor.workspaceId, [...current.keys()]);
}

/** An item a change of several would take below zero or above STOCK_MAX: nothing was changed. */
export interface RefusedStockChange {
  itemId: number;
  name: string;
  stock: number;
  delta: number;
}

/**
 * Adds each delta to its item, all of them or none: under the items' locks (id order), every
 * change whose result would leave [0, STOCK_MAX] is collected, and if there is any, nothing is
 * written and they are answered (the caller refuses with the whole list, where changeStocks stops
 * at the first). An item may come several times (an import's sales of one product): each change
 * is judged on the balance the ones before it leave. Otherwise each change is one ledger row with
 * its balance, written in a few statements whatever the number of items (a stocktake's commit or
 * a shop import of thousands of lines). 404 when an item is not in the workspace.
 */
export async function changeStocksAllOrNone<K extends StockItemKind>(
  trx: DbOrTx,
  actor: StockActor,
  item: K,
  changes: Array<StockChange<K>>,
): Promise<RefusedStockChange[]> {
  const current = await lockStocks(
    trx,
    actor.workspaceId,
    item,
    changes.map((change) => change.itemId),
  );
  const rows: MovementRow[] = [];
  const refused: Array<Omit<RefusedStockChange, 'name'>> = [];
  for (const change of changes) {
    const before = current.get(change.itemId);
    if (before === undefined) throw notFound(ITEMS[item].notFound);
    const after = before + change.delta;
    if (after < 0 || after > STOCK_MAX) refused.push({ itemId: change.itemId, stock: before, delta: change.delta });
    else if (change.delta !== 0) rows.push({ ...change, balance: after });
    current.set(change.itemId, after);
  }
  if (refused.length > 0) {
    const names = new Map<number, string>();
    for (const chunk of chunks(refused.map((refusal) => refusal.itemId))) {
      const found = await trx.selectFrom(tableOf(item)).select(['id', 'name']).where('id', 'in', chunk).where(inWorkspaceSkippingIndex(actor.workspaceId)).execute();
      for (const row of found) names.set(row.id, row.name);
    }
    return refused.map((refusal) => ({ ...refusal, name: names.get(refusal.itemId) ?? '' }));
  }
  await writeStocks(trx, actor, item, rows);
  if (item === 'part') await refreshRecipeTotalsUsingParts(trx, actor.workspaceId, [...current.keys()]);
  return [];
}

/**
 * Writes new balances (taken under the items' locks) and their ledger rows, a chunk of items per
 * statement. An item changed several times gets the balance of its last change: an UPDATE … FROM
 * with two VALUES rows for one item would take either.
 */
async function writeStocks(trx: DbOrTx, actor: StockActor, item: StockItemKind, changes: MovementRow[]) {
  const now = nowIso();
  const finalBalances = new Map(changes.map((change) => [change.itemId, change.balance]));
  for (const chunk of chunks([...finalBalances])) {
    // One UPDATE … FROM (VALUES …) per chunk; the VALUES columns are column1/column2 on both
    // databases, and the casts give PostgreSQL their types.
    const rows = sql.join(chunk.map(([itemId, balance]) => sql`(cast(${itemId} as integer), cast(${balance} as integer))`));
    const table = sql.table(ITEMS[item].table);
    await sql`update ${table} set current_stock = v.column2, updated_at = ${now}
      from (values ${rows}) as v
      where ${table}.id = v.column1 and ${table}.workspace_id = ${actor.workspaceId}`.execute(trx);
  }
  await recordMovements(trx, actor, item, changes);
}
