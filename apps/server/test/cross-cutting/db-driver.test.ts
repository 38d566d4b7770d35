import { describe, expect, it } from 'vitest';
import { preparedQuery } from '../../src/db/prepared-query.ts';
import { createTestApp } from '../helpers/test-app.ts';

// The database layer itself, on whichever database this run uses (SQLite and PostgreSQL).
const app = await createTestApp();

async function insertWorkspace(trx: Pick<typeof app.db, 'insertInto'>, name: string) {
  const now = new Date().toISOString();
  await trx.insertInto('workspaces').values({ name, created_at: now, updated_at: now }).execute();
}

const namesLike = async (prefix: string) =>
  (await app.db.selectFrom('workspaces').select('name').where('name', 'like', `${prefix}%`).orderBy('name').execute()).map((row) => row.name);

describe('savepoints', () => {
  it('rolls back to a savepoint, keeps what came before it, and commits the rest', async () => {
    const prefix = `sp-${Date.now()}-`;
    const trx = await app.db.startTransaction().execute();
    await insertWorkspace(trx, `${prefix}a`);
    const afterA = await trx.savepoint('after_a').execute();
    await insertWorkspace(afterA, `${prefix}b`);
    const rolledBack = await afterA.rollbackToSavepoint('after_a').execute();
    await insertWorkspace(rolledBack, `${prefix}c`);
    const kept = await rolledBack.savepoint('before_d').execute();
    await insertWorkspace(kept, `${prefix}d`);
    const released = await kept.releaseSavepoint('before_d').execute();
    await released.commit().execute();

    expect(await namesLike(prefix)).toEqual([`${prefix}a`, `${prefix}c`, `${prefix}d`]);
  });

  it('undoes a failed step inside a transaction without losing the transaction', async () => {
    const prefix = `sp-fail-${Date.now()}-`;
    const trx = await app.db.startTransaction().execute();
    await insertWorkspace(trx, `${prefix}kept`);
    const step = await trx.savepoint('step').execute();
    // A NOT NULL violation aborts the statement (and, on PostgreSQL, the transaction until the rollback to the savepoint).
    await expect(step.insertInto('workspaces').values({ name: null as unknown as string, created_at: 'x', updated_at: 'x' }).execute()).rejects.toThrow();
    await step.rollbackToSavepoint('step').execute();
    await insertWorkspace(trx, `${prefix}after`);
    await trx.commit().execute();

    expect(await namesLike(prefix)).toEqual([`${prefix}after`, `${prefix}kept`]);
  });

  it('rolls everything back when the transaction is rolled back after a released savepoint', async () => {
    const prefix = `sp-all-${Date.now()}-`;
    const trx = await app.db.startTransaction().execute();
    const step = await trx.savepoint('step').execute();
    await insertWorkspace(step, `${prefix}x`);
    await step.releaseSavepoint('step').execute();
    await trx.rollback().execute();
    expect(await namesLike(prefix)).toEqual([]);
  });
});

describe('preparedQuery', () => {
  it('runs with new values on every call', async () => {
    const byName = preparedQuery((db, name: string) => db.selectFrom('workspaces').select('name').where('name', '=', name));
    const prefix = `pq-${Date.now()}-`;
    await insertWorkspace(app.db, `${prefix}1`);
    await insertWorkspace(app.db, `${prefix}2`);
    expect(await byName(app.db, `${prefix}1`)).toEqual([{ name: `${prefix}1` }]);
    expect(await byName(app.db, `${prefix}2`)).toEqual([{ name: `${prefix}2` }]);
  });

  it('refuses, on first use, an argument that does not become a parameter', async () => {
    // Used in JavaScript logic: the placeholder object is truthy, so the first call would decide the query forever.
    const byNameOrAll = preparedQuery((db, name: string, onlyName: boolean) => {
      const query = db.selectFrom('workspaces').select('name');
      return onlyName ? query.where('name', '=', name) : query;
    });
    await expect(byNameOrAll(app.db, 'x', false)).rejects.toThrow(/argument 2 of 2 does not appear in the compiled parameters/);
  });
});

describe('prepared queries and transactions', () => {
  const byName = preparedQuery((db, name: string) => db.selectFrom('workspaces').select('name').where('name', '=', name));

  it('never read what an open transaction has not committed, and see it once committed', async () => {
    const name = `direct-${Date.now()}`;
    const rolledBack = await app.db.startTransaction().execute();
    await insertWorkspace(rolledBack, name);
    // Started while the transaction is open: on SQLite it waits for the one connection, on PostgreSQL it reads the committed state.
    const duringRolledBack = byName(app.db, name);
    await rolledBack.rollback().execute();
    expect(await duringRolledBack).toEqual([]);

    const committed = await app.db.startTransaction().execute();
    await insertWorkspace(committed, name);
    await committed.commit().execute();
    expect(await byName(app.db, name)).toEqual([{ name }]);
  });

  it('run inside the transaction they are given', async () => {
    const name = `direct-trx-${Date.now()}`;
    const trx = await app.db.startTransaction().execute();
    await insertWorkspace(trx, name);
    expect(await byName(trx, name)).toEqual([{ name }]);
    await trx.rollback().execute();
    expect(await byName(app.db, name)).toEqual([]);
  });
});
