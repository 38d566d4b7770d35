import { chmodSync, existsSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { ensurePrivateFile, ensurePrivateFolder } from '../lib/private-files.ts';
import type { Database, Db } from './database.ts';
import { BetterSqliteDialect } from './sqlite/dialect.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_DATE = 1082;
const PG_TIMESTAMPTZ = 1184;

// Make PostgreSQL answer the same JavaScript values as SQLite: numbers for bigint/numeric
// (money sums stay far below 2^53), yyyy-MM-dd strings for dates, ISO strings for timestamps.
const pgTypes = {
  getTypeParser(oid: number, format?: string) {
    if (oid === PG_INT8 || oid === PG_NUMERIC) return (value: string) => Number(value);
    if (oid === PG_DATE) return (value: string) => value;
    if (oid === PG_TIMESTAMPTZ) return (value: string) => new Date(value).toISOString();
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

export function databaseKindOf(url: string): DatabaseKind {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return 'postgres';
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${url}"`);
}

export function createDatabase(url: string): { db: Db; kind: DatabaseKind } {
  const kind = databaseKindOf(url);
  if (kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: url, max: 10, types: pgTypes });
    return { kind, db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }) };
  }
  const file = url.slice('sqlite:'.length);
  if (file !== ':memory:') {
    ensurePrivateFolder(path.dirname(path.resolve(file)));
    ensurePrivateFile(file);
    // SQLite gives new -wal and -shm files the database file's mode; ones left by an older run keep theirs.
    for (const suffix of ['-wal', '-shm']) if (existsSync(file + suffix)) chmodSync(file + suffix, 0o600);
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('mmap_size = 268435456');
  return { kind, db: new Kysely<Database>({ dialect: new BetterSqliteDialect(sqlite) }) };
}
