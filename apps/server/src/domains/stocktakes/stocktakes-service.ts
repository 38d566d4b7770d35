import {
  type commitStocktakeBody,
  type createStocktakeBody,
  type Stocktake,
  type StocktakeCountsResponse,
  type stocktakeCountsBody,
  type StocktakeItemKind,
  type StocktakeSummary,
} from '@inventory/contracts/stocktakes';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { nowIso } from '../../lib/time.ts';
import { changeStocksAllOrNone, type RefusedStockChange, type StockActor } from '../stock/item-stock.ts';
import {
  closeStocktake,
  countTagsOfWorkspace,
  findLinesOfItems,
  findStocktakeHead,
  findStocktakeSummary,
  insertSnapshotLines,
  insertStocktake,
  type LineRef,
  listCountedLines,
  listLines,
  listStocktakeSummaries,
  lockStocktakeForCounts,
  markCounted,
  storeCounts,
} from './stocktakes-repository.ts';

// 棚卸し. A stocktake snapshots the stock of every item in its scope (zero stock included), any
// member records counts from any number of phones (the last count of a line wins and names who
// counted it), and its commit sets, in one transaction through the stock module, each counted
// item to its count plus every movement since the snapshot: that is its stock now plus
// (counted − expected), so sales and receipts made during the count stay. Ledger kind
// 'stocktake', pointing at the stocktake, with the commit's reason.
//
// Locks (PostgreSQL): the stocktake's row first (counts take it shared, a commit or cancel
// exclusively), then the items as every stock change takes them: products, then parts, each in
// id order. No other transaction locks a stocktake after an item, so this order adds no cycle.

export const stocktakeMessages = {
  notFound: '棚卸しが見つかりません',
  tagNotFound: notFoundMessages.tag,
  emptyScope: '対象の品目がありません。条件を見直してください',
  committed: 'この棚卸しは確定済みです',
  cancelled: 'この棚卸しは中止されています',
  notInStocktake: (label: string, id: number) => `${label}（ID: ${id}）はこの棚卸しの対象ではありません`,
  cancelledDone: '棚卸しを中止しました',
  wouldGoNegative: (count: number) => `確定すると在庫が0未満になる品目が${count}件あるため確定できません。数え直してください`,
  wouldPassCap: (count: number) => `確定すると在庫が上限を超える品目が${count}件あるため確定できません`,
} as const;

const LABELS: Record<StocktakeItemKind, string> = { part: '部品', product: '商品' };

type CreateInput = z.output<typeof createStocktakeBody>;
type CountsInput = z.output<typeof stocktakeCountsBody>;
type CommitInput = z.output<typeof commitStocktakeBody>;

/** The instant a day starts in Japan (ISO, UTC): "not counted since that day" compares with it. */
const tokyoDayStart = (date: string) => new Date(`${date}T00:00:00+09:00`).toISOString();

function refusalOfClosed(status: 'committed' | 'cancelled' | 'counting' | undefined): HttpError {
  if (status === undefined) return notFound(stocktakeMessages.notFound);
  return conflict(status === 'committed' ? stocktakeMessages.committed : stocktakeMessages.cancelled);
}

export async function createStocktake(db: Db, actor: StockActor, input: CreateInput): Promise<Stocktake> {
  const tagIds = input.scope.tag_ids && [...new Set(input.scope.tag_ids)];
  const id = await db.transaction().execute(async (trx) => {
    if (tagIds && tagIds.length > 0 && (await countTagsOfWorkspace(trx, actor.workspaceId, tagIds)) !== tagIds.length) {
      throw notFound(stocktakeMessages.tagNotFound);
    }
    const id = await insertStocktake(trx, {
      workspace_id: actor.workspaceId,
      name: input.name,
      scope: JSON.stringify(input.scope),
      created_by: actor.userId,
      created_at: nowIso(),
    });
    const filters = {
      tagIds,
      countedBefore: input.scope.not_counted_since === undefined ? undefined : tokyoDayStart(input.scope.not_counted_since),
    };
    // Products carry no tags: a scope chosen by tags holds parts only.
    const withTags = tagIds !== undefined && tagIds.length > 0;
    if (input.scope.kind !== 'products') await insertSnapshotLines(trx, actor.workspaceId, id, 'part', filters);
    if (input.scope.kind !== 'parts' && !withTags) await insertSnapshotLines(trx, actor.workspaceId, id, 'product', filters);
    const summary = await findStocktakeSummary(trx, actor.workspaceId, id);
    if (!summary || summary.line_count === 0) throw conflict(stocktakeMessages.emptyScope);
    return id;
  });
  return getStocktake(db, actor.workspaceId, id);
}

export function listStocktakes(db: DbOrTx, workspaceId: number): Promise<StocktakeSummary[]> {
  return listStocktakeSummaries(db, workspaceId);
}

export async function getStocktake(db: DbOrTx, workspaceId: number, id: number): Promise<Stocktake> {
  const summary = await findStocktakeSummary(db, workspaceId, id);
  if (!summary) throw notFound(stocktakeMessages.notFound);
  return { ...summary, lines: await listLines(db, workspaceId, id) };
}

/**
 * Records counts on a counting stocktake (409 once committed or cancelled). Every item must be a
 * line of it: an item of the workspace outside it is 400, an item that is not in the workspace
 * 404, and then nothing is stored. A line counted twice in one call keeps the later count.
 */
export async function recordCounts(db: Db, actor: StockActor, id: number, input: CountsInput): Promise<StocktakeCountsResponse> {
  return db.transaction().execute(async (trx) => {
    const head = await lockStocktakeForCounts(trx, actor.workspaceId, id);
    if (!head) throw notFound(stocktakeMessages.notFound);
    if (head.status !== 'counting') throw refusalOfClosed(head.status);
    const wanted: Array<{ item: StocktakeItemKind; itemId: number; counted: number }> = input.counts.map((count) =>
      count.part_id !== undefined ? { item: 'part', itemId: count.part_id, counted: count.counted } : { item: 'product', itemId: count.product_id!, counted: count.counted },
    );
    const lines = new Map<string, LineRef>();
    for (const item of ['part', 'product'] as const) {
      const ids = wanted.filter((count) => count.item === item).map((count) => count.itemId);
      if (ids.length === 0) continue;
      for (const line of await findLinesOfItems(trx, actor.workspaceId, id, item, ids)) lines.set(`${item}:${line.itemId}`, line);
    }
    const missing = wanted.find((count) => !lines.has(`${count.item}:${count.itemId}`));
    if (missing) throw await refusalOfMissing(trx, actor.workspaceId, missing.item, missing.itemId);
    const byLine = new Map<number, number>();
    for (const count of wanted) byLine.set(lines.get(`${count.item}:${count.itemId}`)!.lineId, count.counted);
    const counts = [...byLine].map(([lineId, counted]) => ({ lineId, counted })).sort((a, b) => a.lineId - b.lineId);
    await storeCounts(trx, actor.workspaceId, counts, actor.userId, nowIso());
    const summary = await findStocktakeSummary(trx, actor.workspaceId, id);
    return {
      lines: await listLines(
        trx,
        actor.workspaceId,
        id,
        counts.map((count) => count.lineId),
      ),
      counted_count: summary?.counted_count ?? 0,
      remaining_count: summary?.remaining_count ?? 0,
    };
  });
}

async function refusalOfMissing(trx: DbOrTx, workspaceId: number, item: StocktakeItemKind, itemId: number): Promise<HttpError> {
  const table = item === 'part' ? 'parts' : 'products';
  const exists = await trx.selectFrom(table).select('id').where('id', '=', itemId).where('workspace_id', '=', workspaceId).executeTakeFirst();
  if (!exists) return notFound(item === 'part' ? notFoundMessages.part : notFoundMessages.product);
  return badRequest(stocktakeMessages.notInStocktake(LABELS[item], itemId));
}

/** The 409 of a commit that would take stock below zero (or past the cap), listing every such item. */
function refusalOfCommit(refused: Array<RefusedStockChange & { item: StocktakeItemKind }>): HttpError {
  const negative = refused.filter((refusal) => refusal.stock + refusal.delta < 0);
  const message = negative.length > 0 ? stocktakeMessages.wouldGoNegative(negative.length) : stocktakeMessages.wouldPassCap(refused.length);
  return new HttpError(
    409,
    message,
    refused.map((refusal) => ({
      path: `${refusal.item}:${refusal.itemId}`,
      message: `${LABELS[refusal.item]}「${refusal.name}」: 現在の在庫 ${refusal.stock}、差異 ${refusal.delta > 0 ? '+' : ''}${refusal.delta}、確定後 ${refusal.stock + refusal.delta}`,
    })),
  );
}

/**
 * Commits a counting stocktake once: the guarded status change first (a second commit at the
 * same moment waits for this one and then answers 409), then every counted line's
 * counted − expected added to its item's stock now, all or none. Lines not counted change
 * nothing. Counted items get last_counted_at.
 */
export async function commitStocktake(db: Db, actor: StockActor, id: number, input: CommitInput): Promise<Stocktake> {
  await db.transaction().execute(async (trx) => {
    const at = nowIso();
    const closed = await closeStocktake(trx, actor.workspaceId, id, {
      status: 'committed',
      reason: input.reason,
      reason_note: input.reason_note,
      committed_by: actor.userId,
      committed_at: at,
    });
    if (!closed) throw refusalOfClosed((await findStocktakeHead(trx, actor.workspaceId, id))?.status);
    const refused: Array<RefusedStockChange & { item: StocktakeItemKind }> = [];
    for (const item of ['product', 'part'] as const) {
      const lines = await listCountedLines(trx, actor.workspaceId, id, item);
      if (lines.length === 0) continue;
      const changes = lines.map((line) => ({
        itemId: line.itemId,
        delta: line.counted! - line.expected,
        kind: 'stocktake' as const,
        referenceId: id,
        reason: input.reason,
        note: input.reason_note,
      }));
      const refusedOfKind = await changeStocksAllOrNone(trx, actor, item, changes);
      refused.push(...refusedOfKind.map((refusal) => ({ ...refusal, item })));
      if (refused.length === 0) {
        await markCounted(
          trx,
          actor.workspaceId,
          item,
          lines.map((line) => line.itemId),
          at,
        );
      }
    }
    if (refused.length > 0) throw refusalOfCommit(refused);
  });
  return getStocktake(db, actor.workspaceId, id);
}

/** Cancels a stocktake that is still counting; its counts stay readable, nothing else changes. */
export async function cancelStocktake(db: Db, actor: StockActor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const closed = await closeStocktake(trx, actor.workspaceId, id, { status: 'cancelled', cancelled_by: actor.userId, cancelled_at: nowIso() });
    if (!closed) throw refusalOfClosed((await findStocktakeHead(trx, actor.workspaceId, id))?.status);
  });
}
