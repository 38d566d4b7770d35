import type { DbOrTx } from '../../db/database.ts';
import { chunks, inWorkspaceSkippingIndex, SQL_CHUNK } from '../../db/sql-helpers.ts';
import { nowIso } from '../../lib/time.ts';

// All SQL of part_tags, the links between parts and tags, scoped by workspace.

function groupTagIds(links: Array<{ part_id: number; tag_id: number }>): Map<number, number[]> {
  const byPart = new Map<number, number[]>();
  for (const link of links) {
    const list = byPart.get(link.part_id);
    if (list) list.push(link.tag_id);
    else byPart.set(link.part_id, [link.tag_id]);
  }
  return byPart;
}

/** Every link of the workspace, by part then tag. */
export function listPartTagLinks(db: DbOrTx, workspaceId: number) {
  return db
    .selectFrom('part_tags')
    .select(['part_id', 'tag_id'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('part_id')
    .orderBy('tag_id')
    .execute();
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
    .where(inWorkspaceSkippingIndex(workspaceId))
    .where('part_id', 'in', partIds)
    .orderBy('tag_id')
    .execute();
  return groupTagIds(links);
}

/** Links the tag to the part; an existing link stays as it is. */
export async function linkTag(db: DbOrTx, workspaceId: number, partId: number, tagId: number): Promise<void> {
  await db
    .insertInto('part_tags')
    .values({ workspace_id: workspaceId, part_id: partId, tag_id: tagId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['part_id', 'tag_id']).doNothing())
    .execute();
}

export async function unlinkTag(db: DbOrTx, workspaceId: number, partId: number, tagId: number): Promise<void> {
  await db.deleteFrom('part_tags').where('workspace_id', '=', workspaceId).where('part_id', '=', partId).where('tag_id', '=', tagId).execute();
}

/** Parts carrying each of the given tags → how many of those tags they carry. */
export async function countTagsPerPart(db: DbOrTx, workspaceId: number, tagIds: number[]): Promise<Map<number, number>> {
  const matching = new Map<number, number>();
  for (const ids of chunks(tagIds)) {
    const rows = await db
      .selectFrom('part_tags')
      .select(['part_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where(inWorkspaceSkippingIndex(workspaceId))
      .where('tag_id', 'in', ids)
      .groupBy('part_id')
      .execute();
    for (const row of rows) matching.set(row.part_id, (matching.get(row.part_id) ?? 0) + Number(row.n));
  }
  return matching;
}

/** Makes each listed part's tags exactly the given ids (its other links go). */
export async function replaceTagLinks(db: DbOrTx, workspaceId: number, parts: Array<{ id: number; tagIds: number[] }>): Promise<void> {
  for (const chunk of chunks(parts)) {
    await db
      .deleteFrom('part_tags')
      .where(inWorkspaceSkippingIndex(workspaceId))
      .where(
        'part_id',
        'in',
        chunk.map((part) => part.id),
      )
      .execute();
  }
  const now = nowIso();
  const links = parts.flatMap((part) => part.tagIds.map((tagId) => ({ workspace_id: workspaceId, part_id: part.id, tag_id: tagId, created_at: now })));
  for (const chunk of chunks(links)) await db.insertInto('part_tags').values(chunk).execute();
}
