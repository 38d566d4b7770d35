import type { StocktakeItemKind, StocktakeLine, StocktakeScope, StocktakeStatus, StocktakeSummary } from '@inventory/contracts/stocktakes';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db/database.ts';
import type { StocktakesTable } from '../../db/database.ts';
import { chunks, isPostgres } from '../../db/sql-helpers.ts';

// SQL of the stocktakes and stocktake_lines tables. Every function takes the workspace id.

export interface StocktakeHead {
  id: number;
  status: StocktakeStatus;
}

const ITEM_TABLES = { part: 'parts', product: 'products' } as const;
const LINE_COLUMNS = { part: 'part_id', product: 'product_id' } as const;

export async function insertStocktake(
  trx: DbOrTx,
  row: Pick<StocktakesTable, 'workspace_id' | 'name' | 'scope' | 'created_by' | 'created_at'>,
): Promise<number> {
  const { id } = await trx
    .insertInto('stocktakes')
    .values({ ...row, reason: null, reason_note: null, committed_by: null, committed_at: null, cancelled_by: null, cancelled_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/**
 * The snapshot: one line per item of the scope with its stock as it is now, zero stock included,
 * in one INSERT … SELECT per kind (a single statement sees one consistent state of the stock).
 * Parts with any of `tagIds`; only items not counted since `countedBefore` (an ISO instant) when
 * given.
 */
export async function insertSnapshotLines(
  trx: DbOrTx,
  workspaceId: number,
  stocktakeId: number,
  item: StocktakeItemKind,
  { tagIds, countedBefore }: { tagIds?: number[] | undefined; countedBefore?: string | undefined },
): Promise<void> {
  const table = sql.table(ITEM_TABLES[item]);
  const partId = item === 'part' ? sql`id` : sql`cast(null as integer)`;
  const productId = item === 'product' ? sql`id` : sql`cast(null as integer)`;
  const byTags =
    tagIds && tagIds.length > 0
      ? sql`and id in (select part_id from part_tags where workspace_id = ${workspaceId} and tag_id in (${sql.join(tagIds)}))`
      : sql``;
  const notCountedSince = countedBefore !== undefined ? sql`and (last_counted_at is null or last_counted_at < ${countedBefore})` : sql``;
  await sql`insert into stocktake_lines (workspace_id, stocktake_id, part_id, product_id, expected)
    select cast(${workspaceId} as integer), cast(${stocktakeId} as integer), ${partId}, ${productId}, current_stock
    from ${table} where workspace_id = ${workspaceId} ${byTags} ${notCountedSince} order by id`.execute(trx);
}

export async function countTagsOfWorkspace(trx: DbOrTx, workspaceId: number, tagIds: number[]): Promise<number> {
  const { count } = await trx
    .selectFrom('tags')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('workspace_id', '=', workspaceId)
    .where('id', 'in', tagIds)
    .executeTakeFirstOrThrow();
  return Number(count);
}

const summaryQuery = (db: DbOrTx, workspaceId: number) =>
  db
    .selectFrom('stocktakes as s')
    .leftJoin('users as creator', 'creator.id', 's.created_by')
    .leftJoin('users as committer', 'committer.id', 's.committed_by')
    .leftJoin('users as canceller', 'canceller.id', 's.cancelled_by')
    .select([
      's.id as id',
      's.name as name',
      's.scope as scope',
      's.status as status',
      's.reason as reason',
      's.reason_note as reason_note',
      'creator.name as created_by',
      's.created_at as created_at',
      'committer.name as committed_by',
      's.committed_at as committed_at',
      'canceller.name as cancelled_by',
      's.cancelled_at as cancelled_at',
    ])
    .select((eb) => [
      eb.selectFrom('stocktake_lines').select(eb.fn.countAll<number>().as('n')).whereRef('stocktake_lines.stocktake_id', '=', 's.id').as('line_count'),
      eb
        .selectFrom('stocktake_lines')
        .select(sql<number>`count(stocktake_lines.counted)`.as('n'))
        .whereRef('stocktake_lines.stocktake_id', '=', 's.id')
        .as('counted_count'),
    ])
    .where('s.workspace_id', '=', workspaceId);

type SummaryRow = Awaited<ReturnType<ReturnType<typeof summaryQuery>['execute']>>[number];

function toSummary(row: SummaryRow): StocktakeSummary {
  const lineCount = Number(row.line_count ?? 0);
  const countedCount = Number(row.counted_count ?? 0);
  return {
    id: row.id,
    name: row.name,
    scope: JSON.parse(row.scope) as StocktakeScope,
    status: row.status,
    created_by: row.created_by,
    created_at: row.created_at,
    committed_by: row.committed_by,
    committed_at: row.committed_at,
    cancelled_by: row.cancelled_by,
    cancelled_at: row.cancelled_at,
    reason: row.reason as StocktakeSummary['reason'],
    reason_note: row.reason_note,
    line_count: lineCount,
    counted_count: countedCount,
    remaining_count: lineCount - countedCount,
  };
}

export async function listStocktakeSummaries(db: DbOrTx, workspaceId: number): Promise<StocktakeSummary[]> {
  return (await summaryQuery(db, workspaceId).orderBy('s.id', 'desc').execute()).map(toSummary);
}

export async function findStocktakeSummary(db: DbOrTx, workspaceId: number, id: number): Promise<StocktakeSummary | undefined> {
  const row = await summaryQuery(db, workspaceId).where('s.id', '=', id).executeTakeFirst();
  return row && toSummary(row);
}

/**
 * The stocktake's status, read under its row lock on PostgreSQL: a commit or cancel waits for the
 * counts, and counts for them and for each other. Counts of one stocktake take turns (each is a
 * short call): two that update the same lines at once, each in its own row order, would deadlock.
 */
export async function lockStocktakeForCounts(trx: DbOrTx, workspaceId: number, id: number): Promise<StocktakeHead | undefined> {
  const query = trx.selectFrom('stocktakes').select(['id', 'status']).where('id', '=', id).where('workspace_id', '=', workspaceId);
  return (isPostgres(trx) ? query.forNoKeyUpdate() : query).executeTakeFirst();
}

export async function findStocktakeHead(db: DbOrTx, workspaceId: number, id: number): Promise<StocktakeHead | undefined> {
  return db.selectFrom('stocktakes').select(['id', 'status']).where('id', '=', id).where('workspace_id', '=', workspaceId).executeTakeFirst();
}

/**
 * Moves a counting stocktake to committed or cancelled: the guarded one-time transition (a
 * second commit at the same moment waits on the row and then finds it no longer counting).
 */
export async function closeStocktake(
  trx: DbOrTx,
  workspaceId: number,
  id: number,
  change: Pick<StocktakesTable, 'reason' | 'reason_note' | 'committed_by' | 'committed_at'> & { status: 'committed' } | Pick<StocktakesTable, 'cancelled_by' | 'cancelled_at'> & { status: 'cancelled' },
): Promise<boolean> {
  const result = await trx
    .updateTable('stocktakes')
    .set(change)
    .where('id', '=', id)
    .where('workspace_id', '=', workspaceId)
    .where('status', '=', 'counting')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export interface LineRef {
  lineId: number;
  item: StocktakeItemKind;
  itemId: number;
  expected: number;
  counted: number | null;
}

/** The lines of the stocktake naming these items (absent: not in the stocktake). */
export async function findLinesOfItems(trx: DbOrTx, workspaceId: number, stocktakeId: number, item: StocktakeItemKind, itemIds: number[]): Promise<LineRef[]> {
  const column = LINE_COLUMNS[item];
  const found: LineRef[] = [];
  for (const chunk of chunks([...new Set(itemIds)])) {
    const rows = await trx
      .selectFrom('stocktake_lines')
      .select(['id', column, 'expected', 'counted'])
      .where('stocktake_id', '=', stocktakeId)
      .where('workspace_id', '=', workspaceId)
      .where(column, 'in', chunk)
      .execute();
    for (const row of rows) found.push({ lineId: row.id, item, itemId: (row as Record<string, number>)[column]!, expected: row.expected, counted: row.counted });
  }
  return found;
}

/** The counted lines of the stocktake, of one kind, in item id order (the order stock locks are taken in). */
export async function listCountedLines(trx: DbOrTx, workspaceId: number, stocktakeId: number, item: StocktakeItemKind): Promise<LineRef[]> {
  const column = LINE_COLUMNS[item];
  const rows = await trx
    .selectFrom('stocktake_lines')
    .select(['id', column, 'expected', 'counted'])
    .where('stocktake_id', '=', stocktakeId)
    .where('workspace_id', '=', workspaceId)
    .where(column, 'is not', null)
    .where('counted', 'is not', null)
    .orderBy(column)
    .execute();
  return rows.map((row) => ({ lineId: row.id, item, itemId: (row as Record<string, number>)[column]!, expected: row.expected, counted: row.counted }));
}

/** Stores counts (the last one of a line wins), with who counted and when; one statement per chunk. */
export async function storeCounts(trx: DbOrTx, workspaceId: number, counts: Array<{ lineId: number; counted: number }>, userId: number | null, at: string) {
  for (const chunk of chunks(counts)) {
    const rows = sql.join(chunk.map((count) => sql`(cast(${count.lineId} as integer), cast(${count.counted} as integer))`));
    await sql`update stocktake_lines set counted = v.column2, counted_by = ${userId}, counted_at = ${at}
      from (values ${rows}) as v
      where stocktake_lines.id = v.column1 and stocktake_lines.workspace_id = ${workspaceId}`.execute(trx);
  }
}

/** Marks items as counted at `at` (their rows are already locked by the stock change of the same commit). */
export async function markCounted(trx: DbOrTx, workspaceId: number, item: StocktakeItemKind, itemIds: number[], at: string) {
  for (const chunk of chunks(itemIds)) {
    await trx
      .updateTable(ITEM_TABLES[item] as 'parts')
      .set({ last_counted_at: at })
      .where('workspace_id', '=', workspaceId)
      .where('id', 'in', chunk)
      .execute();
  }
}

/**
 * The stocktake's lines with their items' names and values now, who counted each and its tags
 * (parts), parts first then products, each in id order; only `lineIds` when given.
 */
export async function listLines(db: DbOrTx, workspaceId: number, stocktakeId: number, lineIds?: number[]): Promise<StocktakeLine[]> {
  const partsQuery = (ids?: number[]) => {
    let query = db
      .selectFrom('stocktake_lines as l')
      .innerJoin('parts as p', 'p.id', 'l.part_id')
      .leftJoin('users as u', 'u.id', 'l.counted_by')
      .select(['l.id as line_id', 'p.id as item_id', 'p.name as name', 'p.part_number as part_number', 'p.unit as unit', 'p.unit_price_sen as value_sen'])
      .select(['l.expected as expected', 'l.counted as counted', 'u.name as counted_by', 'l.counted_at as counted_at'])
      .where('l.workspace_id', '=', workspaceId);
    // Looked up by line id when given: `+stocktake_id` keeps SQLite off the stocktake's index, which
    // would read every line of the stocktake for each chunk of ids.
    query = ids ? query.where(sql<number>`+l.stocktake_id`, '=', stocktakeId).where('l.id', 'in', ids) : query.where('l.stocktake_id', '=', stocktakeId);
    return query.orderBy('l.part_id').execute();
  };
  const productsQuery = (ids?: number[]) => {
    let query = db
      .selectFrom('stocktake_lines as l')
      .innerJoin('products as p', 'p.id', 'l.product_id')
      .leftJoin('product_recipe_totals as t', 't.product_id', 'p.id')
      .leftJoin('users as u', 'u.id', 'l.counted_by')
      .select(['l.id as line_id', 'p.id as item_id', 'p.name as name', 'p.part_number as part_number', sql<null>`null`.as('unit'), 't.cost_sen as value_sen'])
      .select(['l.expected as expected', 'l.counted as counted', 'u.name as counted_by', 'l.counted_at as counted_at'])
      .where('l.workspace_id', '=', workspaceId);
    query = ids ? query.where(sql<number>`+l.stocktake_id`, '=', stocktakeId).where('l.id', 'in', ids) : query.where('l.stocktake_id', '=', stocktakeId);
    return query.orderBy('l.product_id').execute();
  };
  const pieces = lineIds ? chunks(lineIds) : [undefined];
  const partRows: Awaited<ReturnType<typeof partsQuery>> = [];
  const productRows: Awaited<ReturnType<typeof productsQuery>> = [];
  for (const ids of pieces) {
    partRows.push(...(await partsQuery(ids)));
    productRows.push(...(await productsQuery(ids)));
  }
  const tags = new Map<number, number[]>();
  const addLinks = (links: Array<{ part_id: number; tag_id: number }>) => {
    for (const link of links) tags.set(link.part_id, [...(tags.get(link.part_id) ?? []), link.tag_id]);
  };
  const linkColumns = ['part_tags.part_id as part_id', 'part_tags.tag_id as tag_id'] as const;
  if (lineIds) {
    for (const ids of chunks(partRows.map((row) => row.item_id))) {
      addLinks(await db.selectFrom('part_tags').select(linkColumns).where('part_tags.workspace_id', '=', workspaceId).where('part_tags.part_id', 'in', ids).orderBy('part_tags.tag_id').execute());
    }
  } else if (partRows.length > 0) {
    addLinks(
      await db
        .selectFrom('part_tags')
        .innerJoin('stocktake_lines as l', 'l.part_id', 'part_tags.part_id')
        .select(linkColumns)
        .where('l.stocktake_id', '=', stocktakeId)
        .where('l.workspace_id', '=', workspaceId)
        .orderBy('part_tags.tag_id')
        .execute(),
    );
  }
  const toLine = (kind: StocktakeItemKind) => (row: (typeof partRows)[number]): StocktakeLine => ({
    item_kind: kind,
    item_id: row.item_id,
    name: row.name,
    part_number: row.part_number,
    unit: row.unit,
    tag_ids: kind === 'part' ? (tags.get(row.item_id) ?? []) : [],
    unit_value: Math.round(Number(row.value_sen ?? 0)) / 100,
    expected: row.expected,
    counted: row.counted,
    variance: row.counted === null ? null : row.counted - row.expected,
    counted_by: row.counted_by,
    counted_at: row.counted_at,
  });
  return [...partRows.map(toLine('part')), ...productRows.map(toLine('product'))];
}
