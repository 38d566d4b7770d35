import type { Db, DbOrTx } from './create-database.ts';

/**
 * Runs an already compiled statement on the database handle itself (better-sqlite3 connection or
 * pg pool), skipping Kysely's executor: its connection provider, plugins and result wrapping cost
 * more than the small lookups every request makes. Only the root Kysely instance has one: inside
 * a transaction, queries go through the transaction as always.
 */
export type DirectRunner = <Row>(sql: string, parameters: readonly unknown[], name: string) => Promise<Row[]>;

const runners = new WeakMap<object, DirectRunner>();

export function registerDirectRunner(db: Db, runner: DirectRunner): void {
  runners.set(db, runner);
}

export function directRunnerOf(db: DbOrTx): DirectRunner | undefined {
  return runners.get(db);
}
