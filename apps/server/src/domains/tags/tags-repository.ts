import type { Tag } from '@inventory/contracts/tags';
import type { DbOrTx } from '../../db/create-database.ts';

// SQL of the tags table, scoped by workspace. part_count says how many parts carry the tag.

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

export async function listTagColors(db: DbOrTx, workspaceId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('tags').select('color').where('workspace_id', '=', workspaceId).execute();
  return new Set(rows.map((row) => row.color.toUpperCase()));
}
