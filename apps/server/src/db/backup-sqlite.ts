import { existsSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ensurePrivateFile, ensurePrivateFolder } from '../lib/private-files.ts';
import { BackupError, type BackupFile, writeThroughPartialFile } from './backup-files.ts';

// SQLite backups go through SQLite's online backup API (better-sqlite3's db.backup): it copies
// the pages of one consistent state of the database while the app keeps reading and writing
// (WAL mode), and a restore writes through SQLite's own locking instead of swapping files under
// a -wal file that belongs to the old one.

export const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

// One step copies every page, inside one read transaction. SQLite restarts a step-wise backup
// whenever another connection writes to the source, so small steps could start over forever
// under a steady stream of writes; one step never does, and in WAL mode it blocks no writer.
const ALL_PAGES = 0x7fffffff;

const HAS_MIGRATION_TABLE = "select 1 from sqlite_schema where type = 'table' and name = 'kysely_migration'";

const isBusy = (error: unknown) => String((error as { code?: unknown }).code).startsWith('SQLITE_BUSY');

/**
 * Opens a file this code did not write (a backup to restore) read-only. Opening a WAL-mode file
 * creates -wal and -shm files beside it even read-only; the ones that were not there are removed.
 */
async function withReadOnlyDatabase<T>(file: string, use: (db: SQLite.Database) => T | Promise<T>): Promise<T> {
  const sideFiles = ['-wal', '-shm'].map((suffix) => file + suffix).filter((sideFile) => !existsSync(sideFile));
  let db: SQLite.Database;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new BackupError(`${file} cannot be read as an SQLite database (${(error as Error).message}).`);
  }
  try {
    return await use(db);
  } finally {
    db.close();
    for (const sideFile of sideFiles) rmSync(sideFile, { force: true });
  }
}

/** Makes a finished copy one self-contained file and checks it: the copy carries the source's WAL flag. */
function settleCopy(file: string): void {
  const copy = new SQLite(file, { fileMustExist: true });
  try {
    copy.pragma('journal_mode = delete');
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError(`The copy failed SQLite's check (${String(check)}).`);
  } finally {
    copy.close();
  }
}

/** The names in the backup's migration table, after checking that SQLite can read the whole file. */
export function readSqliteBackupMigrations(file: string): Promise<string[]> {
  return withReadOnlyDatabase(file, (db) => {
    let check: unknown;
    try {
      check = db.pragma('quick_check', { simple: true });
    } catch (error) {
      throw new BackupError(`${file} cannot be read as an SQLite database (${(error as Error).message}).`);
    }
    if (check !== 'ok') throw new BackupError(`${file} is damaged (SQLite's quick_check says: ${String(check)}).`);
    if (!db.prepare(HAS_MIGRATION_TABLE).get()) throw new BackupError(`${file} is not a backup of this app: it has no kysely_migration table.`);
    return db.prepare('select name from kysely_migration order by name').pluck().all() as string[];
  });
}

/**
 * Copies the database in `databaseFile` into the file `reserve` gives, once it is known to be
 * this app's (so a refusal leaves no file behind).
 */
export async function backupSqliteDatabase(databaseFile: string, reserve: () => string): Promise<BackupFile> {
  const source = new SQLite(databaseFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    if (!source.prepare(HAS_MIGRATION_TABLE).get()) {
      throw new BackupError(`${databaseFile} is not this app's database (it has no kysely_migration table); check DATABASE_URL.`);
    }
    return await writeThroughPartialFile(reserve(), async (partial) => {
      await source.backup(partial, { progress: () => ALL_PAGES });
      settleCopy(partial);
    });
  } finally {
    source.close();
  }
}

/**
 * Claims the database for the restore. Leaving WAL mode needs every other connection closed, so
 * it fails while the app (or anything else) has the file open; `begin exclusive` then catches a
 * reader of a file already out of WAL mode. The app turns WAL mode on again when it starts.
 */
function claimSoleUse(db: SQLite.Database, databaseFile: string): void {
  const inUse = new BackupError(
    `${databaseFile} is open in another process. Stop the app (and anything else using the database), then run the restore again.`,
  );
  db.pragma('busy_timeout = 0');
  try {
    if (db.pragma('journal_mode = delete', { simple: true }) !== 'delete') throw inUse;
    db.exec('begin exclusive');
    db.exec('commit');
  } catch (error) {
    throw isBusy(error) ? inUse : error;
  }
}

/**
 * Replaces the database in `databaseFile` with the backup. The database it replaces is first
 * copied into the file `reserveSafetyCopy` gives (null when there was nothing to keep).
 */
export async function restoreSqliteDatabase(databaseFile: string, backupFile: string, reserveSafetyCopy: () => string): Promise<BackupFile | null> {
  let safetyCopy: BackupFile | null = null;
  if (existsSync(databaseFile) && statSync(databaseFile).size > 0) {
    let current: SQLite.Database;
    try {
      current = new SQLite(databaseFile, { fileMustExist: true });
      current.prepare('select count(*) from sqlite_schema').get();
    } catch (error) {
      if (isBusy(error)) throw new BackupError(`${databaseFile} is locked by another process. Stop the app, then run the restore again.`);
      throw new BackupError(
        `The current database ${databaseFile} cannot be read (${(error as Error).message}), so no copy of it can be kept. ` +
          `Move it away (with its -wal and -shm files, e.g. mv ${databaseFile} ${databaseFile}.broken), then run the restore again.`,
      );
    }
    try {
      claimSoleUse(current, databaseFile);
      safetyCopy = await writeThroughPartialFile(reserveSafetyCopy(), async (partial) => {
        await current.backup(partial, { progress: () => ALL_PAGES });
        settleCopy(partial);
      });
    } finally {
      current.close();
    }
  } else {
    ensurePrivateFolder(path.dirname(databaseFile));
    ensurePrivateFile(databaseFile);
  }
  await withReadOnlyDatabase(backupFile, (source) => source.backup(databaseFile, { progress: () => ALL_PAGES }));
  return safetyCopy;
}
