import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll } from 'vitest';
import { type BuildOptions, buildApp } from '../../src/app.ts';
import type { AppConfig } from '../../src/config.ts';
import { POSTGRES_ADMIN_URL } from './postgres-availability.ts';
import { baseTestConfig } from './base-test-config.ts';
import { testConfig } from './test-app.ts';

async function adminQuery(text: string, values: unknown[] = []) {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Waits (up to 2 s) until the server has let go of the app's connections: a closed pool's clients
 * may still be saying goodbye, and a forced drop would then kill them with an error nobody handles.
 */
export async function waitForNoConnections(database: string) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const [row] = await adminQuery("select count(*)::int as n from pg_stat_activity where datname = $1 and backend_type = 'client backend'", [database]);
    if (row.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function createPostgresDatabase(): Promise<{ name: string; url: string }> {
  const name = `inventory_test_private_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${name}`;
  return { name, url: url.href };
}

async function dropPostgresDatabase(name: string) {
  await waitForNoConnections(name);
  await adminQuery(`drop database if exists ${name} with (force)`);
}

/**
 * The URL of an empty database of the test file's own, for tests that open it from other
 * processes too: a fresh PostgreSQL database, or an SQLite file in a temporary folder. Dropped
 * (or the folder removed) after the file; close what uses it before.
 */
export async function createPrivateDatabase(): Promise<string> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const folder = mkdtempSync(path.join(tmpdir(), 'inventory-private-'));
    afterAll(() => rmSync(folder, { recursive: true, force: true }));
    return `sqlite:${path.join(folder, 'app.db')}`;
  }
  const { name, url } = await createPostgresDatabase();
  afterAll(() => dropPostgresDatabase(name));
  return url;
}

/**
 * A real app on a database nobody else writes to, for tests of system-wide figures (the other
 * test files share the run's PostgreSQL database and write to it at the same time). On SQLite
 * every app already has its own in-memory database. The PostgreSQL database is dropped after the file.
 */
export async function createPrivateDatabaseApp(overrides: Partial<AppConfig> = {}, options: BuildOptions = {}): Promise<FastifyInstance> {
  if (process.env.TEST_DATABASE !== 'postgres') {
    const app = await buildApp(testConfig(overrides), options);
    afterAll(() => app.close());
    return app;
  }
  const { name, url } = await createPostgresDatabase();
  const app = await buildApp(baseTestConfig(url, overrides), options);
  afterAll(async () => {
    await app.close();
    await dropPostgresDatabase(name);
  });
  return app;
}
