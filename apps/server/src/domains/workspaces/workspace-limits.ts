import { type LimitedKind, WORKSPACE_LIMITS, workspaceLimitMessages } from '@inventory/contracts/limits';
import type { DbOrTx } from '../../db/database.ts';
import { conflict } from '../../lib/http-error.ts';
import { lockWorkspace } from './workspaces-repository.ts';

// The per-workspace limits on parts, tags and products (contracts/limits.ts). Counting and then
// inserting would let simultaneous creates both see room for one more on PostgreSQL, so the
// count is taken under the workspace row's lock, which every such create takes first and holds
// until its transaction ends (SQLite runs the app's transactions one at a time anyway).

/** Locks the workspace and answers how many more rows of `kind` it has room for. */
export async function roomLeft(trx: DbOrTx, workspaceId: number, kind: LimitedKind, count: (trx: DbOrTx, workspaceId: number) => Promise<number>) {
  await lockWorkspace(trx, workspaceId);
  return Math.max(0, WORKSPACE_LIMITS[kind] - (await count(trx, workspaceId)));
}

/** Locks the workspace; a workspace at its limit of `kind` answers 409 with the limit's message. */
export async function ensureRoomForOneMore(trx: DbOrTx, workspaceId: number, kind: LimitedKind, count: (trx: DbOrTx, workspaceId: number) => Promise<number>) {
  if ((await roomLeft(trx, workspaceId, kind, count)) < 1) throw conflict(workspaceLimitMessages[kind]);
}
