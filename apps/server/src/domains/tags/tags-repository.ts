import type { Tag } from '@inventory/contracts/tags';
import type { DbOrTx } from '../../db/database.ts';
import { chunks } from '../../db/sql-helpers.ts';
import { nowIso } from '../../lib/time.ts';

// All SQL of the tags table, scoped by workspace. part_count says how many parts carry the tag.

function selectTags(db: DbOrTx, workspaceId: number) {
  return db
    .selectFrom('tags')
    .select((eb) => [
      'tags.id',
      'tags.name',
      'tags.color',
      'tags.created_at',
      'tags.updated_at',
      eb
        .selectFrom('part_tags')
        .select(eb.fn.countAll<number | string>().as('n'))
        .whereRef('part_tags.tag_id', '=', 'tags.id')
        .as('part_count'),
    ])
    .where('tags.workspace_id', '=', workspaceId)
    .orderBy('tags.id');
}

type TagRow = Awaited<ReturnType<ReturnType<typeof selectTags>['executeTakeFirstOrThrow']>>;

const toTag = (row: TagRow): Tag => ({ ...row, part_count: Number(row.part_count ?? 0) });

export async function listTags(db: DbOrTx, workspaceId: number): Promise<Tag[]> {
  return (await selectTags(db, workspaceId).execute()).map(toTag);
}

export async function findTag(db: DbOrTx, workspaceId: number, tagId: number): Promise<Tag | undefined> {
  const row = await selectTags(db, workspaceId).where('tags.id', '=', tagId).executeTakeFirst();
  return row && toTag(row);
}

/** Tags of one part, in the order they were created. */
export async function listTagsOfPart(db: DbOrTx, workspaceId: number, partId: number): Promise<Tag[]> {
  const rows = await selectTags(db, workspaceId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('part_tags as link')
          .select('link.tag_id')
          .whereRef('link.tag_id', '=', 'tags.id')
          .where('link.part_id', '=', partId),
      ),
    )
    .execute();
  return rows.map(toTag);
}

/** Every tag of the workspace by name (id and colour), without the part counts. */
export function listTagNames(db: DbOrTx, workspaceId: number) {
  return db.selectFrom('tags').select(['id', 'name', 'color']).where('workspace_id', '=', workspaceId).execute();
}

export async function listTagColors(db: DbOrTx, workspaceId: number): Promise<Set<string>> {
  return new Set((await listTagNames(db, workspaceId)).map((row) => row.color.toUpperCase()));
}

/** How many tags the workspace holds (its limit: WORKSPACE_LIMITS.tags). */
export async function countTags(db: DbOrTx, workspaceId: number): Promise<number> {
  const row = await db.selectFrom('tags').select((eb) => eb.fn.countAll<number | string>().as('n')).where('workspace_id', '=', workspaceId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Stores a new tag; answers its id (a duplicate name throws the unique violation). */
export async function insertTag(db: DbOrTx, workspaceId: number, values: { name: string; color: string }): Promise<number> {
  const now = nowIso();
  const { id } = await db
    .insertInto('tags')
    .values({ workspace_id: workspaceId, ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Stores many new tags at once; a name that exists meanwhile is left as it is. */
export async function insertTagsIgnoringDuplicates(db: DbOrTx, workspaceId: number, tags: Array<{ name: string; color: string }>) {
  const now = nowIso();
  for (const chunk of chunks(tags)) {
    await db
      .insertInto('tags')
      .values(chunk.map((tag) => ({ workspace_id: workspaceId, ...tag, created_at: now, updated_at: now })))
      .onConflict((oc) => oc.columns(['workspace_id', 'name']).doNothing())
      .execute();
  }
}

/** Ids of the named tags of the workspace, by name (unknown names are left out). */
export async function findTagIdsByNames(db: DbOrTx, workspaceId: number, names: string[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const chunk of chunks(names)) {
    const rows = await db.selectFrom('tags').select(['id', 'name']).where('workspace_id', '=', workspaceId).where('name', 'in', chunk).execute();
    for (const tag of rows) ids.set(tag.name, tag.id);
  }
  return ids;
}

/** Answers whether the tag exists in the workspace. */
export async function updateTagRow(db: DbOrTx, workspaceId: number, tagId: number, changes: { name?: string; color?: string }): Promise<boolean> {
  const result = await db
    .updateTable('tags')
    .set({ ...changes, updated_at: nowIso() })
    .where('workspace_id', '=', workspaceId)
    .where('id', '=', tagId)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Deletes the tag; its links to parts go with it (foreign key cascade). */
export async function deleteTagRow(db: DbOrTx, workspaceId: number, tagId: number): Promise<void> {
  await db.deleteFrom('tags').where('workspace_id', '=', workspaceId).where('id', '=', tagId).execute();
}
