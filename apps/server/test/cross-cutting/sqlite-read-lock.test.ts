import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/create-database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { preparedQuery } from '../../src/db/prepared-query.ts';
import { ReadLockKeeper } from '../../src/db/sqlite-dialect.ts';

// The read-lock keeper of a SQLite file (db/sqlite-dialect.ts) must keep the file open to other
// processes and never hold back a checkpoint after the app's own writes.
describe.skipIf(process.env.TEST_DATABASE === 'postgres')('SQLite read-lock keeper', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'read-lock-'));
  const file = path.join(dir, 'app.db');
  const { db } = createDatabase(`sqlite:${file}`);
  await migrateToLatest(db);
  const countWorkspaces = preparedQuery((kysely, minId: number) => kysely.selectFrom('workspaces').select('id').where('id', '>=', minId));
  const tick = () => new Promise((resolve) => setTimeout(resolve, ReadLockKeeper.TICK_MS * 3));
  const insertWorkspace = (name: string) => {
    const now = new Date().toISOString();
    return db.insertInto('workspaces').values({ name, created_at: now, updated_at: now }).execute();
  };
  /** A checkpoint from another connection, without waiting: busy is 1 when a reader holds it back. */
  const checkpointFromOutside = (mode: 'TRUNCATE' | 'FULL') => {
    const other = new SQLite(file);
    try {
      other.pragma('busy_timeout = 0');
      return (other.pragma(`wal_checkpoint(${mode})`) as Array<{ busy: number; log: number; checkpointed: number }>)[0]!;
    } finally {
      other.close();
    }
  };

  afterAll(async () => {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lets another process read and write the file while the app only reads', async () => {
    await countWorkspaces(db, 1);
    await tick();
    const script = `const S = require('better-sqlite3'); const d = new S(${JSON.stringify(file)}); d.pragma('busy_timeout = 0');
      d.prepare("insert into workspaces (name, created_at, updated_at) values ('outside', 'x', 'x')").run();
      process.stdout.write(String(d.prepare('select count(*) as n from workspaces').get().n));`;
    const output = execFileSync(process.execPath, ['-e', script], { cwd: import.meta.dirname, encoding: 'utf8' });
    expect(Number(output)).toBeGreaterThanOrEqual(1);
    expect((await countWorkspaces(db, 1)).length).toBe(Number(output));
  });

  it('holds back no checkpoint right after the app writes', async () => {
    await countWorkspaces(db, 1);
    await tick();
    await insertWorkspace(`after-write-${Date.now()}`);
    // TRUNCATE needs no reader at all: the keeper has let go before the write.
    expect(checkpointFromOutside('TRUNCATE').busy).toBe(0);
  });

  it("holds back an outside writer's checkpoint at most one tick", async () => {
    await countWorkspaces(db, 1);
    await tick();
    const other = new SQLite(file);
    other.prepare("insert into workspaces (name, created_at, updated_at) values ('outside-2', 'x', 'x')").run();
    other.close();
    await tick();
    const { busy, log, checkpointed } = checkpointFromOutside('FULL');
    expect({ busy, checkpointed }).toEqual({ busy: 0, checkpointed: log });
  });

  it('starts with a frame in the write-ahead log, so statements read the file size from its index, not with fstat', async () => {
    const again = path.join(dir, 'restarted.db');
    const first = createDatabase(`sqlite:${again}`).db;
    await migrateToLatest(first);
    await first.destroy();
    // A clean shutdown leaves no log; the next start writes one frame at once.
    expect(existsSync(`${again}-wal`) ? statSync(`${again}-wal`).size : 0).toBe(0);
    const second = createDatabase(`sqlite:${again}`).db;
    try {
      expect(statSync(`${again}-wal`).size).toBeGreaterThan(0);
      expect(Number((await sql<{ user_version: number }>`pragma user_version`.execute(second)).rows[0]!.user_version)).toBe(0);
    } finally {
      await second.destroy();
    }
  });
});
