import type { Insertable } from 'kysely';
import type { Database, DbOrTx } from '../../src/db/database.ts';

// Big workspaces (the heavy test workspace, the bench's) go straight into the tables, 500 rows per
// statement: SQLite binds at most 32,766 parameters in one, and a row of the widest table has about 20.
const ROWS_PER_INSERT = 500;

type Row<T extends keyof Database> = Insertable<Database[T]>;
type TableWithId = { [T in keyof Database]: 'id' extends keyof Database[T] ? T : never }[keyof Database];

/** Inserts the rows in order. */
export async function insertRows<T extends keyof Database>(db: DbOrTx, table: T, rows: ReadonlyArray<Row<T>>): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    // Kysely cannot type an insert into a table chosen by a type parameter: the rows were checked
    // against the table in the signature.
    await db
      .insertInto(table)
      .values(rows.slice(start, start + ROWS_PER_INSERT) as never)
      .execute();
  }
}

/** Inserts the rows in order and answers their ids in the same order. */
export async function insertRowsReturningIds<T extends TableWithId>(db: DbOrTx, table: T, rows: ReadonlyArray<Row<T>>): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    // As above; every table here has a numeric id.
    const inserted = await db
      .insertInto(table as 'parts')
      .values(rows.slice(start, start + ROWS_PER_INSERT) as never)
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}
