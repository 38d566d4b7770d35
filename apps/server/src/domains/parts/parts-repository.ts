import type { Part } from '@inventory/contracts/parts';
import type { DbOrTx } from '../../db/create-database.ts';
import { preparedQuery } from '../../db/prepared-query.ts';
import { chunks, inWorkspace, SQL_CHUNK } from '../../db/sql-helpers.ts';
import type { Part as PartRecord } from '../../db/schema.ts';
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

function groupTagIds(links: Array<{ part_id: number; tag_id: number }>): Map<number, number[]> {
  const byPart = new Map<number, number[]>();
  for (const link of links) {
    const list = byPart.get(link.part_id);
    if (list) list.push(link.tag_id);
    else byPart.set(link.part_id, [link.tag_id]);
  }
  return byPart;
}

/**
 * Tag ids of every part of the workspace, or of the given parts. More parts than one chunk are
 * served from the workspace's whole link list (one query) rather than one query per chunk.
 */
export async function loadTagIds(db: DbOrTx, workspaceId: number, partIds?: number[]): Promise<Map<number, number[]>> {
  if (!partIds || partIds.length > SQL_CHUNK) {
    const all = groupTagIds(
      await db.selectFrom('part_tags').select(['part_id', 'tag_id']).where('workspace_id', '=', workspaceId).orderBy('tag_id').execute(),
    );
    if (!partIds) return all;
    return new Map(partIds.flatMap((id) => (all.has(id) ? [[id, all.get(id)!] as const] : [])));
  }
  if (partIds.length === 0) return new Map();
  const links = await db
    .selectFrom('part_tags')
    .select(['part_id', 'tag_id'])
    .where(inWorkspace(workspaceId))
    .where('part_id', 'in', partIds)
    .orderBy('tag_id')
    .execute();
  return groupTagIds(links);
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
    rows.push(...(await db.selectFrom('parts').select(PART_COLUMNS).where(inWorkspace(workspaceId)).where('id', 'in', ids).execute()));
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
    .where(inWorkspace(workspaceId, 'parts.workspace_id'))
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
