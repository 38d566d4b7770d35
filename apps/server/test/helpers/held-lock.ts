import type { FastifyInstance } from 'fastify';
import { type RawBuilder, sql } from 'kysely';

const POLL_MS = 10;
const WAIT_LIMIT_MS = 5000;

export interface HeldLock {
  /**
   * Resolves once `count` sessions wait behind the held lock, directly or behind another waiter,
   * or once `settled` (a request that may also finish without waiting) has settled.
   */
  waitForWaiters(count: number, settled?: Promise<unknown>): Promise<void>;
  /** Runs another statement in the transaction that holds the lock (to take a second lock). */
  run(statement: RawBuilder<unknown>): Promise<void>;
  release(): Promise<void>;
}

/**
 * PostgreSQL only: runs `statement` (a row lock) in a transaction of its own and keeps it, so a
 * test can stop a request at the exact statement that needs that row and run another request
 * in the meantime. SQLite runs one transaction at a time, so there is no such moment: nothing is
 * held and the waits return at once.
 */
export async function holdLock(app: FastifyInstance, statement: RawBuilder<unknown>): Promise<HeldLock> {
  if (app.dbKind !== 'postgres') return { waitForWaiters: async () => {}, run: async () => {}, release: async () => {} };
  const trx = await app.db.startTransaction().execute();
  await statement.execute(trx);
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
  const holder = rows[0]!.pid;

  // Other test files share the database: count only the sessions queued behind our holder.
  const waiters = async () => {
    const result = await sql<{ count: number }>`
      with recursive blocked(pid) as (
        select pid from pg_stat_activity where ${holder} = any(pg_blocking_pids(pid))
        union
        select activity.pid from pg_stat_activity activity join blocked on blocked.pid = any(pg_blocking_pids(activity.pid))
      )
      select cast(count(*) as integer) as count from blocked`.execute(app.db);
    return result.rows[0]!.count;
  };

  return {
    async waitForWaiters(count, settled) {
      let done = false;
      void settled?.finally(() => {
        done = true;
      });
      const deadline = Date.now() + WAIT_LIMIT_MS;
      while (!done && (await waiters()) < count) {
        if (Date.now() > deadline) throw new Error(`fewer than ${count} sessions waited behind the held lock`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    run: async (next) => {
      await next.execute(trx);
    },
    release: () => trx.commit().execute(),
  };
}
