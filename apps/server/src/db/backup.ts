import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { dataFolderOf } from '../config.ts';
import { BackupError, type BackupFile, checkBackupMigrations, knownMigrations, readFileStart, reserveBackupFile } from './backup-files.ts';
import {
  backupPostgresDatabase,
  PG_DUMP_HEADER,
  type PostgresToolOptions,
  readPostgresBackupMigrations,
  restorePostgresDatabase,
  withoutPassword,
} from './backup-postgres.ts';
import { backupSqliteDatabase, readSqliteBackupMigrations, restoreSqliteDatabase, SQLITE_HEADER } from './backup-sqlite.ts';
import { createDatabase, type DatabaseKind, databaseKindOf } from './create-database.ts';
import { migrateToLatest } from './migrate.ts';

// `npm run backup` and `npm run restore` (scripts/backup-commands.ts) in functions the tests call:
// which database DATABASE_URL names, where a backup goes, what a file holds, and the restore
// with its safety copy and the migrations after it.

export { BackupError, type BackupFile };

export interface BackupOptions extends PostgresToolOptions {
  /** A file, or a folder for a timestamped file; unset: `backupFolder`. */
  target?: string | undefined;
  /** Where backups without a target and the restore's safety copies go; unset: defaultBackupFolder(databaseUrl). */
  backupFolder?: string | undefined;
  now?: Date;
}

export interface BackupInfo {
  kind: DatabaseKind;
  /** The migrations the backup's schema has, oldest first. */
  migrations: string[];
}

export interface RestoreResult {
  /** The copy of the database the restore replaced; null when there was nothing to keep. */
  safetyCopy: BackupFile | null;
  /** Migrations run after the restore to bring an older backup up to this version's schema. */
  migrationsApplied: string[];
}

/** databaseKindOf, its complaint about a mistyped DATABASE_URL told as a BackupError (no stack). */
function kindOf(databaseUrl: string): DatabaseKind {
  try {
    return databaseKindOf(databaseUrl);
  } catch (error) {
    throw new BackupError((error as Error).message);
  }
}

/** The SQLite file a `sqlite:` URL names (relative to the working folder, as the server reads it). */
function sqliteFileOf(databaseUrl: string): string {
  const file = databaseUrl.slice('sqlite:'.length);
  if (file === ':memory:') throw new BackupError('DATABASE_URL names an in-memory SQLite database, which lives only inside the app; there is nothing to back up or restore.');
  return path.resolve(file);
}

/** What DATABASE_URL points at, to show (without the password). */
export function describeDatabase(databaseUrl: string): string {
  return kindOf(databaseUrl) === 'sqlite' ? `SQLite database ${sqliteFileOf(databaseUrl)}` : `PostgreSQL database ${withoutPassword(databaseUrl)}`;
}

/**
 * BACKUP_DIR when set; else `backups/` beside the SQLite file, or for PostgreSQL beside the app's
 * other files (./data, where jwt-secret lives).
 */
export function defaultBackupFolder(databaseUrl: string, env: NodeJS.ProcessEnv = {}): string {
  if (env.BACKUP_DIR) return path.resolve(env.BACKUP_DIR);
  return path.join(kindOf(databaseUrl) === 'sqlite' ? path.dirname(sqliteFileOf(databaseUrl)) : dataFolderOf(databaseUrl), 'backups');
}

/** app-2026-11-22T10-30-00Z.db for SQLite (after the file's name), inventory-2026-11-22T10-30-00Z.dump for PostgreSQL (after the database's). */
function backupFileName(databaseUrl: string) {
  if (kindOf(databaseUrl) === 'sqlite') {
    const file = sqliteFileOf(databaseUrl);
    return { name: path.basename(file, path.extname(file)) || 'database', extension: '.db' };
  }
  return { name: decodeURIComponent(new URL(databaseUrl).pathname.slice(1)) || 'postgres', extension: '.dump' };
}

function reserveFor(databaseUrl: string, { target, backupFolder, now = new Date(), suffix = '' }: BackupOptions & { suffix?: string }): string {
  const { name, extension } = backupFileName(databaseUrl);
  const isFolder = target !== undefined && (/[\\/]$/.test(target) || (existsSync(target) && statSync(target).isDirectory()));
  if (target !== undefined && !isFolder) return reserveBackupFile({ file: path.resolve(target) });
  const folder = path.resolve(target ?? backupFolder ?? defaultBackupFolder(databaseUrl));
  return reserveBackupFile({ folder, name: `${name}${suffix}`, extension, now });
}

/** Writes a consistent backup of the database at `databaseUrl`, while the app may be running. */
export async function backupDatabase(databaseUrl: string, options: BackupOptions = {}): Promise<BackupFile> {
  if (kindOf(databaseUrl) === 'sqlite') {
    const databaseFile = sqliteFileOf(databaseUrl);
    if (!existsSync(databaseFile) || statSync(databaseFile).size === 0) {
      throw new BackupError(`There is no database at ${databaseFile}. Check DATABASE_URL (the app creates the file on its first start).`);
    }
    return backupSqliteDatabase(databaseFile, () => reserveFor(databaseUrl, options));
  }
  return backupPostgresDatabase(databaseUrl, () => reserveFor(databaseUrl, options), options);
}

/** Which database a backup file is for and which migrations it has; refuses anything that is not a backup of this app. */
export async function inspectBackup(file: string, options: PostgresToolOptions = {}): Promise<BackupInfo> {
  const start = readFileStart(file, SQLITE_HEADER.length);
  let info: BackupInfo;
  if (start.equals(SQLITE_HEADER)) info = { kind: 'sqlite', migrations: await readSqliteBackupMigrations(file) };
  else if (start.subarray(0, PG_DUMP_HEADER.length).equals(PG_DUMP_HEADER)) info = { kind: 'postgres', migrations: await readPostgresBackupMigrations(file, options) };
  else {
    throw new BackupError(
      `${file} is not a backup of this app: it is neither an SQLite database nor a pg_dump archive (custom format).` +
        (start.toString('latin1').startsWith('--') ? ' A plain SQL dump can be replayed with psql into an empty database.' : ''),
    );
  }
  checkBackupMigrations(file, info.migrations);
  return info;
}

/**
 * Replaces the database at `databaseUrl` with the backup in `file`, after checking it, refusing
 * while the app has the database open, and keeping a copy of what it replaces in the backups
 * folder; then brings the schema up to this version's migrations.
 */
export async function restoreDatabase(
  databaseUrl: string,
  file: string,
  options: PostgresToolOptions & Pick<BackupOptions, 'backupFolder' | 'now'> = {},
): Promise<RestoreResult> {
  const kind = kindOf(databaseUrl);
  const info = await inspectBackup(file, options);
  if (info.kind !== kind) {
    const names = { sqlite: 'SQLite', postgres: 'PostgreSQL' };
    throw new BackupError(
      `${file} is a ${names[info.kind]} backup, but DATABASE_URL points at ${names[kind]}. ` +
        `Restore it with DATABASE_URL set to a ${names[info.kind]} database; moving data between the two is not supported.`,
    );
  }
  const reserveSafetyCopy = () => reserveFor(databaseUrl, { backupFolder: options.backupFolder, now: options.now, suffix: '-before-restore' });
  const safetyCopy =
    kind === 'sqlite'
      ? await restoreSqliteDatabase(sqliteFileOf(databaseUrl), file, reserveSafetyCopy)
      : await restorePostgresDatabase(databaseUrl, file, reserveSafetyCopy, options);

  const { db } = createDatabase(databaseUrl);
  try {
    await migrateToLatest(db);
  } finally {
    await db.destroy();
  }
  return { safetyCopy, migrationsApplied: knownMigrations.filter((name) => !info.migrations.includes(name)) };
}
