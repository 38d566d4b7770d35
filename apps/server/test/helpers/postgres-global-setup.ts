import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { POSTGRES_ADMIN_URL } from './postgres-availability.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
  }
}

// A fresh database per run, migrated once; test files share it and keep apart by using
// their own users and workspaces. Dropped at the end.
export default async function setup(project: TestProject) {
  const name = `inventory_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();

  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.href }) }) });
  await migrateToLatest(db);
  await db.destroy();
  project.provide('postgresUrl', url.href);

  return async () => {
    const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  };
}
