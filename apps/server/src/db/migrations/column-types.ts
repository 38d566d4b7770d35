import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import { isPostgres } from '../sql-helpers.ts';

/**
 * What the migrations write differently per database: the kind (sql-helpers.ts tells it),
 * timestamp and date columns, and generated ids. Shipped migrations depend on these answers: add
 * to them, never change one.
 */
export function columnTypesOf(db: Kysely<any>) {
  const postgres = isPostgres(db);
  return {
    isPostgres: postgres,
    timestamp: postgres ? 'timestamptz' : 'text',
    date: postgres ? 'date' : 'text',
    id: (col: ColumnDefinitionBuilder) => (postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement()),
  } as const;
}
