import type { Db } from '../src/db/database.ts';

// The bench workspaces go straight into the tables, 500 rows per statement: SQLite binds at most
// 32,766 parameters in one, and a row of the widest table has about 20.
const ROWS_PER_INSERT = 500;

type TableWithId = 'parts' | 'products' | 'recipe_lines' | 'orders' | 'sales' | 'manufacturing_plans' | 'manufacturing_records' | 'tags' | 'stock_entries' | 'stock_movements';

/** Inserts the rows in order and answers their ids in the same order. */
export async function insertRows(db: Db, table: TableWithId, rows: readonly object[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    const inserted = await db
      .insertInto(table)
      .values(rows.slice(start, start + ROWS_PER_INSERT) as never)
      .returning('id')
      .execute();
    ids.push(...inserted.map((row) => row.id));
  }
  return ids;
}

/** Inserts rows of a table without ids of its own (links). */
export async function insertLinks(db: Db, table: 'part_tags', rows: readonly object[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + ROWS_PER_INSERT) as never)
      .execute();
  }
}
