import { closeSync, existsSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { ensurePrivateFolder } from '../lib/private-files.ts';
import { migrations } from './migrations/index.ts';

// What the SQLite and PostgreSQL backups share: the error people are meant to read, private
// files that appear under their final name only when complete, and the check that a file is a
// backup of this app that this version can bring up to date.

/** A refusal or failure explained in plain English; the command prints its message without a stack. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export interface BackupFile {
  file: string;
  bytes: number;
}

/** 2026-11-22T10-30-00Z: sorts by time, and has no colon (which some file systems refuse). */
export function timestampForFileName(now: Date): string {
  return `${now.toISOString().slice(0, 19).replaceAll(':', '-')}Z`;
}

/** Creates `file` empty and 0600, failing when it exists: a backup never overwrites anything. */
function createExclusively(file: string): boolean {
  try {
    closeSync(openSync(file, 'wx', 0o600));
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/**
 * Reserves the file a backup goes to: `target` itself when given (refused if it exists), else
 * `<folder>/<name>-<timestamp><ext>` with `-2`, `-3`… when two backups share a second. The folder
 * is created 0700 when missing and the file 0600, as the database's.
 */
export function reserveBackupFile(target: { file: string } | { folder: string; name: string; extension: string; now: Date }): string {
  if ('file' in target) {
    ensurePrivateFolder(path.dirname(target.file));
    if (!createExclusively(target.file)) throw new BackupError(`${target.file} already exists; a backup never overwrites a file. Name another file or a folder.`);
    return target.file;
  }
  ensurePrivateFolder(target.folder);
  const stem = `${target.name}-${timestampForFileName(target.now)}`;
  for (let attempt = 1; ; attempt++) {
    const file = path.join(target.folder, `${stem}${attempt === 1 ? '' : `-${attempt}`}${target.extension}`);
    if (createExclusively(file)) return file;
  }
}

/**
 * Writes a backup through `write(partialFile)` into `<file>.partial` and renames it to the reserved
 * `file` once written and checked, so an interrupted backup never looks complete. On failure
 * both files are removed.
 */
export async function writeThroughPartialFile(file: string, write: (partialFile: string) => Promise<void>): Promise<BackupFile> {
  const partial = `${file}.partial`;
  try {
    if (!createExclusively(partial)) throw new BackupError(`${partial} already exists (left by an interrupted backup?); delete it and try again.`);
    await write(partial);
    renameSync(partial, file);
    return { file, bytes: statSync(file).size };
  } catch (error) {
    rmSync(partial, { force: true });
    rmSync(file, { force: true });
    throw error;
  }
}

export const knownMigrations = Object.keys(migrations);

/**
 * A backup of this app lists the first migration; one that lists a migration this version does
 * not know was made by a newer version, whose schema this code cannot use.
 */
export function checkBackupMigrations(file: string, names: string[]): void {
  if (!names.includes(knownMigrations[0]!)) {
    throw new BackupError(`${file} is not a backup of this app: its migration table does not list ${knownMigrations[0]}.`);
  }
  const unknown = names.filter((name) => !knownMigrations.includes(name));
  if (unknown.length > 0) {
    throw new BackupError(
      `${file} was made by a newer version of this app (it has the migration${unknown.length > 1 ? 's' : ''} ${unknown.join(', ')}, ` +
        'which this version does not know). Update the app, then restore.',
    );
  }
}

/** The first bytes of a file (fewer when it is shorter), to tell an SQLite file from a pg_dump archive. */
export function readFileStart(file: string, length: number): Buffer {
  if (!existsSync(file)) throw new BackupError(`There is no file ${file}.`);
  if (!statSync(file).isFile()) throw new BackupError(`${file} is not a file.`);
  const buffer = Buffer.alloc(length);
  const fd = openSync(file, 'r');
  try {
    return buffer.subarray(0, readSync(fd, buffer, 0, length, 0));
  } finally {
    closeSync(fd);
  }
}
