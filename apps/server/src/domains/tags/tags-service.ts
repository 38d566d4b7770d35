import type { createTagBody, Tag, updateTagBody } from '@inventory/contracts/tags';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/database.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/http-error.ts';
import { notFoundMessages } from '../../lib/messages.ts';
import { pickUnusedTagColor } from './tag-colors.ts';
import { ensureRoomForOneMore } from '../workspaces/workspace-limits.ts';
import { countTags, deleteTagRow, findTag, insertTag, listTagColors, updateTagRow } from './tags-repository.ts';

export const tagMessages = {
  notFound: notFoundMessages.tag,
  duplicateName: '同じ名前のタグが既に存在します',
  deleted: 'タグを削除しました',
  inUse: (partCount: number) => `このタグは${partCount}件の部品で使用されているため削除できません`,
} as const;

type CreateTagInput = z.output<typeof createTagBody>;
type UpdateTagInput = z.output<typeof updateTagBody>;

export async function getTag(db: DbOrTx, workspaceId: number, tagId: number): Promise<Tag> {
  const tag = await findTag(db, workspaceId, tagId);
  if (!tag) throw notFound(tagMessages.notFound);
  return tag;
}

async function translateDuplicateName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(tagMessages.duplicateName);
    throw error;
  }
}

/** Creates the tag (a colour not used yet when none is given); a workspace at its limit of tags answers 409. */
export function createTag(db: Db, workspaceId: number, input: CreateTagInput): Promise<Tag> {
  return translateDuplicateName(() =>
    db.transaction().execute(async (trx) => {
      await ensureRoomForOneMore(trx, workspaceId, 'tags', countTags);
      const color = input.color ?? pickUnusedTagColor(await listTagColors(trx, workspaceId));
      const id = await insertTag(trx, workspaceId, { name: input.name, color });
      return getTag(trx, workspaceId, id);
    }),
  );
}

export function updateTag(db: Db, workspaceId: number, tagId: number, input: UpdateTagInput): Promise<Tag> {
  return translateDuplicateName(async () => {
    if (!(await updateTagRow(db, workspaceId, tagId, input))) throw notFound(tagMessages.notFound);
    return getTag(db, workspaceId, tagId);
  });
}

/**
 * Deletes a tag. Without force a tag that parts carry is refused with their count; with force
 * its links go with it (foreign key cascade).
 */
export async function deleteTag(db: Db, workspaceId: number, tagId: number, { force }: { force: boolean }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const tag = await getTag(trx, workspaceId, tagId);
    if (!force && tag.part_count > 0) throw conflict(tagMessages.inUse(tag.part_count));
    await deleteTagRow(trx, workspaceId, tagId);
  });
}
