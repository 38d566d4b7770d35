import type { Compilable, CompiledQuery } from 'kysely';
import type { DbOrTx } from './database.ts';
import { isPostgres } from './sql-helpers.ts';

/** Stands in for the n-th argument while the query is compiled. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query built and compiled once per dialect, then run with new values: building a query with
 * Kysely costs about 35 µs, more than the SQLite lookup itself, on the lookups every request
 * runs. The builder receives placeholders for its arguments: use them only as plain values
 * (`=`, `>`, …), never as lists or in JavaScript logic.
 */
export function preparedQuery<Args extends unknown[], Row>(build: (db: DbOrTx, ...args: Args) => Compilable<Row>): (db: DbOrTx, ...args: Args) => Promise<Row[]> {
  const compiledByDialect = new Map<'postgres' | 'sqlite', CompiledQuery<Row>>();

  return async (db, ...args) => {
    const dialect = isPostgres(db) ? 'postgres' : 'sqlite';
    let compiled = compiledByDialect.get(dialect);
    if (!compiled) {
      compiled = build(db, ...(args.map((_, index) => new Slot(index)) as Args)).compile();
      assertEverySlotBound(compiled, args.length);
      compiledByDialect.set(dialect, compiled);
    }
    const parameters = compiled.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
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
