import type SQLite from 'better-sqlite3';
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
import { FifoMutex } from './fifo-mutex.ts';
import { StatementCache } from './statement-cache.ts';

// Kysely's SQLite dialect on one better-sqlite3 connection, taken in turn (fifo-mutex.ts) and
// with its statements kept (statement-cache.ts).

class SqliteConnection implements DatabaseConnection {
  readonly #statements: StatementCache;

  constructor(sqlite: SQLite.Database) {
    this.#statements = new StatementCache(sqlite);
  }

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.#statements.prepare(compiledQuery.sql);
    if (statement.reader) return { rows: statement.all(compiledQuery.parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(compiledQuery.parameters);
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

  constructor(private readonly sqlite: SQLite.Database) {
    this.#connection = new SqliteConnection(sqlite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
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
    this.sqlite.close();
  }
}

export class BetterSqliteDialect implements Dialect {
  constructor(private readonly sqlite: SQLite.Database) {}

  createAdapter() {
    return new SqliteAdapter();
  }

  createDriver(): Driver {
    return new SqliteDriver(this.sqlite);
  }

  createQueryCompiler() {
    return new SqliteQueryCompiler();
  }

  createIntrospector(db: Kysely<unknown>) {
    return new SqliteIntrospector(db);
  }
}
