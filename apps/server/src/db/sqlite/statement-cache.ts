import type SQLite from 'better-sqlite3';

const STATEMENT_CACHE_SIZE = 500;

/**
 * The connection's prepared statements by SQL text, the most recently used 500: better-sqlite3
 * can run a prepared statement again with new values, and Kysely's own driver prepares every
 * query anew.
 */
export class StatementCache {
  readonly #statements = new Map<string, SQLite.Statement>();

  constructor(private readonly sqlite: SQLite.Database) {}

  prepare(sql: string): SQLite.Statement {
    let statement = this.#statements.get(sql);
    if (statement) {
      this.#statements.delete(sql);
    } else {
      statement = this.sqlite.prepare(sql);
      if (this.#statements.size >= STATEMENT_CACHE_SIZE) this.#statements.delete(this.#statements.keys().next().value!);
    }
    this.#statements.set(sql, statement);
    return statement;
  }
}
