import { type QueryExecutorProvider, sql, type SqlBool } from 'kysely';

/**
 * Whether the database (or transaction) is PostgreSQL, for the few statements written per
 * dialect: its placeholders are $1, $2, … where SQLite's are ?.
 */
export const isPostgres = (db: QueryExecutorProvider) => sql`${0}`.compile(db).sql === '$1';

/** Chunk size for `in (...)` lists and multi-row inserts: far below both databases' parameter limits. */
export const SQL_CHUNK = 500;

export function chunks<T>(items: readonly T[], size = SQL_CHUNK): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * `+workspace_id = ?`: the workspace filter for lookups driven by ids, written so that SQLite
 * does NOT use the workspace index. Without statistics SQLite would scan that index (every part
 * or link of the workspace) instead of looking the ids up; the unary plus keeps it on the
 * primary key. Use it only beside an id condition. PostgreSQL plans these lookups well either way.
 */
export const inWorkspaceSkippingIndex = (workspaceId: number, column = 'workspace_id') => sql<SqlBool>`+${sql.ref(column)} = ${workspaceId}`;

/** A page of a newest-first history list: at most `limit` rows, after the row named by `before` if given. */
export interface HistoryPage {
  limit: number;
  before?: { date: string; id: number } | undefined;
}

/** The page of the query string (historyPageQuery, which allows before_date only with before_id). */
export function historyPageOf(query: { limit: number; before_date?: string | undefined; before_id?: number | undefined }): HistoryPage {
  const { limit, before_date: date, before_id: id } = query;
  return { limit, before: date !== undefined && id !== undefined ? { date, id } : undefined };
}
