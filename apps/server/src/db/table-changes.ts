import type { Db, DbOrTx } from './create-database.ts';
import type { Database } from './schema.ts';

/**
 * A number that changes whenever a row of the watched tables may have changed since it was last
 * read, or undefined when that cannot be told right now (the connection is held by a
 * transaction): a lookup of those tables remembered with the stamp it was read under is still
 * exact while the stamp is the same.
 */
export type ChangeStamp = () => number | undefined;

type TableWatcher = (tables: ReadonlyArray<keyof Database>) => ChangeStamp;

const watchers = new WeakMap<object, TableWatcher>();

/** The database's way to watch tables (SQLite only: see SqliteDriver.watchTables). */
export function registerTableWatcher(db: Db, watch: TableWatcher): void {
  watchers.set(db, watch);
}

/**
 * A change stamp of the tables, or undefined when this database cannot give one: PostgreSQL,
 * where other instances write too, so whatever is read from it must be read again each time.
 * Call it at start, while nothing holds the connection.
 */
export function watchTableChanges(db: DbOrTx, tables: ReadonlyArray<keyof Database>): ChangeStamp | undefined {
  return watchers.get(db)?.(tables);
}
