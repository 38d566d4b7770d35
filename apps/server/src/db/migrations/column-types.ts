import { type ColumnDefinitionBuilder, type Kysely, sql } from 'kysely';

/**
 * What the migrations write differently per database: the kind (PostgreSQL's placeholders are
 * $1, $2, … where SQLite's are ?), timestamp and date columns, and generated ids. Shipped
 * migrations depend on these answers: add to them, never change one.
 */
export function columnTypesOf(db: Kysely<any>) {
  const isPostgres = sql`${0}`.compile(db).sql === '$1';
  return {
    isPostgres,
    timestamp: isPostgres ? 'timestamptz' : 'text',
    date: isPostgres ? 'date' : 'text',
    id: (col: ColumnDefinitionBuilder) => (isPostgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement()),
  } as const;
}
