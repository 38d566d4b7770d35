import { sql } from 'kysely';
import { preparedQuery } from './prepared-query.ts';

/** The cheapest round trip to the database, for the health check (compiled once, run directly). */
export const pingDatabase = preparedQuery((db) => db.selectNoFrom(sql<number>`1`.as('ok')));
