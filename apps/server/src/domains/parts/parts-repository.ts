import type { Part } from '@inventory/contracts/parts';
import type { DbOrTx } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { chunks, inWorkspaceSkippingIndex, isPostgres } from '../../db/sql-helpers.ts';
import { loadTagIds } from './part-tags-repository.ts';
import { type Insertable, sql } from 'kysely';
import type { Part as PartRecord, PartsTable, PartUpdate } from '../../db/database.ts';
import { isLowStock } from '../stock/part-stock.ts';
import { nowIso } from '../../lib/time.ts';
import { optionalSenToYen } from '../../lib/money.ts';

// SQL of the parts table. Every function takes the workspace id: a part of another workspace
// is simply not there.

export const PART_COLUMNS = [
  'id',
  'name',
  'unit',
  'unit_price_sen',
  'current_stock',
  'min_stock_alert',
  'url',
  'part_number',
  'category',
  'barcode',
  'status',
  'created_at',
  'updated_at',
] as const;

type PartRow = Pick<PartRecord, (typeof PART_COLUMNS)[number]>;

export function toPart(row: PartRow, tagIds: number[]): Part {
  return {
    id: row.id,
    name: row.name,
    unit: row.unit,
    unit_price: optionalSenToYen(row.unit_price_sen),
    current_stock: row.current_stock,
    min_stock_alert: row.min_stock_alert,
    url: row.url,
    part_number: row.part_number,
    category: row.category,
    barcode: row.barcode,
    status: row.status as Part['status'],
    tag_ids: tagIds,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * Parts of the workspace with their tag ids: two queries (parts, links) merged here, so 10,000
 * parts cost the same two round trips as ten.
 */
export async function listParts(db: DbOrTx, workspaceId: number, { lowStockOnly = false } = {}): Promise<Part[]> {
  let query = db.selectFrom('parts').select(PART_COLUMNS).where('workspace_id', '=', workspaceId);
  if (lowStockOnly) query = query.where(isLowStock);
  const rows = await query.orderBy('id').execute();
  if (rows.length === 0) return [];
  const tagIds = lowStockOnly
    ? await loadTagIds(
        db,
        workspaceId,
        rows.map((row) => row.id),
      )
    : await loadTagIds(db, workspaceId);
  return rows.map((row) => toPart(row, tagIds.get(row.id) ?? []));
}

/**
 * The first `limit` parts at or below their minimum (isLowStock),
 * the largest shortfall (minimum − stock) first, then the lower stock, then by id: the most
 * urgent on top.
 */
export function listLowStockParts(db: DbOrTx, workspaceId: number, limit: number) {
  return db
    .selectFrom('parts')
    .select(['id', 'name', 'current_stock', 'min_stock_alert'])
    .where('workspace_id', '=', workspaceId)
    .where(isLowStock)
    .orderBy(sql`min_stock_alert - current_stock`, 'desc')
    .orderBy('current_stock')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** How many parts are at or below their minimum (isLowStock). */
export async function countLowStockParts(db: DbOrTx, workspaceId: number): Promise<number> {
  const row = await db
    .selectFrom('parts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('workspace_id', '=', workspaceId)
    .where(isLowStock)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the workspace's parts in id order, those after the given id (keyset paging). */
export async function listPartsAfter(db: DbOrTx, workspaceId: number, afterId: number, limit: number): Promise<Part[]> {
  const rows = await db
    .selectFrom('parts')
    .select(PART_COLUMNS)
    .where('workspace_id', '=', workspaceId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
  const tagIds = await loadTagIds(
    db,
    workspaceId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPart(row, tagIds.get(row.id) ?? []));
}

export async function listPartsByIds(db: DbOrTx, workspaceId: number, partIds: number[]): Promise<Part[]> {
  const rows: PartRow[] = [];
  for (const ids of chunks(partIds)) {
    rows.push(...(await db.selectFrom('parts').select(PART_COLUMNS).where(inWorkspaceSkippingIndex(workspaceId)).where('id', 'in', ids).execute()));
  }
  rows.sort((a, b) => a.id - b.id);
  const tagIds = await loadTagIds(
    db,
    workspaceId,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPart(row, tagIds.get(row.id) ?? []));
}

export async function findPart(db: DbOrTx, workspaceId: number, partId: number): Promise<Part | undefined> {
  return partOfRows(await partWithTagsQuery(db, workspaceId, partId));
}

/** One row per tag (or one row with a null tag): the part and its tag ids in a single lookup. */
function partOfRows(rows: Array<PartRow & { tag_id: number | null }>): Part | undefined {
  const [first] = rows;
  if (!first) return undefined;
  return toPart(
    first,
    rows.flatMap((row) => (row.tag_id === null ? [] : [row.tag_id])),
  );
}

// The smallest and most frequent lookup is compiled once (see db/prepared-query.ts).
const partWithTagsQuery = preparedQuery((db, workspaceId: number, partId: number) =>
  db
    .selectFrom('parts')
    .leftJoin('part_tags', 'part_tags.part_id', 'parts.id')
    .select([...PART_COLUMNS.map((column) => `parts.${column}` as const), 'part_tags.tag_id'])
    .where('parts.id', '=', partId)
    .where(inWorkspaceSkippingIndex(workspaceId, 'parts.workspace_id'))
    .orderBy('part_tags.tag_id'),
);

/** The part's name when it belongs to the workspace. */
export async function findPartName(db: DbOrTx, workspaceId: number, partId: number): Promise<string | undefined> {
  const row = await db
    .selectFrom('parts')
    .select('name')
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', partId)
    .executeTakeFirst();
  return row?.name;
}

/** The part's name and unit price (kept on orders and receipts) when it belongs to the workspace. */
export function findPartPricing(db: DbOrTx, workspaceId: number, partId: number) {
  return db
    .selectFrom('parts')
    .select(['name', 'unit_price_sen'])
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', partId)
    .executeTakeFirst();
}

/** Name and unit price of each of the given parts that belongs to the workspace. */
export async function findPartsPricing(db: DbOrTx, workspaceId: number, partIds: number[]) {
  const pricing = new Map<number, { name: string; unit_price_sen: number | null }>();
  for (const ids of chunks(partIds)) {
    const rows = await db
      .selectFrom('parts')
      .select(['id', 'name', 'unit_price_sen'])
      .where('id', 'in', ids)
      .where(inWorkspaceSkippingIndex(workspaceId))
      .execute();
    for (const { id, ...row } of rows) pricing.set(id, row);
  }
  return pricing;
}

/** Names of the products whose recipes use the part (sorted, each once). */
export async function findProductNamesUsingPart(db: DbOrTx, workspaceId: number, partId: number): Promise<string[]> {
  const rows = await db
    .selectFrom('recipe_lines')
    .innerJoin('products', 'products.id', 'recipe_lines.product_id')
    .select('products.name')
    .distinct()
    .where('recipe_lines.workspace_id', '=', workspaceId)
    .where('recipe_lines.part_id', '=', partId)
    .orderBy('products.name')
    .execute();
  return rows.map((row) => row.name);
}

/** Stores a new part; answers its id. */
export async function insertPart(db: DbOrTx, values: Insertable<PartsTable>): Promise<number> {
  const { id } = await db.insertInto('parts').values(values).returning('id').executeTakeFirstOrThrow();
  return id;
}

/** How many parts the workspace holds (its limit: WORKSPACE_LIMITS.parts). */
export async function countParts(db: DbOrTx, workspaceId: number): Promise<number> {
  const row = await db.selectFrom('parts').select((eb) => eb.fn.countAll<number | string>().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Changes columns of one part (stock goes through the stock module); answers whether it exists. */
export async function updatePartColumns(db: DbOrTx, workspaceId: number, partId: number, columns: Omit<PartUpdate, 'current_stock'>): Promise<boolean> {
  const result = await db
    .updateTable('parts')
    .set({ ...columns, updated_at: nowIso() })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', partId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the part (its orders, receipts, tag links and ledger rows cascade); answers whether it existed. */
export async function deletePartRow(db: DbOrTx, workspaceId: number, partId: number): Promise<boolean> {
  const result = await db.deleteFrom('parts').where('workspace_id', '=', workspaceId).where('id', '=', partId).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Ids of the named parts of the workspace, by name (names that do not exist are left out). */
export async function findPartIdsByNames(db: DbOrTx, workspaceId: number, names: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunks(names)) {
    const rows = await db.selectFrom('parts').select(['id', 'name']).where('workspace_id', '=', workspaceId).where('name', 'in', chunk).execute();
    for (const row of rows) ids.set(row.name, row.id);
  }
  return ids;
}

/** What a CSV import may change of a part, as stored: an import compares its rows with it. */
export const IMPORTED_PART_COLUMNS = ['id', 'name', 'unit', 'unit_price_sen', 'current_stock', 'min_stock_alert', 'url', 'part_number', 'category', 'barcode'] as const;

export type ImportedPartRow = Pick<PartRecord, (typeof IMPORTED_PART_COLUMNS)[number]>;

/**
 * Takes the write locks of the given parts in id order (so two imports, or an import and a stock
 * change, queue up instead of deadlocking) and answers their rows under that lock.
 * PostgreSQL: SELECT … FOR UPDATE. SQLite has no row locks and needs none: the app's SQLite
 * transactions run one at a time on its single connection.
 */
export async function lockPartsForImport(trx: DbOrTx, workspaceId: number, partIds: number[]): Promise<Map<number, ImportedPartRow>> {
  const parts = new Map<number, ImportedPartRow>();
  for (const chunk of chunks([...partIds].sort((a, b) => a - b))) {
    const query = trx
      .selectFrom('parts')
      .select(IMPORTED_PART_COLUMNS)
      .where(inWorkspaceSkippingIndex(workspaceId))
      .where('id', 'in', chunk)
      .orderBy('id');
    for (const row of await (isPostgres(trx) ? query.forUpdate() : query).execute()) parts.set(row.id, row);
  }
  return parts;
}

/** Stores many new parts at once; answers their ids by name. */
export async function insertPartsInBulk(db: DbOrTx, parts: Array<Insertable<PartsTable>>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunks(parts)) {
    for (const part of await db.insertInto('parts').values(chunk).returning(['id', 'name']).execute()) ids.set(part.name, part.id);
  }
  return ids;
}

export interface BulkColumn {
  column: 'unit' | 'unit_price_sen' | 'min_stock_alert' | 'part_number' | 'category' | 'url' | 'barcode';
  type: 'text' | 'bigint' | 'integer';
  /** A null value keeps the current one. */
  keepWhenNull?: boolean;
}

/**
 * Sets the given columns of many parts at once:
 * `UPDATE parts SET … FROM (VALUES (id, …), …) AS v WHERE parts.id = v.column1`, 500 rows per
 * statement (both databases name the VALUES columns column1, column2, …). The values travel as
 * plain parameters and are cast in the SET clause, which keeps the statement cheap to build.
 * Each row's values are in the order of the columns.
 */
export async function updatePartsInBulk(
  trx: DbOrTx,
  workspaceId: number,
  columns: BulkColumn[],
  rows: Array<{ id: number; values: Array<string | number | null> }>,
): Promise<void> {
  if (columns.length === 0 || rows.length === 0) return;
  const assignments = sql.join(
    columns.map((setter, index) => {
      const value = sql`cast(${sql.ref(`v.column${index + 2}`)} as ${sql.raw(setter.type)})`;
      return setter.keepWhenNull
        ? sql`${sql.ref(setter.column)} = coalesce(${value}, ${sql.ref(`parts.${setter.column}`)})`
        : sql`${sql.ref(setter.column)} = ${value}`;
    }),
  );
  const now = nowIso();
  for (const chunk of chunks(rows)) {
    const values = sql.join(chunk.map((row) => sql`(${sql.join([row.id, ...row.values])})`));
    await sql`update parts set ${assignments}, updated_at = ${now} from (values ${values}) as v
      where parts.id = cast(v.column1 as integer) and parts.workspace_id = ${workspaceId}`.execute(trx);
  }
}
