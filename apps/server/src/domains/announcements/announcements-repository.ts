import type { Announcement } from '@inventory/contracts/management-console';
import type { DbOrTx } from '../../db/database.ts';
import type { AnnouncementType } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

// All SQL of the announcements table. Announcements are system-wide (the management console's),
// so nothing here is scoped by a workspace.

/** What a create or an edit writes: the whole announcement. */
export interface AnnouncementValues {
  title: string;
  content: string;
  type: AnnouncementType;
  is_active: boolean;
}

const columns = ['id', 'title', 'content', 'type', 'is_active', 'created_at', 'updated_at'] as const;

interface AnnouncementRow {
  id: number;
  title: string;
  content: string;
  type: AnnouncementType;
  is_active: 0 | 1;
  created_at: string;
  updated_at: string;
}

const toAnnouncement = (row: AnnouncementRow): Announcement => ({ ...row, is_active: row.is_active === 1 });

/** Every announcement, or only the active ones, newest first (the same second's newest id first). */
export async function listAnnouncements(db: DbOrTx, { activeOnly = false }: { activeOnly?: boolean } = {}): Promise<Announcement[]> {
  let query = db.selectFrom('announcements').select(columns);
  if (activeOnly) query = query.where('is_active', '=', 1);
  const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toAnnouncement);
}

export async function insertAnnouncement(db: DbOrTx, values: AnnouncementValues, createdBy: number): Promise<Announcement> {
  const now = nowIso();
  const row = await db
    .insertInto('announcements')
    .values({ ...values, is_active: values.is_active ? 1 : 0, created_by: createdBy, created_at: now, updated_at: now })
    .returning(columns)
    .executeTakeFirstOrThrow();
  return toAnnouncement(row);
}

/** Replaces an announcement's fields; undefined when there is no such announcement. */
export async function updateAnnouncement(db: DbOrTx, id: number, values: AnnouncementValues): Promise<Announcement | undefined> {
  const row = await db
    .updateTable('announcements')
    .set({ ...values, is_active: values.is_active ? 1 : 0, updated_at: nowIso() })
    .where('id', '=', id)
    .returning(columns)
    .executeTakeFirst();
  return row ? toAnnouncement(row) : undefined;
}

/** Deletes an announcement; false when there was none. */
export async function deleteAnnouncement(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom('announcements').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
