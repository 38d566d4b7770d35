import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  createQueryId,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  sql,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';

// Kysely's own SQLite driver wakes every waiting query each time the single connection is
// released (they all await one promise and race for it again), which costs O(n²) under
// concurrent requests: measured here, 20,000 simultaneous lookups took 4 ms each instead of
// 0.08 ms. This driver hands the connection to the next waiter in order and keeps prepared
// statements, which better-sqlite3 can reuse, instead of preparing every query again.

const STATEMENT_CACHE_SIZE = 500;

class FifoMutex {
  #locked = false;
  readonly #waiters: Array<() => void> = [];

  async lock(): Promise<void> {
    if (this.tryLock()) return;
    await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  isLocked(): boolean {
    return this.#locked;
  }

  tryLock(): boolean {
    if (this.#locked) return false;
    this.#locked = true;
    return true;
  }

  /** Passes the lock straight to the next waiter, so nobody else can take it in between. */
  unlock(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#locked = false;
  }
}

/**
 * Every statement outside a transaction is its own read transaction, and in WAL mode each one
 * takes and drops a read lock on the -shm file: two fcntl calls, measured 1.5 of the 3 µs a
 * one-row lookup costs. SQLite skips those calls when another connection of the same process
 * already holds that lock, so this second connection keeps a read transaction open while the app
 * only reads, and lets it go before anything takes the main connection (writes, transactions,
 * Kysely queries) so it never holds back a checkpoint then. It takes a fresh snapshot on every
 * tick, so another process's checkpoint is held back at most one tick (a TRUNCATE or RESTART
 * checkpoint from outside waits while the app only reads; the app's own writes reset the log).
 * Unlike locking_mode=EXCLUSIVE, other processes (backup, sqlite3) can still open the file.
 */
export class ReadLockKeeper {
  static readonly TICK_MS = 50;
  readonly #holder: SQLite.Database;
  readonly #read: SQLite.Statement;
  readonly #timer: NodeJS.Timeout;

  constructor(file: string, canHold: () => boolean) {
    this.#holder = new SQLite(file, { readonly: true });
    this.#read = this.#holder.prepare('select count(*) from sqlite_schema');
    this.#timer = setInterval(() => {
      this.release();
      if (canHold()) this.#hold();
    }, ReadLockKeeper.TICK_MS);
    this.#timer.unref();
  }

  #hold(): void {
    this.#holder.exec('begin');
    this.#read.get();
  }

  release(): void {
    if (this.#holder.inTransaction) this.#holder.exec('commit');
  }

  close(): void {
    clearInterval(this.#timer);
    this.release();
    this.#holder.close();
  }
}

/**
 * Counts the changes to some tables of this connection's database, for lookups that are
 * remembered while their tables stay the same (db/table-changes.ts). Temporary triggers count
 * every insert, update and delete made through this connection, cascades and test fixtures
 * included; PRAGMA data_version changes with every commit of any other connection (another
 * process on the file, the sqlite3 shell). Temporary triggers belong to this connection alone:
 * the file's schema and other connections never see them, and the counting function may run
 * from nowhere else (directOnly).
 */
class TableChangeCounter {
  #changes = 0;
  #dataVersion: unknown;
  readonly #watched = new Set<string>();
  readonly #readDataVersion: SQLite.Statement;

  constructor(private readonly sqlite: SQLite.Database) {
    sqlite.function('app_table_changed', { directOnly: true, deterministic: false }, () => {
      this.#changes++;
      return null;
    });
    this.#readDataVersion = sqlite.prepare('pragma data_version').pluck();
  }

  watch(tables: readonly string[]): void {
    for (const table of tables) {
      if (this.#watched.has(table)) continue;
      for (const event of ['insert', 'update', 'delete']) {
        this.sqlite.exec(`create temp trigger "app_changed_${table}_${event}" after ${event} on main."${table}" begin select app_table_changed(); end`);
      }
      this.#watched.add(table);
    }
  }

  /** Only while holding the connection. */
  stamp(): number {
    const dataVersion = this.#readDataVersion.get();
    if (dataVersion !== this.#dataVersion) {
      this.#dataVersion = dataVersion;
      this.#changes++;
    }
    return this.#changes;
  }
}

/** Keeps the most recently used values by key, up to STATEMENT_CACHE_SIZE. */
function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value !== undefined) {
    cache.delete(key);
  } else {
    value = make();
    if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  }
  cache.set(key, value);
  return value;
}

/**
 * A statement of the direct path (db/direct-query.ts) that reads its rows as arrays and turns
 * each into an object with a function made once for its columns: better-sqlite3 builds row
 * objects property by property, measured 1.3 µs of a 4.7 µs part lookup (13 columns) and 0.6 of
 * 4.3 µs for the session check, against about 0.1 µs for the object literal.
 */
interface DirectStatement {
  statement: SQLite.Statement;
  /** Absent for statements that return no rows (they run like any other). */
  toRow?: (values: unknown[]) => unknown;
}

/**
 * The objects better-sqlite3 makes, as one object literal: a later column of the same name wins.
 * Never given a column named __proto__ (see #prepareDirect).
 */
function rowBuilder(names: readonly string[]): (values: unknown[]) => unknown {
  const entries = names.map((name, index) => `${JSON.stringify(name)}: values[${index}]`);
  return new Function('values', `return { ${entries.join(', ')} };`) as (values: unknown[]) => unknown;
}

class SqliteConnection implements DatabaseConnection {
  readonly #statements = new Map<string, SQLite.Statement>();
  readonly #directStatements = new Map<string, DirectStatement>();

  constructor(private readonly sqlite: SQLite.Database) {}

  #prepare(sql: string): SQLite.Statement {
    return cached(this.#statements, sql, () => this.sqlite.prepare(sql));
  }

  #prepareDirect(sql: string): DirectStatement {
    return cached(this.#directStatements, sql, () => {
      const statement = this.sqlite.prepare(sql);
      if (!statement.reader) return { statement };
      const names = statement.columns().map((column) => column.name);
      // better-sqlite3's own objects treat a column named __proto__ differently from one Node
      // version to the next (dropped on 20, an own property on 24): such a statement keeps them.
      if (names.includes('__proto__')) return { statement };
      statement.raw(true);
      return { statement, toRow: rowBuilder(names) };
    });
  }

  /** One statement of the direct path: rows as objects, as execute() answers them. */
  executeDirect<R>(sql: string, parameters: readonly unknown[]): R[] {
    const { statement, toRow } = this.#prepareDirect(sql);
    if (!toRow) return this.execute<R>(sql, parameters).rows;
    const rows = statement.all(parameters) as unknown[];
    for (let index = 0; index < rows.length; index++) rows[index] = toRow(rows[index] as unknown[]);
    return rows as R[];
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.execute<R>(compiledQuery.sql, compiledQuery.parameters);
  }

  execute<R>(sql: string, parameters: readonly unknown[]): QueryResult<R> {
    const statement = this.#prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery(): AsyncIterableIterator<QueryResult<never>> {
    throw new Error('Streaming is not used by this app');
  }
}

class SqliteDriver implements Driver {
  readonly #mutex = new FifoMutex();
  readonly #connection: SqliteConnection;
  readonly #readLockKeeper: ReadLockKeeper | undefined;
  #changeCounter: TableChangeCounter | undefined;

  constructor(
    private readonly sqlite: SQLite.Database,
    file: string,
  ) {
    this.#connection = new SqliteConnection(sqlite);
    this.#readLockKeeper = file === ':memory:' ? undefined : new ReadLockKeeper(file, () => !this.#mutex.isLocked());
  }

  /**
   * Runs one statement on the connection without Kysely's executor (db/direct-query.ts): still
   * in turn with every transaction, and at once when nobody holds the connection.
   */
  runDirect<R>(sql: string, parameters: readonly unknown[]): Promise<R[]> {
    if (this.#mutex.tryLock()) return this.#runLocked<R>(sql, parameters);
    return this.#mutex.lock().then(() => this.#runLocked<R>(sql, parameters));
  }

  /**
   * Runs one statement synchronously when nobody holds the connection (undefined otherwise, and
   * the caller goes the asynchronous way): a request whose lookups all run at once needs no
   * promise at all. Errors are thrown.
   */
  runDirectNow<R>(sql: string, parameters: readonly unknown[]): R[] | undefined {
    if (!this.#mutex.tryLock()) return undefined;
    try {
      return this.#connection.executeDirect<R>(sql, parameters);
    } finally {
      this.#mutex.unlock();
    }
  }

  /**
   * A change stamp of the tables (TableChangeCounter): at start, while nothing holds the
   * connection. The stamp is undefined while a transaction holds it.
   */
  watchTables(tables: readonly string[]): () => number | undefined {
    if (!this.#mutex.tryLock()) throw new Error('watchTables: the connection is held; watch tables at start');
    try {
      this.#changeCounter ??= new TableChangeCounter(this.sqlite);
      this.#changeCounter.watch(tables);
    } finally {
      this.#mutex.unlock();
    }
    const counter = this.#changeCounter;
    return () => {
      if (!this.#mutex.tryLock()) return undefined;
      try {
        return counter.stamp();
      } finally {
        this.#mutex.unlock();
      }
    };
  }

  /** Runs while holding the lock and releases it; errors come back as a rejected promise. */
  #runLocked<R>(sql: string, parameters: readonly unknown[]): Promise<R[]> {
    try {
      return Promise.resolve(this.#connection.executeDirect<R>(sql, parameters));
    } catch (error) {
      return Promise.reject(error);
    } finally {
      this.#mutex.unlock();
    }
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#readLockKeeper?.release();
    await this.#mutex.lock();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  // Savepoints let a step inside a transaction fail and be undone alone (trx.savepoint()).
  async savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await connection.executeQuery(compileQuery(sql`savepoint ${sql.id(name)}`.toOperationNode(), createQueryId()));
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await connection.executeQuery(compileQuery(sql`rollback to ${sql.id(name)}`.toOperationNode(), createQueryId()));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    await connection.executeQuery(compileQuery(sql`release ${sql.id(name)}`.toOperationNode(), createQueryId()));
  }

  async releaseConnection(): Promise<void> {
    this.#mutex.unlock();
  }

  async destroy(): Promise<void> {
    this.#readLockKeeper?.close();
    this.sqlite.close();
  }
}

/** Kysely's SQLite dialect with the driver above; one driver (one connection) per dialect. */
export class BetterSqliteDialect implements Dialect {
  readonly #driver: SqliteDriver;

  /** file: the database file (or ':memory:'), for the read-lock keeper's second connection. */
  constructor(sqlite: SQLite.Database, file: string) {
    this.#driver = new SqliteDriver(sqlite, file);
  }

  createAdapter() {
    return new SqliteAdapter();
  }

  createDriver(): Driver {
    return this.#driver;
  }

  runDirect<R>(sql: string, parameters: readonly unknown[]): Promise<R[]> {
    return this.#driver.runDirect<R>(sql, parameters);
  }

  runDirectNow<R>(sql: string, parameters: readonly unknown[]): R[] | undefined {
    return this.#driver.runDirectNow<R>(sql, parameters);
  }

  watchTables(tables: readonly string[]): () => number | undefined {
    return this.#driver.watchTables(tables);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
