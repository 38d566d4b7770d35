import type { Db, DbOrTx } from './create-database.ts';

/**
 * Runs an already compiled statement on the database handle itself (better-sqlite3 connection or
 * pg pool), skipping Kysely's executor: its connection provider, plugins and result wrapping cost
 * more than the small lookups every request makes. Only the root Kysely instance has one: inside
 * a transaction, queries go through the transaction as always.
 */
export type DirectRunner = <Row>(sql: string, parameters: readonly unknown[], name: string) => Promise<Row[]>;

/**
 * Runs the statement at once and answers its rows, or undefined when it cannot run now (the
 * connection is held by a transaction): SQLite only, whose statements are synchronous anyway.
 */
export type ImmediateRunner = <Row>(sql: string, parameters: readonly unknown[]) => Row[] | undefined;

interface Runners {
  run: DirectRunner;
  runNow: ImmediateRunner | undefined;
}

const runners = new WeakMap<object, Runners>();

export function registerDirectRunner(db: Db, run: DirectRunner, runNow?: ImmediateRunner): void {
  runners.set(db, { run, runNow });
}

export function directRunnerOf(db: DbOrTx): DirectRunner | undefined {
  return runners.get(db)?.run;
}

export function immediateRunnerOf(db: DbOrTx): ImmediateRunner | undefined {
  return runners.get(db)?.runNow;
}
