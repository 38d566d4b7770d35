import type { Part } from '@inventory/contracts/parts';
import type { PartTagsMap, Tag } from '@inventory/contracts/tags';
import type { Db, DbOrTx } from '../../db/create-database.ts';
import { notFound } from '../../lib/http-error.ts';
import { nowIso } from '../../lib/time.ts';
import { chunks, inWorkspace } from '../../db/sql-helpers.ts';
import { findPartName, listPartsByIds } from '../parts/parts-repository.ts';
import { PART_NOT_FOUND } from '../stock/part-stock.ts';
import { listTags, listTagsOfPart } from './tags-repository.ts';
import { getTag } from './tags-service.ts';

// Links between parts and tags. Both ends must belong to the caller's workspace; an id of
// another workspace is a 404 like an unknown one.

async function requirePart(db: DbOrTx, workspaceId: number, partId: number) {
  if ((await findPartName(db, workspaceId, partId)) === undefined) throw notFound(PART_NOT_FOUND);
}

export async function getTagsOfPart(db: DbOrTx, workspaceId: number, partId: number): Promise<Tag[]> {
  await requirePart(db, workspaceId, partId);
  return listTagsOfPart(db, workspaceId, partId);
}

/** Links the tag to the part; linking it again changes nothing. Answers the part's tags. */
export async function addTagToPart(db: Db, workspaceId: number, partId: number, tagId: number): Promise<Tag[]> {
  return db.transaction().execute(async (trx) => {
    await requirePart(trx, workspaceId, partId);
    await getTag(trx, workspaceId, tagId);
    await trx
      .insertInto('part_tags')
      .values({ workspace_id: workspaceId, part_id: partId, tag_id: tagId, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['part_id', 'tag_id']).doNothing())
      .execute();
    return listTagsOfPart(trx, workspaceId, partId);
  });
}

/** Unlinks the tag from the part (nothing to do when it was not linked). Answers the part's tags. */
export async function removeTagFromPart(db: Db, workspaceId: number, partId: number, tagId: number): Promise<Tag[]> {
  return db.transaction().execute(async (trx) => {
    await requirePart(trx, workspaceId, partId);
    await getTag(trx, workspaceId, tagId);
    await trx
      .deleteFrom('part_tags')
      .where('workspace_id', '=', workspaceId)
      .where('part_id', '=', partId)
      .where('tag_id', '=', tagId)
      .execute();
    return listTagsOfPart(trx, workspaceId, partId);
  });
}

/** Every tagged part of the workspace → its tags (parts without tags are left out): two queries. */
export async function getPartTagsMap(db: DbOrTx, workspaceId: number): Promise<PartTagsMap> {
  const tags = await listTags(db, workspaceId);
  const links = await db
    .selectFrom('part_tags')
    .select(['part_id', 'tag_id'])
    .where('workspace_id', '=', workspaceId)
    .orderBy('part_id')
    .orderBy('tag_id')
    .execute();
  const tagsById = new Map(tags.map((tag) => [tag.id, tag]));
  const map: PartTagsMap = {};
  for (const link of links) {
    const tag = tagsById.get(link.tag_id);
    if (!tag) continue;
    (map[String(link.part_id)] ??= []).push(tag);
  }
  return map;
}

/**
 * Parts that carry ALL the given tags. Tag ids that are unknown or belong to another workspace
 * have no links here, so they simply match nothing.
 */
export async function searchPartsByTags(db: DbOrTx, workspaceId: number, tagIds: number[]): Promise<Part[]> {
  if (tagIds.length === 0) return [];
  const matching = new Map<number, number>();
  for (const ids of chunks(tagIds)) {
    const rows = await db
      .selectFrom('part_tags')
      .select(['part_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .where(inWorkspace(workspaceId))
      .where('tag_id', 'in', ids)
      .groupBy('part_id')
      .execute();
    for (const row of rows) matching.set(row.part_id, (matching.get(row.part_id) ?? 0) + Number(row.n));
  }
  const partIds = [...matching].filter(([, count]) => count === tagIds.length).map(([partId]) => partId);
  return partIds.length === 0 ? [] : listPartsByIds(db, workspaceId, partIds);
}
