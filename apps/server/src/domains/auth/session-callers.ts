import type { Db, DbOrTx } from '../../db/create-database.ts';
import { watchTableChanges } from '../../db/table-changes.ts';
import { findSessionCallerNow, findSessionCallerUntilNow, type SessionCaller, type SessionLookup } from './sessions-repository.ts';

/** The per-request session lookup at once, or undefined when it must go the asynchronous way. */
export type SessionCallerNow = (db: DbOrTx, claims: { sessionId: string; userId: number; workspaceId: number }) => SessionLookup<SessionCaller> | undefined;

const MAX_REMEMBERED = 10_000;

interface Remembered {
  userId: number;
  workspaceId: number;
  stamp: number;
  untilMs: number;
  caller: SessionLookup<SessionCaller>;
}

/**
 * findSessionCallerNow that remembers each session's answer while no row of sessions or
 * memberships can have changed (db/table-changes.ts: every write of this app, and any commit of
 * another process on the file) and the session has not ended. The lookup ran on every signed-in
 * request and cost it about a fifth of its time on SQLite (README, Performance); a logout, a
 * revocation, a role change or a deactivation is still seen by the very next request. On
 * PostgreSQL, where other instances write, every request asks the database as before. (Tests
 * hand in a counting lookUp.)
 */
export function rememberingSessionCallers(db: Db, lookUp: typeof findSessionCallerUntilNow = findSessionCallerUntilNow): SessionCallerNow {
  const stampOf = watchTableChanges(db, ['sessions', 'memberships']);
  if (!stampOf) return findSessionCallerNow;
  const remembered = new Map<string, Remembered>();

  // The stamp is of this database: answers for it only.
  return (_sameDb, claims) => {
    const stamp = stampOf();
    if (stamp === undefined) return undefined;
    const known = remembered.get(claims.sessionId);
    if (known && known.stamp === stamp && known.userId === claims.userId && known.workspaceId === claims.workspaceId && known.untilMs > Date.now()) {
      return known.caller;
    }
    const found = lookUp(db, claims);
    if (!found) return undefined;
    if (!known && remembered.size >= MAX_REMEMBERED) remembered.delete(remembered.keys().next().value!);
    remembered.set(claims.sessionId, { userId: claims.userId, workspaceId: claims.workspaceId, stamp, ...found });
    return found.caller;
  };
}
