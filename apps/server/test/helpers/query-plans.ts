import { CompiledQuery, createQueryId, type KyselyPlugin, type RootOperationNode, SqliteQueryCompiler } from 'kysely';
import type { Db } from '../../src/db/database.ts';

// SQLite's plans of the queries a piece of code builds (EXPLAIN QUERY PLAN), for the tests that
// hold a query to an index. SQLite only: PostgreSQL plans from its statistics.

export interface QueryPlan {
  sql: string;
  /** One line per plan row (`detail`), e.g. "SEARCH sales USING COVERING INDEX …". */
  plan: string[];
}

/** SQLite's plan of one query Kysely built. */
export async function sqlitePlanOf(db: Db, node: RootOperationNode): Promise<QueryPlan> {
  const query = new SqliteQueryCompiler().compileQuery(node, createQueryId());
  const { rows } = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
  return { sql: query.sql, plan: rows.map((row) => row.detail) };
}

/** Runs `work` on a database that keeps every query it builds, and answers SQLite's plan of each. */
export async function sqlitePlansOf(db: Db, work: (db: Db) => Promise<unknown>): Promise<QueryPlan[]> {
  const nodes: RootOperationNode[] = [];
  const capture: KyselyPlugin = {
    // Raw snippets compiled on their own (isPostgres's placeholder probe) are not queries to plan.
    transformQuery: ({ node }) => {
      if (node.kind !== 'RawNode') nodes.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  await work(db.withPlugin(capture));
  const plans: QueryPlan[] = [];
  for (const node of nodes) plans.push(await sqlitePlanOf(db, node));
  return plans;
}
