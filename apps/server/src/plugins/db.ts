import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createDatabase, type DatabaseKind } from '../db/create-database.ts';
import type { Db } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dbKind: DatabaseKind;
  }
}

/** Opens the database, brings its schema up to date, and closes it with the app. */
async function database(app: FastifyInstance) {
  const { db, kind } = createDatabase(app.config.databaseUrl);
  app.addHook('onClose', () => db.destroy());
  await migrateToLatest(db);
  app.decorate('db', db);
  app.decorate('dbKind', kind);
}

export default fp(database, { name: 'db' });
