import type { DbOrTx } from '../../db/database.ts';
import { nowIso } from '../../lib/time.ts';

// The invitation_codes table. A code is live while it is neither revoked nor expired.

/** The workspace an invitation code joins, when the code exists, is not revoked and not expired. */
export async function findWorkspaceIdByInvitation(db: DbOrTx, code: string): Promise<number | null> {
  const row = await db
    .selectFrom('invitation_codes')
    .select('workspace_id')
    .where('code', '=', code)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .executeTakeFirst();
  return row?.workspace_id ?? null;
}

/** The workspace's live code (the newest, should there ever be two). */
export function findLiveInvitationCode(db: DbOrTx, workspaceId: number) {
  return db
    .selectFrom('invitation_codes')
    .select(['code', 'expires_at'])
    .where('workspace_id', '=', workspaceId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', nowIso())
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

export async function insertInvitationCode(
  db: DbOrTx,
  values: { workspaceId: number; code: string; createdBy: number; createdAt: string; expiresAt: string },
) {
  await db
    .insertInto('invitation_codes')
    .values({
      workspace_id: values.workspaceId,
      code: values.code,
      created_by: values.createdBy,
      created_at: values.createdAt,
      expires_at: values.expiresAt,
      revoked_at: null,
    })
    .execute();
}

/** Revokes every live code of the workspace; answers how many there were. */
export async function revokeLiveInvitationCodes(db: DbOrTx, workspaceId: number): Promise<number> {
  const now = nowIso();
  const result = await db
    .updateTable('invitation_codes')
    .set({ revoked_at: now })
    .where('workspace_id', '=', workspaceId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
