import type { Part } from '@inventory/contracts/parts';
import type { PartTagsMap, Tag } from '@inventory/contracts/tags';
import type { Db, DbOrTx } from '../../db/database.ts';
import { notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { listTags, listTagsOfPart } from '../tags/tags-repository.ts';
import { getTag } from '../tags/tags-service.ts';
import { countTagsPerPart, linkTag, listPartTagLinks, unlinkTag } from './part-tags-repository.ts';
import { findPartName, listPartsByIds } from './parts-repository.ts';

// Links between parts and tags. Both ends must belong to the caller's workspace; an id of
// another workspace is a 404 like an unknown one. The parts domain uses the tags domain, never
// the other way round.

async function requirePart(db: DbOrTx, workspaceId: number, partId: number) {
  if ((await findPartName(db, workspaceId, partId)) === undefined) throw notFound(notFoundMessages.part);
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
    await linkTag(trx, workspaceId, partId, tagId);
    return listTagsOfPart(trx, workspaceId, partId);
  });
}

/** Unlinks the tag from the part (nothing to do when it was not linked). Answers the part's tags. */
export async function removeTagFromPart(db: Db, workspaceId: number, partId: number, tagId: number): Promise<Tag[]> {
  return db.transaction().execute(async (trx) => {
    await requirePart(trx, workspaceId, partId);
    await getTag(trx, workspaceId, tagId);
    await unlinkTag(trx, workspaceId, partId, tagId);
    return listTagsOfPart(trx, workspaceId, partId);
  });
}

/** Every tagged part of the workspace → its tags (parts without tags are left out): two queries. */
export async function getPartTagsMap(db: DbOrTx, workspaceId: number): Promise<PartTagsMap> {
  const tags = await listTags(db, workspaceId);
  const links = await listPartTagLinks(db, workspaceId);
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
  const matching = await countTagsPerPart(db, workspaceId, tagIds);
  const partIds = [...matching].filter(([, count]) => count === tagIds.length).map(([partId]) => partId);
  return partIds.length === 0 ? [] : listPartsByIds(db, workspaceId, partIds);
}
