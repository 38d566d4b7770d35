import type { Part } from '@inventory/contracts/parts';
import type { DbOrTx } from '../../db/create-database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { chunks, inWorkspaceSkippingIndex } from '../../db/sql-helpers.ts';
import { loadTagIds } from './part-tags-repository.ts';
import type { Insertable } from 'kysely';
import type { Part as PartRecord, PartsTable, PartUpdate } from '../../db/schema.ts';
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
  if (lowStockOnly) query = query.whereRef('current_stock', '<=', 'min_stock_alert');
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
  // One row per tag (or one row with a null tag): the part and its tag ids in a single lookup.
  const rows = await partWithTagsQuery(db, workspaceId, partId);
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
