import type { Compilable, CompiledQuery } from 'kysely';
import type { DbOrTx } from './create-database.ts';
import { directRunnerOf, immediateRunnerOf } from './direct-query.ts';

let preparedQueryCount = 0;

/** Stands in for the n-th argument while the query is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

/** A compiled query: call it for a promise of the rows, or `now` to try them synchronously. */
export interface PreparedQuery<Args extends unknown[], Row> {
  (db: DbOrTx, ...args: Args): Promise<Row[]>;
  /**
   * The rows at once when the database can answer synchronously (SQLite, outside a transaction,
   * connection free), else undefined: call the query itself then. Errors are thrown.
   */
  now(db: DbOrTx, ...args: Args): Row[] | undefined;
}

/**
 * A query built and compiled once per dialect, then run with new values. Building a query with
 * Kysely costs about 35 µs, several times the SQLite lookup itself (measured 6 µs for the
 * session check); on the queries every request runs that is most of the request. The builder
 * receives placeholders for its arguments: use them only as plain values (`=`, `>`, …), never
 * as lists or in JavaScript logic.
 */
export function preparedQuery<Args extends unknown[], Row>(build: (db: DbOrTx, ...args: Args) => Compilable<Row>): PreparedQuery<Args, Row> {
  const compiledByDialect = new Map<unknown, CompiledQuery<Row>>();
  const name = `prepared_${++preparedQueryCount}`;

  function compiledFor(db: DbOrTx, args: Args): CompiledQuery<Row> {
    const dialect = db.getExecutor().adapter.constructor;
    let compiled = compiledByDialect.get(dialect);
    if (!compiled) {
      compiled = build(db, ...(args.map((_, index) => new Slot(index)) as Args)).compile();
      assertEverySlotBound(compiled, args.length);
      compiledByDialect.set(dialect, compiled);
    }
    return compiled;
  }

  const parametersOf = (compiled: CompiledQuery<Row>, args: Args) =>
    compiled.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));

  // Not an async function: the direct path hands back the driver's promise without wrapping it again.
  const query = (db: DbOrTx, ...args: Args): Promise<Row[]> => {
    let compiled;
    try {
      compiled = compiledFor(db, args);
    } catch (error) {
      return Promise.reject(error);
    }
    const parameters = parametersOf(compiled, args);
    const direct = directRunnerOf(db);
    if (direct) return direct<Row>(compiled.sql, parameters, name);
    return db.executeQuery<Row>({ ...compiled, parameters }).then((result) => result.rows);
  };
  query.now = (db: DbOrTx, ...args: Args): Row[] | undefined => {
    const runNow = immediateRunnerOf(db);
    if (!runNow) return undefined;
    const compiled = compiledFor(db, args);
    return runNow<Row>(compiled.sql, parametersOf(compiled, args));
  };
  return query;
}

/**
 * An argument used in JavaScript logic or as a list never reaches the compiled parameters, so
 * the query would silently run with the value of its first call forever: refuse it at once.
 */
function assertEverySlotBound(compiled: CompiledQuery, argumentCount: number) {
  const bound = new Set(compiled.parameters.flatMap((value) => (value instanceof Slot ? [value.index] : [])));
  const missing = Array.from({ length: argumentCount }, (_, index) => index).filter((index) => !bound.has(index));
  if (missing.length > 0) {
    throw new Error(
      `preparedQuery: argument ${missing.map((index) => index + 1).join(', ')} of ${argumentCount} does not appear in the compiled parameters of "${compiled.sql}"; use each argument as a plain SQL value`,
    );
  }
}
